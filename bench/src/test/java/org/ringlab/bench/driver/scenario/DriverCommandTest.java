package org.ringlab.bench.driver.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;

import org.junit.jupiter.api.Test;
import org.ringlab.bench.RinglabMain;

/** {@code ringlab driver}: its help, a bad knob refused by name, and a short run printing the seed's claims. */
class DriverCommandTest {

    private record Result(int code, String out, String err) {
    }

    private static Result run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = RinglabMain.execute(new PrintWriter(out, true), new PrintWriter(err, true), args);
        return new Result(code, out.toString(), err.toString());
    }

    @Test
    void helpListsTheKnobsAndTheQuickProfilesForks() {
        Result r = run("driver", "--help");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("--interrupt-ns") && r.out().contains("4 forks × 1 run of 120 ms"), r.out());
    }

    @Test
    void aBadProfileOrRateIsRefusedByName() {
        Result profile = run("driver", "--profile", "huge");
        assertEquals(2, profile.code(), profile.out() + profile.err());
        assertTrue(profile.err().contains("'huge'"), profile.err());
        Result rate = run("driver", "--rate", "0");
        assertEquals(2, rate.code(), rate.out() + rate.err());
        assertTrue(rate.err().contains("rate 0"), rate.err());
    }

    @Test
    void aTinyRunPrintsTheTablesAndTheSeedsClaims() {
        Result r = run("driver", "--profile", "tiny", "--rate", "20000", "--duration-ms", "20", "--variant",
                "before,after");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("(e) seed 001's whole driver") && r.out().contains("001.final-loss-ratio"), r.out());
        assertTrue(r.err().contains("driver: whole driver: fork 1 of 2"), r.err());
    }
}
