package org.ringlab.bench.jmh;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.ringlab.bench.report.ForExperiment;
import org.ringlab.jna.JnaCalls;

/**
 * What a native call costs through each binding, per call: FFM downcall vs JNA direct mapping
 * vs JNA interface mapping, on {@code getpid} (nothing but the transition) and on
 * {@code sysconf} with errno captured (what every checked call of the ring's bindings pays).
 *
 * <pre>
 * java --enable-native-access=ALL-UNNAMED -cp "bench/target/classes:bench/target/lib/*" \
 *      org.openjdk.jmh.Main 'org.ringlab.bench.jmh.*'
 * </pre>
 */
@ForExperiment("history")
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = "--enable-native-access=ALL-UNNAMED")
@State(Scope.Thread)
public class BindingCostBenchmark {

    private static final int SC_PAGESIZE = 30;

    private Arena arena;
    private MemorySegment capture;

    @Setup
    public void setUp() {
        arena = Arena.ofConfined();
        capture = arena.allocate(FfmBindings.captureLayout());
    }

    @TearDown
    public void tearDown() {
        arena.close();
    }

    @Benchmark
    public int getpidFfm() {
        return FfmBindings.getpid();
    }

    @Benchmark
    public int getpidJnaDirect() {
        return JnaCalls.getpid();
    }

    @Benchmark
    public int getpidJnaInterface() {
        return JnaCalls.getpidThroughInterface();
    }

    /** errno captured into a reused segment: the cheapest way FFM reports errno. */
    @Benchmark
    public long sysconfFfmCapture() {
        return FfmBindings.sysconf(capture, SC_PAGESIZE);
    }

    /** errno captured into a fresh confined segment per call, as backend-linux's LinuxLibc does. */
    @Benchmark
    public long sysconfFfmCapturePerCall() {
        return FfmBindings.sysconfFreshCapture(SC_PAGESIZE);
    }

    /** JNA direct mapping, errno from Native.getLastError(), as backend-jna's JnaLibc does. */
    @Benchmark
    public long sysconfJnaDirect() {
        return JnaCalls.sysconf(SC_PAGESIZE);
    }
}
