package org.ringlab.bench.driver.scenario;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalDouble;

/**
 * A calibrated busy loop: the stand-in for CPU work the scenario does not model in detail
 * (an interrupt's entry and exit, a packet's protocol processing). A fixed number of
 * iterations of a loop-carried rotate-xor-add, so the cost is CPU work (a preempted thread
 * resumes where it was, it does not count the preemption as done work, as a deadline spin
 * would) and the JIT can neither vectorise, drop nor fold it: a multiply-add chain looked
 * right but C2 folds unrolled steps of it into one (x·a + c)·a + c = x·a² + (ca + c), and the
 * loop then ran 40× faster compiled than it had been calibrated interpreted.
 */
public final class SpinWork {

    /** Seed 001: "interrupt overhead ~1000 cycles each". */
    public static final int SEED_INTERRUPT_CYCLES = 1000;
    private static final int CALIBRATION_ITERATIONS = 1_000_000;
    private static final int WARM_UP_CALLS = 30;
    private static final int CALIBRATION_TRIALS = 9;

    /** Keeps the loop's result alive. */
    static volatile long sink;

    private final double nanosPerIteration;

    private SpinWork(double nanosPerIteration) {
        this.nanosPerIteration = nanosPerIteration;
    }

    /** Times the loop (best of several trials, so a preemption does not inflate it). */
    public static SpinWork calibrate() {
        for (int i = 0; i < WARM_UP_CALLS; i++) {
            spin(CALIBRATION_ITERATIONS); // until C2 has compiled it: the consumer runs the compiled loop
        }
        long best = Long.MAX_VALUE;
        for (int t = 0; t < CALIBRATION_TRIALS; t++) {
            long start = System.nanoTime();
            spin(CALIBRATION_ITERATIONS);
            best = Math.min(best, System.nanoTime() - start);
        }
        return new SpinWork(Math.max(1e-3, (double) best / CALIBRATION_ITERATIONS));
    }

    /** A loop of known cost, for tests. */
    static SpinWork withNanosPerIteration(double nanosPerIteration) {
        if (!(nanosPerIteration > 0)) {
            throw new IllegalArgumentException("nanos per iteration must be positive, got " + nanosPerIteration);
        }
        return new SpinWork(nanosPerIteration);
    }

    public double nanosPerIteration() {
        return nanosPerIteration;
    }

    /** Iterations that cost {@code nanos} on this CPU; 0 for 0. */
    public long iterationsFor(long nanos) {
        if (nanos < 0) {
            throw new IllegalArgumentException("a cost in ns must be ≥ 0, got " + nanos);
        }
        return nanos == 0 ? 0 : Math.max(1, Math.round(nanos / nanosPerIteration));
    }

    /** Burns {@code iterations} of the loop. */
    public static void spin(long iterations) {
        long x = iterations;
        for (long i = 0; i < iterations; i++) {
            x = Long.rotateLeft(x, 7) ^ (x + 0x9E3779B97F4A7C15L); // each step needs the last; nothing to fold
        }
        if (x == 42) {
            sink = x; // practically never; enough that the JIT must compute x
        }
    }

    /**
     * The CPU's clock as the kernel reports it ({@code cpu MHz} in /proc/cpuinfo), empty where
     * there is none. On a VM it is the host's nominal clock; there are no cycle counters here.
     */
    public static OptionalDouble cpuMegahertz() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
                if (line.startsWith("cpu MHz")) {
                    int colon = line.indexOf(':');
                    double mhz = Double.parseDouble(line.substring(colon + 1).trim());
                    if (mhz > 0) {
                        return OptionalDouble.of(mhz);
                    }
                }
            }
        } catch (IOException | RuntimeException e) {
            return OptionalDouble.empty();
        }
        return OptionalDouble.empty();
    }

    /**
     * Seed 001's interrupt cost on this CPU: 1,000 cycles at the reported clock, in ns; when the
     * clock is unknown, the seed's own 1.2 GHz (833 ns), which {@link #interruptNote} says.
     */
    public static long seedInterruptNanos() {
        double mhz = cpuMegahertz().orElse(1200);
        return Math.round(SEED_INTERRUPT_CYCLES * 1000.0 / mhz);
    }

    /** One line for the notes: how the default interrupt cost was derived. */
    public static String interruptNote(SpinWork spin) {
        OptionalDouble mhz = cpuMegahertz();
        return String.format(java.util.Locale.ROOT,
                "interrupt cost default: seed 001's ~%,d cycles at %s = %d ns, spent as a calibrated busy loop "
                        + "(%.3f ns per iteration, measured) on the consumer's CPU for every interrupt",
                SEED_INTERRUPT_CYCLES, mhz.isPresent() ? String.format(java.util.Locale.ROOT, "%.0f MHz (/proc/cpuinfo)",
                        mhz.getAsDouble()) : "the seed's 1.2 GHz (this CPU's clock unknown)",
                seedInterruptNanos(), spin.nanosPerIteration());
    }
}
