package org.ringlab.bench.jmh;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.ringlab.bench.report.ForExperiment;
import org.ringlab.jna.JnaCalls;
import org.ringlab.linux.Libc;

/**
 * What a native call costs through each binding, per call. The {@code libc*} rows go through
 * backend-linux's {@link Libc} interface, {@code binding} = {@code ffm} (backend-linux's FFM
 * binding) or {@code jna} (backend-jna's), exactly what the strategies call: {@code sysconf}
 * (a checked call, errno captured, no system call: the binding alone), {@code getrusage} of the
 * thread (a system call filling a struct in a per-thread buffer) and {@code madvise} of one page
 * (a system call on an address). The raw rows compare the transitions themselves: FFM downcall
 * vs JNA direct mapping vs JNA interface mapping on {@code getpid}, and FFM's errno capture into
 * a reused segment vs a fresh one per call (what {@code LinuxLibc} did before the per-thread segment).
 *
 * <pre>
 * java --enable-native-access=ALL-UNNAMED -cp "bench/target/classes:bench/target/lib/*" \
 *      org.openjdk.jmh.Main 'BindingCostBenchmark' -prof gc
 * </pre>
 */
@ForExperiment("history")
public class BindingCostBenchmark extends JmhRun {

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

    /** The binding the {@code libc*} rows go through, and one page for {@code madvise}. */
    @State(Scope.Thread)
    public static class Binding {
        @Param({"ffm", "jna"})
        public String binding;

        Libc libc;
        long page;
        long pageBytes;

        @Setup
        public void setUp() {
            libc = switch (binding) {
                case "ffm" -> Libc.ffm();
                case "jna" -> JnaCalls.libc();
                default -> throw new IllegalArgumentException("binding is ffm or jna, got '" + binding + "'");
            };
            pageBytes = libc.pageSize();
            page = libc.mmap("mmap(benchmark page)", 0, pageBytes, Libc.PROT_READ | Libc.PROT_WRITE,
                    Libc.MAP_PRIVATE | Libc.MAP_ANONYMOUS, -1, 0);
        }

        @TearDown
        public void tearDown() {
            libc.munmap("munmap(benchmark page)", page, pageBytes);
        }
    }

    @Benchmark
    public long libcSysconf(Binding b) {
        return b.libc.sysconf(SC_PAGESIZE);
    }

    @Benchmark
    public long libcGetrusageThread(Binding b) {
        return b.libc.getrusage(Libc.RUSAGE_THREAD).minor();
    }

    @Benchmark
    public void libcMadviseNormal(Binding b) {
        b.libc.madvise("madvise(MADV_NORMAL)", b.page, b.pageBytes, Libc.MADV_NORMAL);
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

    /** errno captured into a fresh confined segment per call, as backend-linux's LinuxLibc once did. */
    @Benchmark
    public long sysconfFfmCapturePerCall() {
        return FfmBindings.sysconfFreshCapture(SC_PAGESIZE);
    }
}
