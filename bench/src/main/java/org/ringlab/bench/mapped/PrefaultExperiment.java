package org.ringlab.bench.mapped;

import java.lang.foreign.MemorySegment;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.ringlab.api.MappedFile;
import org.ringlab.api.MappedFileSpec;
import org.ringlab.api.MappedFileStrategy;
import org.ringlab.api.PrefaultPolicy;
import org.ringlab.bench.report.Progress;
import org.ringlab.bench.util.Platform;

/**
 * Seed 004's table "write 256 MB in 128-byte blocks": for each prefault configuration, a new
 * file of {@code bytes} on the given directory mapped as one chunk, the configuration applied
 * (timed on its own: the prefault), then 128-byte blocks copied over the whole mapping (timed:
 * the write), with the minor faults the writing thread took. The seed times the whole iteration,
 * the configuration's own work included (a manual touch costs the faults it saves the writer), so
 * the figure compared with the seed is the total: open, prefault and write. Configurations are
 * interleaved in every repetition (started at a rotating offset) so drift on a shared machine
 * spreads evenly; medians are reported.
 */
record PrefaultExperiment(MappedFileStrategy strategy, Path dir, long bytes, Progress progress) {

    static final int BLOCK = 128;
    private static final long BACKGROUND_WINDOW = 16L << 20;

    /** Pace of the paced rows: below what one prefaulter thread populates, as a queue's average rate is. */
    static final long PACED_BYTES_PER_SECOND = 256L << 20;
    private static final long PACED_BATCH = 64 * 1024;

    /**
     * One row: a label, the seed's benchmark name and its catalogue key ({@code "populate"} for
     * the entries {@code 004.prefault-populate-*}; empty for ringlab's own rows), the policy list,
     * and a pace (0: as fast as memory goes, the seed's loop; else the writer writes 64 KiB
     * batches at that rate and its busy time is what is reported).
     */
    record Config(String label, String seedName, String key, String policies, long pacedBytesPerSecond) {

        boolean seeds() {
            return !key.isEmpty();
        }
    }

    static final List<Config> CONFIGS = List.of(
            new Config("none", "BM_MMap01", "none", "none", 0),
            new Config("prealloc", "BM_MMap02Prealloc", "prealloc", "prealloc", 0),
            new Config("populate", "BM_MMap03Prefault", "populate", "populate", 0),
            new Config("populate+willneed", "BM_MMap04PrefaultNeed", "populate-willneed", "populate+willneed", 0),
            new Config("populate+sequential", "BM_MMap05PrefaultSeq", "populate-sequential", "populate+sequential", 0),
            new Config("prealloc+populate", "BM_MMap06PreallocPrefault", "prealloc-populate", "prealloc+populate", 0),
            new Config("prealloc+populate+willneed", "BM_MMap07PreallocPrefaultNeed", "prealloc-populate-willneed",
                    "prealloc+populate+willneed", 0),
            new Config("willneed", "BM_MMap08PrefetchNeed", "willneed", "willneed", 0),
            new Config("sequential", "BM_MMap09PrefetchSeq", "sequential", "sequential", 0),
            new Config("manual", "BM_MMap11ManualPrefault", "manual", "manual", 0),
            new Config("manual+willneed", "BM_MMap10ManualPrefaultNeed", "manual-willneed", "manual+willneed", 0),
            new Config("background (burst)", "(用户态动态预处理)", "", "background", 0),
            new Config("none (paced 256 MiB/s)", "-", "", "none", PACED_BYTES_PER_SECOND),
            new Config("background (paced 256 MiB/s)", "(用户态动态预处理)", "", "background",
                    PACED_BYTES_PER_SECOND));

    /** Every repetition of one configuration, ms or faults, one value per repetition. */
    record Row(Config config, double[] write, double[] prefault, double[] background, double[] writerFaults,
               double[] processFaults, double[] total) {
    }

    List<Row> run(int warmup, int repetitions) {
        Map<Config, List<double[]>> samples = new LinkedHashMap<>();
        CONFIGS.forEach(c -> samples.put(c, new ArrayList<>()));
        for (int rep = -warmup; rep < repetitions; rep++) {
            progress.step(String.format(Locale.ROOT, "prefault %s (%d configurations, %d MiB each, %s)",
                    MappedExperiment.repetition(rep, warmup, repetitions), CONFIGS.size(), bytes >> 20, dir));
            for (int i = 0; i < CONFIGS.size(); i++) {
                Config config = CONFIGS.get(Math.floorMod(i + rep, CONFIGS.size()));
                double[] sample = one(config);
                if (rep >= 0) {
                    samples.get(config).add(sample);
                }
            }
        }
        List<Row> rows = new ArrayList<>();
        samples.forEach((config, list) -> {
            double[][] c = new double[6][list.size()];
            for (int r = 0; r < list.size(); r++) {
                for (int k = 0; k < 6; k++) {
                    c[k][r] = list.get(r)[k];
                }
            }
            rows.add(new Row(config, c[0], c[1], c[2], c[3], c[4], c[5]));
        });
        return rows;
    }

    /** One run of {@code config}: its figures in {@link Row}'s order. */
    private double[] one(Config config) {
        Path path = dir.resolve("ringlab-prefault-" + ProcessHandle.current().pid());
        LatencyExperiment.deleteIfExists(path);
        MappedFileSpec spec = MappedFileSpec.create(path, bytes).withPolicies(PrefaultPolicy.parseList(config.policies))
                .withBackgroundWindow(BACKGROUND_WINDOW);
        MemorySegment block = MemorySegment.ofArray(new byte[BLOCK]).fill((byte) 0x5A);
        long process0 = Platform.requireThreads().processMinorFaults();
        long open = System.nanoTime();
        try (MappedFile file = strategy.open(spec)) {
            long t0 = System.nanoTime();
            MemorySegment mapping = file.chunk(0); // grow, map and apply the configuration: the prefault
            long t1 = System.nanoTime();
            long faults0 = Platform.requireThreads().threadMinorFaults();
            long writeNanos = config.pacedBytesPerSecond == 0 ? write(file, mapping, block, bytes)
                    : writePaced(file, mapping, block, bytes, config.pacedBytesPerSecond);
            long writerFaults = Platform.requireThreads().threadMinorFaults() - faults0;
            long end = System.nanoTime(); // paced rows: their waits count here, as a queue's wall time
            file.close(); // joins the prefaulter: its time is final
            MappedFile.PrefaultStats stats = file.prefaultStats();
            return new double[] {writeNanos / 1e6, (t1 - t0) / 1e6, stats.backgroundNanos() / 1e6, writerFaults,
                    Platform.requireThreads().processMinorFaults() - process0, (end - open) / 1e6};
        } finally {
            LatencyExperiment.deleteIfExists(path);
        }
    }

    /** The seed's loop: memcpy of 128-byte blocks, one after the other, over the whole mapping; its time. */
    private static long write(MappedFile file, MemorySegment mapping, MemorySegment block, long bytes) {
        long t0 = System.nanoTime();
        writeRange(file, mapping, block, 0, bytes);
        return System.nanoTime() - t0;
    }

    /**
     * The same blocks at {@code rate} bytes per second, 64 KiB at a time, sleeping between
     * batches (a spinning writer would take the CPU the prefaulter needs); the writer's busy
     * time, waits excluded.
     */
    private static long writePaced(MappedFile file, MemorySegment mapping, MemorySegment block, long bytes, long rate) {
        long nanosPerBatch = PACED_BATCH * 1_000_000_000L / rate;
        long busy = 0;
        long next = System.nanoTime();
        for (long offset = 0; offset < bytes; offset += PACED_BATCH) {
            long wait = next - System.nanoTime();
            if (wait > 0) {
                java.util.concurrent.locks.LockSupport.parkNanos(wait);
            }
            long t0 = System.nanoTime();
            writeRange(file, mapping, block, offset, Math.min(bytes, offset + PACED_BATCH));
            busy += System.nanoTime() - t0;
            next += nanosPerBatch;
        }
        return busy;
    }

    private static void writeRange(MappedFile file, MemorySegment mapping, MemorySegment block, long from, long to) {
        for (long offset = from; offset < to; offset += BLOCK) {
            MemorySegment.copy(block, 0, mapping, offset, BLOCK);
            if ((offset & 0xFFFF) == 0) {
                file.reportPosition(offset); // every 64 KiB, for the background prefaulter (one opaque store)
            }
        }
    }
}
