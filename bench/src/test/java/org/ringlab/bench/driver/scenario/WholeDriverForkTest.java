package org.ringlab.bench.driver.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.Registries;
import org.ringlab.bench.harness.Fork;
import org.ringlab.bench.harness.Interleaving;

class WholeDriverForkTest {

    /** A fork of driver part (e) measured in a child JVM comes back whole through Jackson. */
    @Test
    void aForkInAChildJvmSendsBackEveryRunAndTheSweep() {
        MemoryStrategy s = Registries.defaultMirrored().chosen()
                .orElseGet(() -> Registries.memoryStrategies().available().get(0));
        // 600 packets per run: fewer than the ring holds, so no run can lose one, however busy the machine.
        ScenarioConfig c = ScenarioConfig.seed(30_000_000L).withRate(20_000);
        List<DriverVariant> variants = List.of(DriverVariant.BEFORE, DriverVariant.AFTER);
        WholeDriverFork task = new WholeDriverFork("tiny", c, variants, s.name(), order(2, variants.size()),
                order(4, 2));
        List<String> output = new ArrayList<>();
        WholeDriverFork.Result r = Fork.run(task, Duration.ofMinutes(2), output::add);

        assertEquals(variants.size(), r.runs().size(), output.toString());
        for (int i = 0; i < variants.size(); i++) {
            assertEquals(2, r.runs().get(i).size(), "one run per round");
            for (DriverRun run : r.runs().get(i)) {
                assertEquals(variants.get(i), run.variant());
                assertEquals(c.packets(), run.offered());
                assertEquals(0, run.dropped());
            }
        }
        ScenarioProfile tiny = ScenarioProfile.named("tiny");
        assertEquals(List.of(0L, c.interruptNanos()), r.sweep().stream().map(WholeDriverFork.SweepPoint::interruptNanos)
                .toList());
        for (WholeDriverFork.SweepPoint p : r.sweep()) {
            assertEquals(tiny.sweepRepetitions(), p.perPacket().size());
            assertEquals(tiny.sweepRepetitions(), p.napi().size());
            assertTrue(p.perPacket().stream().allMatch(x -> x.variant().equals(DriverVariant.AFTER_PER_PACKET)));
            assertTrue(p.napi().stream().allMatch(x -> x.variant().equals(DriverVariant.AFTER)));
        }
    }

    @Test
    void noRoundsOrNoVariantsAreRejectedWithTheValue() {
        ScenarioConfig c = ScenarioConfig.seed(30_000_000L);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new WholeDriverFork("tiny", c, DriverVariant.STANDARD, "x", order(1, 2), order(1, 2)));
        assertTrue(e.getMessage().contains("got") && e.getMessage().contains("[[0, 1]]")
                || e.getMessage().contains("[[1, 0]]"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> new WholeDriverFork("tiny", c, List.of(), "x",
                order(1, 1), order(1, 2)));
        assertTrue(e.getMessage().contains("[]"), e.getMessage());
    }

    private static Interleaving order(int repetitions, int alternatives) {
        return new Interleaving(java.util.Collections.nCopies(repetitions,
                java.util.stream.IntStream.range(0, alternatives).boxed().toList()));
    }
}
