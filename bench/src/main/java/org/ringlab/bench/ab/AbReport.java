package org.ringlab.bench.ab;

import org.ringlab.bench.harness.*;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.ringlab.bench.report.Prose;
import org.ringlab.bench.util.TextTable;
import org.ringlab.bench.util.Stats;

/**
 * What {@code ringlab ab} writes: {@code ab.json} (every figure's ratio, interval and verdict,
 * the builds, and the order every round ran in) and the same table for the terminal and
 * {@code ab.md}.
 */
public final class AbReport {

    /** {@code "format"} of ab.json. */
    public static final String FORMAT = "ringlab-ab";
    /** Its version: bumped when a field changes meaning or goes away. */
    public static final int VERSION = 1;
    public static final String JSON = "ab.json";
    public static final String MARKDOWN = "ab.md";

    /** One side as ab.json spells it. */
    public record BuildJson(String spec, String description, String revision) {

        static BuildJson of(BuildUnderTest b) {
            return new BuildJson(b.spec(), b.description(), b.revision());
        }
    }

    /** The sides of one experiment of one round, in the order they ran ({@code ["A+B"]}: together, a duet). */
    public record OrderJson(int round, String experiment, List<String> sides) {
    }

    /** One judged figure; {@code null} where a number is unknown. */
    public record FigureJson(String experiment, String key, String combination, String metric, String unit,
                             String direction, Double ratio, Double low, Double high, Double halfWidth, Double p,
                             Double q, String verdict, String why, String method, int rounds, List<Double> roundRatios) {
    }

    /**
     * ab.json.
     *
     * @param duet null outside duet mode
     * @param order every experiment of every round, in the order they ran
     */
    public record AbJson(String format, int version, String command, BuildJson a, BuildJson b, String profile, long seed,
                         int rounds, boolean fork, AbRounds.Duet duet, String started, double seconds,
                         Map<String, String> environment, List<OrderJson> order, List<FigureJson> figures,
                         List<String> leftOut, List<String> notes) {
    }

    private AbReport() {
    }

    /** ab.json's content. */
    public static AbJson json(String command, BuildUnderTest a, BuildUnderTest b, AbRounds.Plan plan, String started,
                              double seconds, Map<String, String> environment, List<AbRounds.RoundRun> runs,
                              AbFigures.Result result) {
        List<OrderJson> order = runs.stream().map(r -> new OrderJson(r.round() + 1, r.experiment(), r.order())).toList();
        List<FigureJson> figures = result.rows().stream().map(r -> new FigureJson(r.experiment(), r.key(),
                r.combination(), r.metric(), r.unit(), r.higherIsBetter() ? "higher-is-better" : "lower-is-better",
                value(r.estimate().ratio()), value(r.estimate().low()), value(r.estimate().high()), value(r.halfWidth()),
                value(r.p()), value(r.q()), r.verdict().word(), r.why(), r.estimate().method(), r.roundRatios().length,
                Arrays.stream(r.roundRatios()).mapToObj(AbReport::value).toList())).toList();
        return new AbJson(FORMAT, VERSION, command, BuildJson.of(a), BuildJson.of(b), plan.profile(), plan.seed(),
                plan.rounds(), plan.fork(), plan.duet(), started, seconds, environment, order, figures,
                result.leftOut(), notes(plan));
    }

    public static void write(Path file, AbJson json) {
        RecordJson.write(file, json);
    }

    /** The method in words, for the terminal and ab.md ({@code ab.md} beside this class). */
    static List<String> notes(AbRounds.Plan plan) {
        Prose prose = Prose.load(AbReport.class, "ab.md");
        AbRounds.Duet duet = plan.duet();
        List<String> notes = new ArrayList<>(List.of(prose.text("method", plan.rounds(), duet == null
                        ? prose.text("order-interleaved") : prose.text("order-duet", duet.cpuA(), duet.cpuB(),
                        duet.repetitions()), duet == null ? "" : ", averaged on the log scale over the round's"
                        + " repetition pairs"), prose.text("verdict")));
        if (duet != null) {
            notes.add(prose.text("duet-caveat"));
        }
        return notes;
    }

    /** The table: one row per judged figure. */
    public static String table(AbFigures.Result result, boolean markdown) {
        List<String> header = List.of("experiment", "figure", "metric", "unit", "B/A", "95% interval", "±", "q", "verdict");
        List<List<String>> rows = new ArrayList<>();
        for (AbFigures.Row r : result.rows()) {
            Estimate e = r.estimate();
            rows.add(List.of(r.experiment(), r.combination(), r.metric(), r.unit(), ratio(e.ratio()),
                    e.known() ? "[" + ratio(e.low()) + ", " + ratio(e.high()) + "]" : "-",
                    Double.isNaN(r.halfWidth()) ? "-" : String.format(Locale.ROOT, "%.1f %%", r.halfWidth() * 100),
                    Double.isNaN(r.q()) ? "-" : String.format(Locale.ROOT, "%.3g", r.q()),
                    r.verdict().word() + (r.why().isEmpty() ? "" : " (" + r.why() + ")")));
        }
        return TextTable.render(header, rows, 4, markdown);
    }

    /** The terminal's and ab.md's text: builds, table, summary, notes, what was left out. */
    public static String render(AbJson json, AbFigures.Result result, boolean markdown) {
        StringBuilder b = new StringBuilder();
        if (markdown) {
            b.append("# ringlab ab\n\n`").append(json.command()).append("`\n\n");
        }
        String bullet = markdown ? "* " : "";
        b.append(bullet).append("A = ").append(json.a().spec()).append(" (").append(json.a().description()).append(")\n");
        b.append(bullet).append("B = ").append(json.b().spec()).append(" (").append(json.b().description())
                .append(")\n\n");
        b.append(table(result, markdown)).append('\n');
        b.append(summary(result)).append("\n\n");
        for (String n : json.notes()) {
            b.append(bullet).append(n).append('\n');
        }
        for (String n : result.leftOut()) {
            b.append(bullet).append("Not judged: ").append(n).append('\n');
        }
        return b.toString();
    }

    /** {@code 12 figures: 1 faster, 0 slower, 10 same (median half-width ±4.2 %), 1 inconclusive}. */
    public static String summary(AbFigures.Result result) {
        long faster = count(result, AbFigures.Verdict.FASTER);
        long slower = count(result, AbFigures.Verdict.SLOWER);
        long same = count(result, AbFigures.Verdict.SAME);
        long inconclusive = count(result, AbFigures.Verdict.INCONCLUSIVE);
        double[] hw = result.rows().stream().mapToDouble(AbFigures.Row::halfWidth).filter(Double::isFinite).sorted()
                .toArray();
        String median = hw.length == 0 ? "" : String.format(Locale.ROOT, "; median half-width ±%.1f %%",
                Stats.median(hw) * 100);
        return String.format(Locale.ROOT, "%d figures: %d faster, %d slower, %d same, %d inconclusive%s.",
                result.rows().size(), faster, slower, same, inconclusive, median);
    }

    private static long count(AbFigures.Result result, AbFigures.Verdict v) {
        return result.rows().stream().filter(r -> r.verdict() == v).count();
    }

    private static String ratio(double v) {
        return Double.isFinite(v) ? String.format(Locale.ROOT, "%.3f", v) : "-";
    }

    private static Double value(double v) {
        return Double.isFinite(v) ? v : null;
    }
}
