package org.ringlab.bench.harness;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.time.Duration;

/**
 * Warms a measured loop until the JIT has compiled it: runs a chunk of the loop again and
 * again until at least {@code min} has passed, no compilation has finished for {@code quiet}
 * (the JVM's total compilation time stood still) and, when the caller names the loop's method,
 * that method runs in C2's code ({@link CodeList}); or until {@code max} has passed.
 *
 * <p>Why not a fixed number of records: the anchors' one warm-up repetition of 500,000 records
 * lasted 30–40 ms, and C2's compilation of the path loop landed during the first timed
 * repetition (seen with {@code -XX:+PrintCompilation}), so the timed figures mixed C1 code,
 * an OSR compilation and C2 code: spsc 70–100 ns per record where JMH, after 3 s of warm-up,
 * measured 54.5. A time-and-quiet rule adapts to a loaded machine, where a C2 compilation
 * takes several times longer, and costs little where it is fast.
 *
 * <p>A chunk should be a call of the same method the timed repetition calls, so that the
 * timed call enters a normally compiled method rather than running an on-stack replacement.
 */
public final class JitWarmup {

    /** The anchors' and drains' rule: at least 150 ms, quiet for 100 ms, at most 2 s. */
    public static final JitWarmup LOOPS = new JitWarmup(Duration.ofMillis(150), Duration.ofMillis(100),
            Duration.ofSeconds(2));

    private final long minNanos;
    private final long quietNanos;
    private final long maxNanos;

    public JitWarmup(Duration min, Duration quiet, Duration max) {
        if (min.isNegative() || quiet.isNegative() || max.compareTo(min) < 0 || max.compareTo(quiet) < 0) {
            throw new IllegalArgumentException("warm-up: need 0 <= min, quiet <= max, got min " + min + ", quiet "
                    + quiet + ", max " + max);
        }
        this.minNanos = min.toNanos();
        this.quietNanos = quiet.toNanos();
        this.maxNanos = max.toNanos();
    }

    /**
     * What a warm-up did.
     *
     * @param chunks how many chunks ran
     * @param nanos  how long, wall time
     * @param quiet  whether it ended because the JIT was quiet and the named method compiled by C2
     *               (false: {@code max} reached, or no compilation time here)
     */
    public record Result(int chunks, long nanos, boolean quiet) {
    }

    /** Code-list reads while waiting for the method: at most one per this many nanoseconds (one read takes 1–25 ms). */
    private static final long CODE_LIST_PERIOD = 50_000_000L;

    /** Runs {@code chunk} until the JIT is quiet (the rule above, without a method to wait for). */
    public Result run(Runnable chunk) {
        return run(chunk, null);
    }

    /**
     * Runs {@code chunk} until the rule above says the loop is compiled: also until
     * {@code method} ({@code "package.Class.method"}, the method each chunk calls, which the timed
     * call calls too) runs in C2's code, where the JVM lists its compiled code.
     */
    public Result run(Runnable chunk, String method) {
        CodeList code = method == null ? null : CodeList.ofThisJvm();
        boolean compiled = code == null;
        long codeCheckedAt = 0;
        CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
        boolean observable = jit != null && jit.isCompilationTimeMonitoringSupported();
        long start = System.nanoTime();
        long lastCompileTime = observable ? jit.getTotalCompilationTime() : 0;
        long quietSince = start;
        int chunks = 0;
        while (true) {
            chunk.run();
            chunks++;
            long now = System.nanoTime();
            if (observable) {
                long compileTime = jit.getTotalCompilationTime();
                if (compileTime != lastCompileTime) {
                    lastCompileTime = compileTime;
                    quietSince = now;
                }
            }
            long elapsed = now - start;
            if (observable && elapsed >= minNanos && now - quietSince >= quietNanos) {
                if (!compiled && now - codeCheckedAt >= CODE_LIST_PERIOD) {
                    Boolean c2 = code.compiledByC2(method);
                    compiled = c2 == null || c2; // an unreadable list: the quiet rule alone, as without a method
                    codeCheckedAt = System.nanoTime();
                }
                if (compiled) {
                    return new Result(chunks, elapsed, true);
                }
            }
            if (elapsed >= maxNanos) {
                return new Result(chunks, elapsed, false);
            }
        }
    }
}
