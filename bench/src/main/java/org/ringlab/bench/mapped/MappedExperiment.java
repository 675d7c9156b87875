package org.ringlab.bench.mapped;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.ringlab.api.MappedFileSpec;
import org.ringlab.api.MappedFileStrategy;
import org.ringlab.api.PrefaultPolicy;
import org.ringlab.bench.report.Experiment;
import org.ringlab.bench.util.DeclaredExperiment;
import org.ringlab.bench.report.ExperimentResult;
import org.ringlab.bench.report.Progress;
import org.ringlab.bench.report.RunContext;
import org.ringlab.queues.mapped.MappedQueue;

/**
 * Seed 004's experiment: (a) the prefault table on the mapped-file strategy, (b) the
 * cross-process latency table of the mapped queue, tmpfs vs disk, pinned vs not.
 */
public final class MappedExperiment extends DeclaredExperiment implements Experiment {

    public MappedExperiment() {
        super("mapped", "004_b89053e7ff451df3.txt",
                "growing inter-process queue on a mapped file: the prefault configurations writing in 128-byte"
                        + " blocks, and enqueue-to-dequeue latency across processes (tmpfs vs disk, pinned vs not), and"
                        + " what the queue's per-record CRC32C costs to write and read",
                MappedClaims.metrics());
    }

    /** Everything one run of the experiment needs; {@code ringlab mapped} fills it from its options. */
    public record Setup(MappedProfile profile, boolean prefault, boolean latency, boolean checksum, Path tmpfs, Path disk, long bytes,
                 int repetitions, long messages, long intervalMicros, List<PrefaultPolicy> writer,
                 List<PrefaultPolicy> reader) {

        public static Setup of(MappedProfile p) {
            return new Setup(p, true, true, true, MappedFileSpec.defaultDirectory().toAbsolutePath(),
                    Path.of(System.getProperty("java.io.tmpdir")).toAbsolutePath(), p.bytes, p.repetitions, p.messages,
                    p.intervalMicros, PrefaultPolicy.parseList("background"), PrefaultPolicy.parseList("none"));
        }
    }

    @Override
    public ExperimentResult run(RunContext context) {
        MappedProfile p = MappedProfile.parse(context.profile());
        MappedFileStrategy strategy = MappedQueue.defaultStrategy();
        if (!context.wantsStrategy(strategy.name())) {
            throw new IllegalArgumentException("the mapped experiment measures the " + strategy.name()
                    + " strategy only, which --strategy " + context.strategies() + " leaves out");
        }
        Setup s = Setup.of(p);
        for (Path d : List.of(s.tmpfs(), s.disk())) {
            if (!Files.isDirectory(d) || !Files.isWritable(d)) {
                throw new IllegalStateException(d + " is not a writable directory");
            }
        }
        return run(s, strategy, context.progress());
    }

    public ExperimentResult run(Setup s, MappedFileStrategy strategy, Progress progress) {
        MappedProfile p = s.profile();
        List<LatencyExperiment.Cell> cells = LatencyExperiment.cells(s.tmpfs(), s.disk());
        progress.plan((s.prefault() ? p.warmup + s.repetitions() : 0) + (s.latency() ? cells.size() * p.latencyRepetitions : 0)
                + (s.checksum() ? p.checksumWarmup + p.checksumRepetitions : 0));
        List<PrefaultExperiment.Row> rows = List.of();
        List<LatencyExperiment.Result> latency = List.of();
        List<String> skipped = new ArrayList<>();
        if (s.prefault()) {
            rows = new PrefaultExperiment(strategy, s.tmpfs(), s.bytes(), progress).run(p.warmup, s.repetitions());
        } else {
            skipped.add("the prefault table (--table " + chosen(s) + ")");
        }
        if (s.latency()) {
            latency = new LatencyExperiment(progress, s.messages(), Math.min(p.warmupMessages,
                    Math.max(s.messages() / 5, 1)), s.intervalMicros() * 1000, s.writer(), s.reader(), skipped)
                    .run(cells, p.latencyRepetitions);
        } else {
            skipped.add("the latency table (--table " + chosen(s) + ")");
        }
        ChecksumCostExperiment.Result checksum = null;
        if (s.checksum()) {
            checksum = new ChecksumCostExperiment(strategy, s.tmpfs(), p.checksumRecords, progress)
                    .run(p.checksumSizes(), p.checksumWarmup, p.checksumRepetitions);
        } else {
            skipped.add("the record checksum cost table (--table " + chosen(s) + ")");
        }
        return MappedReport.result(id(), seed(), s, rows, latency, checksum, skipped);
    }

    /** {@code "warm-up 1 of 2"} or {@code "repetition 3 of 5"} for repetition {@code rep} (negative: a warm-up). */
    static String repetition(int rep, int warmup, int repetitions) {
        return rep < 0 ? "warm-up " + (rep + warmup + 1) + " of " + warmup : "repetition " + (rep + 1) + " of " + repetitions;
    }

    /** The table a run without all three was asked for. */
    private static String chosen(Setup s) {
        return s.prefault() ? "prefault" : s.latency() ? "latency" : "checksum";
    }
}
