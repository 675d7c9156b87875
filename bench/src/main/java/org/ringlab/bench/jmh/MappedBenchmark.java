package org.ringlab.bench.jmh;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.ringlab.api.MappedFile;
import org.ringlab.api.MappedFileSpec;
import org.ringlab.api.MappedFileStrategy;
import org.ringlab.api.PrefaultPolicy;
import org.ringlab.api.Registries;
import org.ringlab.bench.report.ForExperiment;

/**
 * Seed 004 in rigorous mode: a new file on tmpfs mapped as one chunk with a prefault
 * configuration applied, then 128-byte blocks copied over all of it; one file per
 * invocation (single-shot: a second pass over the same pages would find them resident).
 * The time includes the prefault, as the seed's benchmarks do.
 */
@ForExperiment("mapped")
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3)
@Measurement(iterations = 10)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "-Xmx1g"})
@State(Scope.Thread)
public class MappedBenchmark {

    private static final int BLOCK = 128;

    @Param({"none", "prealloc", "populate", "prealloc+populate", "willneed", "manual"})
    public String policies;

    @Param({"64"})
    public long sizeMiB;

    private MappedFileStrategy strategy;
    private Path path;
    private final MemorySegment block = MemorySegment.ofArray(new byte[BLOCK]).fill((byte) 0x5A);

    @Setup(Level.Trial)
    public void setUp() {
        strategy = Registries.mappedFiles().available().stream().findFirst()
                .orElseThrow(() -> new IllegalStateException("no mapped-file strategy is available: "
                        + Registries.mappedFiles().names()));
        path = MappedFileSpec.defaultDirectory().resolve("ringlab-jmh-mapped-" + ProcessHandle.current().pid());
    }

    @TearDown(Level.Iteration)
    public void deleteFile() throws IOException {
        Files.deleteIfExists(path);
    }

    @Benchmark
    public long writeFile() {
        long bytes = sizeMiB << 20;
        MappedFileSpec spec = MappedFileSpec.create(path, bytes).withPolicies(PrefaultPolicy.parseList(policies));
        try (MappedFile file = strategy.open(spec)) {
            MemorySegment mapping = file.chunk(0);
            for (long offset = 0; offset < bytes; offset += BLOCK) {
                MemorySegment.copy(block, 0, mapping, offset, BLOCK);
            }
            return mapping.byteSize();
        }
    }
}
