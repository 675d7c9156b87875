package org.ringlab.bench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.ringlab.bench.fixtures.LosingTestStrategy;
import org.ringlab.bench.history.HistoryExperiment;
import org.ringlab.bench.history.HistoryPlan;
import org.ringlab.bench.history.Profile;
import org.ringlab.bench.harness.Claim;
import org.ringlab.bench.report.Progress;

/** A strategy that loses data is reported as failing, by the demo and by the history check. */
class BrokenStrategyTest {

    @Test
    void demoNamesTheWrongSums() {
        StringWriter out = new StringWriter();

        assertEquals("FAILED", DemoCommand.runOn(new LosingTestStrategy(), new PrintWriter(out, true)).name());
        assertTrue(out.toString().contains("0-element sum: 0   WRONG, expected 12288"), out.toString());
        assertTrue(out.toString().contains("WRONG, expected 73728"), out.toString());
    }

    @Test
    void historyMarksTheCellFailedWithItsReason() {
        HistoryPlan plan = new HistoryPlan(Profile.TINY, List.of(new LosingTestStrategy()), List.of(4096L), 1 << 20,
                0, 1, false, 1, null, List.of(), "doubled", "mirrored-memfd");
        StringWriter err = new StringWriter();

        HistoryExperiment.Outcome o = new HistoryExperiment().run(plan, new Progress(new PrintWriter(err, true)));

        assertFalse(o.allCellsOk(), err.toString());
        String skipped = String.join("\n", o.result().skipped());
        assertTrue(skipped.contains("test-losing × 4KiB FAILED: IllegalStateException: test-losing: history() of"), skipped);
        assertTrue(skipped.contains("the strategy lost, duplicated or misplaced bytes"), skipped);
        assertTrue(err.toString().contains("FAILED test-losing × 4KiB"), err.toString());
        assertTrue(o.result().measurements().isEmpty(), "a failed cell has no figures: " + o.result().measurements());
        assertTrue(o.result().claims().stream().allMatch(c -> c.verdict() == Claim.Verdict.NOT_MEASURED
                && c.measured().contains("not measured")), o.result().claims().toString());
    }
}
