package org.ringlab.bench.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.ringlab.bench.harness.Band;
import org.ringlab.bench.harness.Claim;
import org.ringlab.bench.util.Stats;
import org.ringlab.bench.util.TextTable;

/**
 * What every writer of the report says alike: the rules of the first page, the stability table
 * and its summary, the environment lines, the numbers' formats; and the terminal's section.
 */
final class ReportText {

    private ReportText() {
    }

    /** One experiment's section for the terminal: claims, tables, skipped, or the failure. */
    static String console(Section s) {
        StringBuilder b = new StringBuilder();
        b.append("== ").append(s.id()).append(" (seed ").append(s.seed()).append(") - ").append(s.description())
                .append('\n');
        if (!s.ok()) {
            return b.append("FAILED: ").append(s.failure()).append("\n\n").toString();
        }
        ExperimentResult r = s.result();
        for (Table t : r.tables()) {
            b.append('\n').append(t.title()).append('\n');
            b.append(TextTable.render(t.headers(), t.rows(), 1, false));
        }
        if (!r.claims().isEmpty()) {
            b.append("\nClaims:\n");
            for (Claim c : r.claims()) {
                b.append("  [").append(c.verdict().word()).append("] ").append(c.claim()).append(" -- measured: ")
                        .append(c.measured()).append('\n');
            }
        }
        r.skipped().forEach(x -> b.append("  skipped: ").append(x).append('\n'));
        return b.append(String.format(Locale.ROOT, "(%s: %d measurements, %.1f s)%n%n", s.id(), r.measurements().size(),
                s.seconds())).toString();
    }

    static final List<String> STABILITY_HEADER = List.of("figure", "metric", "median", "unit", "n", "forks",
            "(q3-q1)/median", "stability");

    /** The report's fixed prose ({@code report.md} beside this class). */
    static final Prose PROSE = Prose.load(ReportText.class, "report.md");

    /** How a verdict is reached, for the first page. */
    static final String VERDICT_RULE = PROSE.fill("verdict-rule", "width", Band.WIDTH);

    /** What the goals section is, for the first page. */
    static final String GOALS_RULE = PROSE.text("goals-rule");

    static final String STABILITY_RULE = PROSE.fill("stability-rule", "stable", percent(Measurement.STABLE_SPREAD),
            "moderate", percent(Measurement.NOISY_SPREAD));

    static List<List<String>> stabilityRows(ExperimentResult r) {
        List<List<String>> rows = new ArrayList<>();
        for (Measurement m : r.measurements()) {
            Stats s = m.stats();
            double spread = m.spread();
            rows.add(List.of(m.combination(), m.metric(), number(s.median()), m.unit(), Integer.toString(s.n()),
                    Integer.toString(m.forkCount()), Double.isNaN(spread) ? "-" : percent(spread), m.stability()));
        }
        return rows;
    }

    /** "11 of 12 timings stable, 1 moderate; 6 exact counters; 11 repetitions each (min 11)". */
    static String stabilitySummary(ExperimentResult r) {
        Map<String, Integer> counts = new LinkedHashMap<>();
        int minN = Integer.MAX_VALUE;
        int maxN = 0;
        for (Measurement m : r.measurements()) {
            counts.merge(m.stability(), 1, Integer::sum);
            minN = Math.min(minN, m.samples().length);
            maxN = Math.max(maxN, m.samples().length);
        }
        if (counts.isEmpty()) {
            return "No figure was measured.";
        }
        List<String> parts = new ArrayList<>();
        counts.forEach((k, v) -> parts.add(v + " " + k));
        return r.measurements().size() + " figures: " + String.join(", ", parts) + "; "
                + (minN == maxN ? minN + " repetitions each" : minN + " to " + maxN + " repetitions") + ".";
    }

    /** The environment plus what this run was (seed, profile, command): environment.txt and results.json. */
    static Map<String, String> environmentLines(ReportWriter.Run run) {
        Map<String, String> env = new LinkedHashMap<>(run.environment());
        env.putIfAbsent("kernel", System.getProperty("os.version"));
        env.put("seed", Long.toString(run.seed()));
        env.put("profile", run.profile());
        env.put("command", run.command());
        env.put("started", run.started());
        return env;
    }

    static String environment(ReportWriter.Run run) {
        StringBuilder b = new StringBuilder();
        environmentLines(run).forEach((k, v) -> b.append(k).append(": ").append(v).append('\n'));
        return b.toString();
    }

    static String percent(double fraction) {
        return String.format(Locale.ROOT, "%.1f%%", fraction * 100);
    }

    /** A median for the stability table: 4 significant digits, no exponent for ordinary values. */
    static String number(double v) {
        if (!Double.isFinite(v)) {
            return "-";
        }
        double a = Math.abs(v);
        if (a >= 1000 || a == 0) {
            return String.format(Locale.ROOT, "%.0f", v);
        }
        return new java.math.BigDecimal(v).round(new java.math.MathContext(4)).stripTrailingZeros().toPlainString();
    }

    /** "12 results: 5 reproduced, 1 differ, ..." for a seed's heading. */
    static String seedCounts(SeedResults.Seed seed) {
        Map<Claim.Verdict, Long> n = seed.counts();
        return String.format(Locale.ROOT, "%d results: %d reproduced, %d differ, %d inconclusive, %d not measured, %d"
                        + " not measurable here, %d reported.", seed.rows().size(), n.get(Claim.Verdict.REPRODUCED),
                n.get(Claim.Verdict.DIFFERS), n.get(Claim.Verdict.INCONCLUSIVE), n.get(Claim.Verdict.NOT_MEASURED),
                n.get(Claim.Verdict.NOT_MEASURABLE), n.get(Claim.Verdict.REPORTED));
    }
}
