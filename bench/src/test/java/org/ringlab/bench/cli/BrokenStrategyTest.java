package org.ringlab.bench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.ringlab.bench.fixtures.LosingTestStrategy;
import org.ringlab.bench.history.HistoryExperiment;
import org.ringlab.bench.history.HistoryPlan;
import org.ringlab.bench.history.Profile;

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
    void historyMarksTheCellFailedAndExitsNonZero() {
        HistoryPlan plan = new HistoryPlan(Profile.TINY, List.of(new LosingTestStrategy()), List.of(4096L), 1 << 20,
                0, 1, false, 1, null, List.of(), "doubled", "mirrored-memfd");
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();

        int code = new HistoryExperiment(plan, new PrintWriter(out, true), new PrintWriter(err, true)).run();

        assertEquals(1, code, out + "\n" + err);
        assertTrue(out.toString().contains("FAILED test-losing x 4KiB: IllegalStateException: test-losing: history() of"),
                out.toString());
        assertTrue(out.toString().contains("the strategy lost, duplicated or misplaced bytes"), out.toString());
        assertTrue(out.toString().contains("n/a: doubled and mirrored-memfd not measured"), out.toString());
    }
}
