package org.ringlab.bench.mapped;

import java.lang.foreign.MemorySegment;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.ringlab.api.MappedFileStrategy;
import org.ringlab.api.PrefaultPolicy;
import org.ringlab.bench.report.Progress;
import org.ringlab.bench.util.Cells;
import org.ringlab.queues.mapped.MappedQueue;
import org.ringlab.queues.mapped.MappedQueueReader;
import org.ringlab.queues.mapped.MappedQueueWriter;
import org.ringlab.queues.mapped.RecordChecksum;

/**
 * What the mapped queue's per-record checksum costs. For each record size, a fresh
 * queue file on tmpfs whose one chunk holds every record and is populated when it is mapped
 * (so no page fault lands in a timed loop), {@code records} {@code offer}s timed, then a reader
 * attached from the beginning (populated too) timing {@code records} {@code peek}+{@code release}s;
 * once with {@link RecordChecksum#CRC32C} and once with {@link RecordChecksum#NONE}, the two
 * interleaved in every repetition (A B A B...) so drift on a shared machine hits both alike.
 * The JMH {@code MappedChecksumBenchmark} measures the same on an idle machine with forks.
 */
record ChecksumCostExperiment(MappedFileStrategy strategy, Path dir, long records, Progress progress) {

    static final List<RecordChecksum> KINDS = List.of(RecordChecksum.CRC32C, RecordChecksum.NONE);

    /** One kind's samples at one size, ns per record, one per repetition. */
    record Samples(RecordChecksum kind, double[] writeNanos, double[] readNanos) {
    }

    /** One record size: the samples of both kinds, in {@link #KINDS} order, paired by repetition. */
    record Row(int recordBytes, Samples crc, Samples none) {

        /** CRC32C over NONE per repetition (paired: the two ran back to back). */
        double[] writeRatios() {
            return Cells.ratios(crc.writeNanos, none.writeNanos);
        }

        double[] readRatios() {
            return Cells.ratios(crc.readNanos, none.readNanos);
        }
    }

    /** The table's parameters and rows. */
    record Result(long records, int repetitions, String dir, List<Row> rows) {
    }

    /** Where the read lengths go, so the JIT cannot drop the reads. */
    private static long sink;

    Result run(int[] recordBytes, int warmup, int repetitions) {
        double[][][] write = new double[recordBytes.length][KINDS.size()][repetitions];
        double[][][] read = new double[recordBytes.length][KINDS.size()][repetitions];
        for (int rep = -warmup; rep < repetitions; rep++) {
            progress.step(String.format(Locale.ROOT, "checksum %s (%d records of %s bytes, CRC32C vs NONE, %s)",
                    MappedExperiment.repetition(rep, warmup, repetitions), records, java.util.Arrays.toString(recordBytes),
                    dir));
            for (int s = 0; s < recordBytes.length; s++) {
                for (int k = 0; k < KINDS.size(); k++) {
                    double[] sample = one(recordBytes[s], KINDS.get(k));
                    if (rep >= 0) {
                        write[s][k][rep] = sample[0];
                        read[s][k][rep] = sample[1];
                    }
                }
            }
        }
        List<Row> rows = new ArrayList<>();
        for (int s = 0; s < recordBytes.length; s++) {
            rows.add(new Row(recordBytes[s], new Samples(KINDS.get(0), write[s][0], read[s][0]),
                    new Samples(KINDS.get(1), write[s][1], read[s][1])));
        }
        return new Result(records, repetitions, dir.toString(), rows);
    }

    /** Writes then reads {@code records} records of {@code size} bytes; {write, read} ns per record. */
    private double[] one(int size, RecordChecksum kind) {
        Path path = dir.resolve("ringlab-checksum-" + ProcessHandle.current().pid());
        LatencyExperiment.deleteIfExists(path);
        MemorySegment record = MemorySegment.ofArray(new byte[size]).fill((byte) 0x5A);
        MappedQueue.Config config = MappedQueue.Config.defaults().withChunkBytes(chunkBytes(size, records))
                .withPolicies(List.of(PrefaultPolicy.POPULATE)).withRecordChecksum(kind);
        try {
            long writeNanos;
            try (MappedQueueWriter w = MappedQueue.create(strategy, path, config)) {
                long t0 = System.nanoTime();
                for (long i = 0; i < records; i++) {
                    if (!w.offer(record)) {
                        throw new IllegalStateException("the checksum run's queue refused record " + i + " of " + size
                                + " bytes at " + w.position() + " in " + path);
                    }
                }
                writeNanos = System.nanoTime() - t0;
            }
            long readNanos;
            try (MappedQueueReader r = MappedQueue.attach(strategy, path, MappedQueue.StartAt.BEGINNING,
                    List.of(PrefaultPolicy.POPULATE))) {
                long bytes = 0;
                long t0 = System.nanoTime();
                for (long i = 0; i < records; i++) {
                    MemorySegment m = r.peek();
                    if (m == null) {
                        throw new IllegalStateException("the checksum run read " + i + " of " + records + " records from "
                                + path);
                    }
                    bytes += m.byteSize();
                    r.release();
                }
                readNanos = System.nanoTime() - t0;
                sink += bytes;
            }
            return new double[] {(double) writeNanos / records, (double) readNanos / records};
        } finally {
            LatencyExperiment.deleteIfExists(path);
        }
    }

    /** One chunk for all records and their headers (2 MiB steps): no growth, no fault in the timed loops. */
    static long chunkBytes(int size, long records) {
        long frames = records * (16 /* record header */ + ((size + 7L) & ~7L)) + (64 << 10);
        long step = 2L << 20;
        return (frames + step - 1) / step * step;
    }
}
