package org.ringlab.bench.jmh;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.ringlab.api.MappedFileSpec;
import org.ringlab.api.PrefaultPolicy;
import org.ringlab.bench.report.ForExperiment;
import org.ringlab.queues.mapped.MappedQueue;
import org.ringlab.queues.mapped.MappedQueueReader;
import org.ringlab.queues.mapped.MappedQueueWriter;
import org.ringlab.queues.mapped.RecordChecksum;

/**
 * What the mapped queue's per-record checksum costs: {@value #RECORDS} {@code offer}s
 * into a fresh file, or {@value #RECORDS} {@code peek}+{@code release}s from a written one, per
 * invocation (so the file stays small on tmpfs: at most ~100 MB), reported per record, with
 * {@link RecordChecksum#CRC32C} and with {@link RecordChecksum#NONE}, chunks mapped with
 * {@code populate} so that page faults (the same for both) stay out of the difference. The
 * difference of the two is the checksum's cost per record. The report's checksum table and its
 * claim come from the mapped experiment ({@code ringlab mapped --table checksum}); this is the
 * cross-check in JMH's forks, and with {@code -prof gc} the proof that the path allocates nothing.
 */
@ForExperiment("mapped")
@BenchmarkMode(Mode.SingleShotTime)
@OperationsPerInvocation(MappedChecksumBenchmark.RECORDS)
@Warmup(iterations = 10)
@Measurement(iterations = 10)
public class MappedChecksumBenchmark extends JmhRun {

    static final int RECORDS = 100_000;

    @Param({"CRC32C", "NONE"})
    public RecordChecksum checksum;

    @Param({"32", "128", "1024"})
    public int recordBytes;

    private MemorySegment record;
    private Path writePath;
    private Path readPath;
    private MappedQueueWriter writer;
    private MappedQueueReader reader;

    private MappedQueue.Config config() {
        return MappedQueue.Config.defaults().withChunkBytes(4L << 20).withPolicies(List.of(PrefaultPolicy.POPULATE))
                .withRecordChecksum(checksum);
    }

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        record = MemorySegment.ofArray(new byte[recordBytes]).fill((byte) 0x5A);
        String pid = Long.toString(ProcessHandle.current().pid());
        writePath = MappedFileSpec.defaultDirectory().resolve("ringlab-jmh-crc-w-" + pid);
        readPath = MappedFileSpec.defaultDirectory().resolve("ringlab-jmh-crc-r-" + pid);
        Files.deleteIfExists(readPath);
        try (MappedQueueWriter w = MappedQueue.create(readPath, config())) {
            for (int i = 0; i < RECORDS; i++) {
                w.offer(record);
            }
        }
    }

    @Setup(Level.Iteration)
    public void open() throws IOException {
        Files.deleteIfExists(writePath);
        writer = MappedQueue.create(writePath, config()); // a fresh file: each iteration writes from position 0
        reader = MappedQueue.attach(readPath, MappedQueue.StartAt.BEGINNING, List.of(PrefaultPolicy.POPULATE));
    }

    @TearDown(Level.Iteration)
    public void close() throws IOException {
        writer.close();
        reader.close();
        Files.deleteIfExists(writePath);
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
        Files.deleteIfExists(readPath);
    }

    @Benchmark
    public long write() {
        MappedQueueWriter w = writer;
        MemorySegment r = record;
        for (int i = 0; i < RECORDS; i++) {
            w.offer(r);
        }
        return w.position();
    }

    @Benchmark
    public long read() {
        MappedQueueReader q = reader;
        long bytes = 0;
        for (int i = 0; i < RECORDS; i++) {
            bytes += q.peek().byteSize();
            q.release();
        }
        return bytes;
    }
}
