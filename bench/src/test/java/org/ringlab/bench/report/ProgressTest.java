package org.ringlab.bench.report;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;

import org.junit.jupiter.api.Test;

class ProgressTest {

    @Test
    void aStepBeyondThePlanGrowsThePlanInsteadOfCountingPastIt() {
        StringWriter out = new StringWriter();
        Progress p = new Progress(new PrintWriter(out, true));
        p.experiment("driver", 2, 6);
        p.plan(2);
        p.step("first");
        p.step("second");
        p.step("a round added while a claim is undecided");
        String text = out.toString();
        assertTrue(text.contains("1/2 first"), text);
        assertTrue(text.contains("2/2 second"), text);
        assertTrue(text.contains("3/3 a round added"), text);
        assertFalse(text.contains("3/2"), "counted past its plan: " + text);
    }
}
