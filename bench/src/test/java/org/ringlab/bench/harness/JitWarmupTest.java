package org.ringlab.bench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

/** The warm-up rule: never shorter than its minimum, quiet only after its quiet window, bounded by its maximum. */
class JitWarmupTest {

    @Test
    void lastsAtLeastItsMinimumAndCountsEveryChunk() {
        AtomicInteger calls = new AtomicInteger();
        JitWarmup.Result r = new JitWarmup(Duration.ofMillis(80), Duration.ZERO, Duration.ofSeconds(30))
                .run(calls::incrementAndGet);
        assertTrue(r.nanos() >= Duration.ofMillis(80).toNanos(), r.toString());
        assertEquals(calls.get(), r.chunks());
        assertEquals(ManagementFactory.getCompilationMXBean().isCompilationTimeMonitoringSupported(), r.quiet(),
                "with a zero quiet window, the minimum ends it as quiet wherever compilation time is observable");
    }

    @Test
    void aQuietWindowIsWaitedForInFull() {
        JitWarmup.Result r = new JitWarmup(Duration.ZERO, Duration.ofMillis(60), Duration.ofSeconds(30)).run(() -> { });
        assertTrue(r.nanos() >= Duration.ofMillis(60).toNanos(), r.toString());
    }

    @Test
    void theMaximumEndsAWarmUpThatNeverGetsQuiet() {
        // quiet == max: the quiet window cannot close before the maximum does.
        JitWarmup.Result r = new JitWarmup(Duration.ZERO, Duration.ofMillis(50), Duration.ofMillis(50)).run(() -> { });
        assertTrue(r.nanos() >= Duration.ofMillis(50).toNanos(), r.toString());
        assertTrue(r.chunks() >= 1, r.toString());
    }

    @Test
    void badDurationsAreRefusedNamingThem() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new JitWarmup(Duration.ofSeconds(2), Duration.ZERO, Duration.ofSeconds(1)));
        assertTrue(e.getMessage().contains("min PT2S") && e.getMessage().contains("max PT1S"), e.getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> new JitWarmup(Duration.ZERO, Duration.ofSeconds(3), Duration.ofSeconds(1)));
        assertThrows(IllegalArgumentException.class,
                () -> new JitWarmup(Duration.ofMillis(-1), Duration.ZERO, Duration.ofSeconds(1)));
    }
}
