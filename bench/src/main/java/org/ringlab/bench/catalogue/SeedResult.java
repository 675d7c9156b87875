package org.ringlab.bench.catalogue;

import java.util.Locale;

import org.ringlab.bench.harness.Estimate;
import org.ringlab.bench.harness.Band;
import org.ringlab.bench.harness.Claim;
import org.ringlab.bench.harness.Judgement;

/**
 * One quantitative result of a seed, as its catalogue states it: the seed's words, its figure and
 * conditions, and how ringlab measures and judges it. The only place a seed's figure or a band
 * lives; an experiment measures {@link #metric()} and hands its interval (or exact figure) to
 * {@link #judge} / {@link #judgeExact}.
 *
 * @param id             {@code "000.write-ratio"}: the seed's number, a dot, a name unique in the seed
 * @param where          where in the article ({@code "section 'Тесты', second table"})
 * @param quote          the sentence or table cell, verbatim in the article's language
 * @param quoteEnglish   the same in English
 * @param seedFigure     the figure as the article prints it ({@code "≈2×"}, {@code "31.1 % → 0.12 %"})
 * @param value          that figure in the unit of ringlab's metric ({@code 2.0}); null where the form needs none
 * @param unit           the unit of {@code value} and of the metric ({@code "×"}, {@code "%"}, {@code "ms"})
 * @param form           {@code band} (two-sided, {@link Band#around}), {@code at-least} / {@code at-most} (the
 *                       seed's sentence is one-sided; {@code bound}), or {@code reported} (shown beside, no verdict:
 *                       {@code differs} says why)
 * @param bound          the one-sided bound; null for a band (defaults to {@code value})
 * @param seedConditions sizes, counts, machine of the article's measurement
 * @param metric         the figure ringlab measures, {@code "<experiment>.<name>"}; an experiment declares it in
 *                       {@code Experiment.metrics()}
 * @param kind           {@code timed} (judged on a 95 % interval) or {@code exact} (a count, judged as it is)
 * @param conditions     ringlab's conditions
 * @param differs        where ringlab's conditions must differ from the seed's, and why; empty when they do not
 * @param notMeasurable  null when measured; else why no machine of this kind can measure it
 */
public record SeedResult(String id, String where, String quote, String quoteEnglish, String seedFigure, Double value,
                         String unit, String form, Double bound, String seedConditions, String metric, String kind,
                         String conditions, String differs, String notMeasurable) {

    /** The forms a result may take. */
    public static final java.util.List<String> FORMS = java.util.List.of("band", "at-least", "at-most", "reported");
    /** The kinds of figure. */
    public static final java.util.List<String> KINDS = java.util.List.of("timed", "exact");

    public SeedResult {
        differs = differs == null ? "" : differs;
        where = where == null ? "" : where;
        seedConditions = seedConditions == null ? "" : seedConditions;
        conditions = conditions == null ? "" : conditions;
        unit = unit == null ? "" : unit;
    }

    /** The seed's number, {@code "000"}. */
    public String seed() {
        return id.substring(0, id.indexOf('.'));
    }

    /** The experiment that measures it: the metric's first part. */
    public String experiment() {
        return metric == null ? "" : metric.substring(0, metric.indexOf('.'));
    }

    public boolean measurable() {
        return notMeasurable == null || notMeasurable.isBlank();
    }

    public boolean exact() {
        return "exact".equals(kind);
    }

    /** The values that agree with the seed. */
    public Band band() {
        return switch (form) {
            case "band" -> Band.around(value);
            case "at-least" -> Band.atLeast(bound != null ? bound : value);
            case "at-most" -> Band.atMost(bound != null ? bound : value);
            default -> new Band(0, Double.POSITIVE_INFINITY);
        };
    }

    /** The claim's text: the seed, its words in English, its figure. */
    public String text() {
        return "seed " + seed() + ": " + quoteEnglish;
    }

    /** A timed figure judged on its interval against {@link #band()}; {@code detail} is what was compared. */
    public Claim judge(Estimate e, String detail) {
        requireMeasurable();
        Claim.Verdict v = "reported".equals(form) ? Claim.Verdict.REPORTED
                : e.known() ? band().verdict(e.low(), e.high()) : Claim.Verdict.INCONCLUSIVE;
        String measured = e.known()
                ? String.format(Locale.ROOT, "%s%s [%s, %s] (95 %%, %s)", Band.num(e.ratio()), unit, Band.num(e.low()), Band.num(e.high()),
                e.describeMethod())
                : Double.isFinite(e.ratio()) ? Band.num(e.ratio()) + unit + ", no interval (" + e.method() + ")"
                : "no finite samples";
        return claim(v, measured, detail, new Judgement(seedFigure, band(), e.ratio(), e.low(), e.high(), e.rounds(),
                e.samples(), e.method()));
    }

    /** An exact figure (a count, a size): inside the band or outside, never inconclusive. */
    public Claim judgeExact(double measuredValue, String detail) {
        requireMeasurable();
        if (!exact()) {
            throw new IllegalStateException("catalogue entry " + id + " is " + kind
                    + ": it is judged on an interval (judge), not as an exact figure");
        }
        Claim.Verdict v = "reported".equals(form) ? Claim.Verdict.REPORTED : band().verdict(measuredValue);
        return claim(v, Band.num(measuredValue) + unit + " (exact)", detail, new Judgement(seedFigure, band(), measuredValue,
                measuredValue, measuredValue, 1, 1, Judgement.EXACT));
    }

    /** Not measured in this run, and why (an experiment not selected, a strategy unavailable). */
    public Claim notMeasured(String why) {
        return new Claim(id, text(), why, measurable() ? Claim.Verdict.NOT_MEASURED : Claim.Verdict.NOT_MEASURABLE,
                new Judgement(seedFigure, band(), Double.NaN, Double.NaN, Double.NaN, 0, 0, ""));
    }

    /** The claim of a result no machine of this kind can measure, with the reason. */
    public Claim notMeasurableHere() {
        return new Claim(id, text(), "not measurable here: " + notMeasurable, Claim.Verdict.NOT_MEASURABLE,
                new Judgement(seedFigure, band(), Double.NaN, Double.NaN, Double.NaN, 0, 0, ""));
    }

    private Claim claim(Claim.Verdict v, String measured, String detail, Judgement j) {
        String m = measured + (detail == null || detail.isEmpty() ? "" : "; " + detail);
        if (v == Claim.Verdict.DIFFERS && !differs.isEmpty()) {
            m += "; where conditions differ: " + differs;
        }
        return new Claim(id, text(), m, v, j);
    }

    private void requireMeasurable() {
        if (!measurable()) {
            throw new IllegalStateException("catalogue entry " + id + " is not measurable here (" + notMeasurable
                    + "): nothing may judge it");
        }
    }
}
