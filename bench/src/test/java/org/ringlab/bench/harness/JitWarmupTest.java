package org.ringlab.bench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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

    /** A method the JIT has never seen: a warm-up that waits for it runs to its maximum and says it was not quiet. */
    @Test
    void aNamedMethodThatNeverReachesC2HoldsTheWarmUpToItsMaximum() {
        org.junit.jupiter.api.Assumptions.assumeTrue(CodeList.ofThisJvm() != null
                        && CodeList.ofThisJvm().compiledByC2("java.lang.Object.hashCode") != null,
                "this JVM has no readable code list (Compiler.codelist through the DiagnosticCommand MBean)");
        JitWarmup.Result r = new JitWarmup(Duration.ZERO, Duration.ZERO, Duration.ofMillis(300))
                .run(() -> { }, "org.ringlab.bench.harness.JitWarmupTest.neverCalled");
        assertFalse(r.quiet(), r.toString());
        assertTrue(r.nanos() >= Duration.ofMillis(300).toNanos(), r.toString());
    }

    /** A hot loop's method: the warm-up ends once it runs in C2's code, and the code list then says so. */
    @Test
    void aNamedMethodEndsTheWarmUpOnceC2CompiledIt() {
        CodeList code = CodeList.ofThisJvm();
        org.junit.jupiter.api.Assumptions.assumeTrue(code != null && code.compiledByC2("java.lang.Object.hashCode") != null,
                "this JVM has no readable code list (Compiler.codelist through the DiagnosticCommand MBean)");
        String method = JitWarmupTest.class.getName() + ".hotLoop";
        JitWarmup.Result r = new JitWarmup(Duration.ZERO, Duration.ZERO, Duration.ofSeconds(60))
                .run(() -> sink += hotLoop(sink, 20_000), method);
        assertTrue(r.quiet(), "the loop never reached C2 within 60 s: " + r);
        assertEquals(Boolean.TRUE, code.compiledByC2(method));
    }

    @Test
    void codeListLinesAreReadByLevelAndState() {
        String name = "org.ringlab.X.loop(";
        assertTrue(CodeList.inUseAtC2("711 4 0 org.ringlab.X.loop(I)V [0x1, 0x2 - 0x3]", name));
        assertFalse(CodeList.inUseAtC2("664 3 0 org.ringlab.X.loop(I)V [0x1, 0x2 - 0x3]", name), "C1's tier");
        assertFalse(CodeList.inUseAtC2("666 4 1 org.ringlab.X.loop(I)V [0x1, 0x2 - 0x3]", name), "not entrant");
        assertFalse(CodeList.inUseAtC2("712 4 0 org.ringlab.X.loopier(I)V [0x1]", name), "another method");
        assertFalse(CodeList.inUseAtC2("garbage", name));
    }

    static long sink;

    static long hotLoop(long seed, int n) {
        long h = seed;
        for (int i = 0; i < n; i++) {
            h = h * 31 + i;
        }
        return h;
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
