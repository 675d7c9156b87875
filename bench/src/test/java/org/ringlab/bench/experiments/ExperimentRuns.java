package org.ringlab.bench.experiments;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import org.ringlab.bench.report.Chart;
import org.ringlab.bench.harness.Claim;
import org.ringlab.bench.report.Experiment;
import org.ringlab.bench.report.ExperimentResult;
import org.ringlab.bench.report.Measurement;
import org.ringlab.bench.report.Progress;
import org.ringlab.bench.report.RunContext;
import org.ringlab.bench.report.Table;
import org.ringlab.bench.util.TextTable;

/** Runs an experiment in this JVM and checks the shape every experiment result must have. */
public final class ExperimentRuns {

    private ExperimentRuns() {
    }

    /** A run with the given filters; progress goes to {@code progress}. */
    public static ExperimentResult run(Experiment e, String profile, List<String> strategies, List<String> disciplines,
                                       StringWriter progress) {
        return run(e, profile, strategies, disciplines, false, progress);
    }

    /** As above, asking for child JVMs where the experiment supports them when {@code fork} is set. */
    public static ExperimentResult run(Experiment e, String profile, List<String> strategies, List<String> disciplines,
                                       boolean fork, StringWriter progress) {
        return e.run(new RunContext(profile, 42L, strategies, disciplines, fork,
                new Progress(new PrintWriter(progress, true)), new PrintWriter(new StringWriter(), true)));
    }

    /** Every table row has a number, every chart has data for its categories, measurements have samples. */
    public static void assertWellFormed(ExperimentResult r, String id) {
        assertEquals(id, r.id());
        assertFalse(r.measurements().isEmpty(), "no measurements");
        assertFalse(r.tables().isEmpty(), "no tables");
        assertFalse(r.charts().isEmpty(), "no chart");
        for (Measurement m : r.measurements()) {
            assertEquals(id, m.experiment());
            for (double s : m.samples()) {
                assertTrue(Double.isFinite(s) && s >= 0, m.key() + " has sample " + s);
            }
        }
        for (Table t : r.tables()) {
            assertFalse(t.rows().isEmpty(), "table '" + t.title() + "' has no rows");
            for (List<String> row : t.rows()) {
                assertTrue(row.stream().anyMatch(c -> c.matches(".*\\d.*")), "table '" + t.title() + "' row " + row
                        + " has no figure");
            }
        }
        for (Chart c : r.charts()) {
            assertFalse(c.categories().isEmpty(), "chart '" + c.title() + "' has no categories");
            assertFalse(c.series().isEmpty(), "chart '" + c.title() + "' has no series");
            for (var e : c.series().entrySet()) {
                assertTrue(java.util.Arrays.stream(e.getValue()).anyMatch(v -> Double.isFinite(v)),
                        "chart '" + c.title() + "' series " + e.getKey() + " is empty");
            }
        }
    }

    public static Set<Claim.Verdict> verdicts(ExperimentResult r) {
        return r.claims().stream().map(Claim::verdict).collect(Collectors.toSet());
    }

    /** The result as text, for the measurement runs' output. */
    public static String render(ExperimentResult r) {
        StringBuilder sb = new StringBuilder("# " + r.title() + " (profile " + r.profile() + ")\n");
        for (Table t : r.tables()) {
            sb.append("\n").append(t.title()).append("\n");
            sb.append(TextTable.render(t.headers(), t.rows(), 2, true));
        }
        sb.append("\nclaims:\n");
        for (Claim c : r.claims()) {
            sb.append("  [").append(c.verdict()).append("] ").append(c.claim()).append("\n      measured: ")
                    .append(c.measured()).append("\n");
        }
        sb.append("skipped:\n");
        r.skipped().forEach(s -> sb.append("  ").append(s).append("\n"));
        r.notes().forEach(s -> sb.append("note: ").append(s).append("\n"));
        return sb.toString();
    }
}
