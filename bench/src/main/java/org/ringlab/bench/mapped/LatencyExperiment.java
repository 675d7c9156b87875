package org.ringlab.bench.mapped;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.BitSet;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.zip.DataFormatException;

import org.HdrHistogram.Histogram;
import org.ringlab.api.PrefaultPolicy;
import org.ringlab.bench.history.ChildJvm;
import org.ringlab.bench.history.Stats;
import org.ringlab.linux.LinuxThreads;
import org.ringlab.queues.mapped.MappedQueue;
import org.ringlab.queues.mapped.MappedQueueWriter;

/**
 * Seed 004's latency table: a writer in this process enqueues 128-byte records carrying
 * {@code System.nanoTime()} (CLOCK_MONOTONIC, one clock for every process on the machine) at a
 * fixed interval; a reader in a fresh JVM ({@code ringlab mapped reader}) busy-polls the queue
 * and records enqueue-to-dequeue time in an HdrHistogram, which it hands back encoded on its
 * stdout. Cells: tmpfs or disk directory × pinned (writer on one CPU, reader on another,
 * {@code sched_setaffinity}) or not.
 */
final class LatencyExperiment {

    static final int RECORD = 128;
    /** Above this, a sample counts in the seed's "> 1 ms (‰)" column. */
    static final long ONE_MILLI = 1_000_000;
    /** The writer parks when the next message is further away than this, else spins. */
    private static final long PARK_ABOVE_NANOS = 80_000;

    record Cell(String name, String store, Path dir, boolean pinned, String seed) {
    }

    /** One cell's figures in microseconds; medians over the repetitions when there are several. */
    record Result(Cell cell, long count, double over1msPerMille, Stats mean, Stats p50, Stats p90, Stats p99,
                  Stats p999, Stats max) {
    }

    private final PrintWriter progress;
    private final long messages;
    private final long warmup;
    private final long intervalNanos;
    private final List<PrefaultPolicy> writerPolicies;
    private final List<PrefaultPolicy> readerPolicies;

    LatencyExperiment(PrintWriter progress, long messages, long warmup, long intervalNanos,
                      List<PrefaultPolicy> writerPolicies, List<PrefaultPolicy> readerPolicies) {
        this.progress = progress;
        this.messages = messages;
        this.warmup = warmup;
        this.intervalNanos = intervalNanos;
        this.writerPolicies = writerPolicies;
        this.readerPolicies = readerPolicies;
    }

    /** The seed's four rows, in its order. */
    static List<Cell> cells(Path tmpfs, Path disk) {
        return List.of(new Cell("Disk", "disk", disk, false, "3.8 ‰, mean 18, p90 9"),
                new Cell("Bind-d", "disk", disk, true, "1.6 ‰, mean 19, p90 12"),
                new Cell("Tmpfs", "mem", tmpfs, false, "2.2 ‰, mean 16, p90 9"),
                new Cell("Bind-m", "mem", tmpfs, true, "0.5 ‰, mean 9, p90 7"));
    }

    List<Result> run(List<Cell> cells, int repetitions) {
        BitSet cpus = LinuxThreads.currentThreadAffinity();
        int writerCpu = cpus.nextSetBit(0);
        int readerCpu = cpus.nextSetBit(writerCpu + 1);
        List<Result> results = new ArrayList<>();
        for (Cell cell : cells) {
            if (cell.pinned && readerCpu < 0) {
                progress.println("mapped latency: " + cell.name + " skipped: pinning needs two CPUs, this process may use "
                        + cpus);
                continue;
            }
            List<Histogram> runs = new ArrayList<>();
            for (int rep = 0; rep < repetitions; rep++) {
                progress.printf("mapped latency: %s (%s, %s) run %d of %d: %d messages every %d µs%n", cell.name,
                        cell.dir, cell.pinned ? "writer on CPU " + writerCpu + ", reader on CPU " + readerCpu : "not pinned",
                        rep + 1, repetitions, messages, intervalNanos / 1000);
                progress.flush();
                runs.add(one(cell, cell.pinned ? writerCpu : -1, cell.pinned ? readerCpu : -1));
            }
            results.add(summarize(cell, runs));
        }
        return results;
    }

    private Result summarize(Cell cell, List<Histogram> runs) {
        long count = runs.stream().mapToLong(Histogram::getTotalCount).sum();
        double[] over = runs.stream().mapToDouble(h -> (h.getTotalCount() - h.getCountBetweenValues(0, ONE_MILLI))
                * 1000.0 / Math.max(1, h.getTotalCount())).toArray();
        return new Result(cell, count, Stats.of(over).median(), micros(runs, Histogram::getMean),
                micros(runs, h -> h.getValueAtPercentile(50)), micros(runs, h -> h.getValueAtPercentile(90)),
                micros(runs, h -> h.getValueAtPercentile(99)), micros(runs, h -> h.getValueAtPercentile(99.9)),
                micros(runs, h -> h.getMaxValue()));
    }

    private static Stats micros(List<Histogram> runs, java.util.function.ToDoubleFunction<Histogram> f) {
        return Stats.of(runs.stream().mapToDouble(h -> f.applyAsDouble(h) / 1000.0).toArray());
    }

    private Histogram one(Cell cell, int writerCpu, int readerCpu) {
        Path path = cell.dir.resolve("ringlab-latency-" + ProcessHandle.current().pid() + ".queue");
        deleteIfExists(path);
        MappedQueue.Config config = MappedQueue.Config.defaults().withChunkBytes(4L << 20).withMaxRecordBytes(RECORD)
                .withPolicies(writerPolicies);
        List<String> args = new ArrayList<>(List.of("mapped", "reader", "--file", path.toString(), "--messages",
                Long.toString(messages + warmup), "--warmup", Long.toString(warmup), "--reader-policy",
                PrefaultPolicy.describe(readerPolicies)));
        if (readerCpu >= 0) {
            args.addAll(List.of("--cpu", Integer.toString(readerCpu)));
        }
        Process child = null;
        try (MappedQueueWriter writer = MappedQueue.create(path, config)) {
            child = new ProcessBuilder(ChildJvm.command(args)).redirectError(ProcessBuilder.Redirect.INHERIT).start();
            child.getOutputStream().close();
            BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8));
            expect(out, "ready", child);
            send(writer, writerCpu);
            writer.close(); // the reader sees CLOSED once it has everything
            String result = expect(out, "result ", child);
            if (!child.waitFor(60, TimeUnit.SECONDS)) {
                throw new IllegalStateException("the reader JVM did not end");
            }
            return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(Base64.getDecoder()
                    .decode(result.substring("result ".length()))), 0);
        } catch (IOException e) {
            throw new UncheckedIOException("the latency reader JVM failed: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        } catch (DataFormatException e) {
            throw new IllegalStateException("the reader's histogram does not decode: " + e.getMessage(), e);
        } finally {
            if (child != null) {
                child.destroyForcibly();
            }
            deleteIfExists(path);
        }
    }

    /** Enqueues warm-up + measured records on a fixed schedule, pinned if asked (restored after). */
    private void send(MappedQueueWriter writer, int cpu) {
        BitSet saved = LinuxThreads.currentThreadAffinity();
        if (cpu >= 0) {
            LinuxThreads.pinCurrentThread(cpu);
        }
        try {
            MemorySegment record = MemorySegment.ofArray(new long[RECORD / 8]);
            long next = System.nanoTime();
            for (long seq = 0, total = messages + warmup; seq < total; seq++) {
                long now;
                while ((now = System.nanoTime()) < next) {
                    long wait = next - now;
                    if (wait > PARK_ABOVE_NANOS) {
                        // Sleep most of the interval (timer slack is ~50 µs), spin the rest: the
                        // reader, not the writer's pacing, should have the CPU. The stamp is taken after.
                        LockSupport.parkNanos(wait - PARK_ABOVE_NANOS + 10_000);
                    } else {
                        Thread.onSpinWait();
                    }
                }
                record.set(ValueLayout.JAVA_LONG, 0, seq);
                record.set(ValueLayout.JAVA_LONG, 8, System.nanoTime());
                writer.offer(record);
                // A fixed schedule, but no burst to catch up after a stall (the stall is in the figures already).
                next = Math.max(next + intervalNanos, now);
            }
        } finally {
            if (cpu >= 0) {
                LinuxThreads.pinCurrentThread(saved);
            }
        }
    }

    private static String expect(BufferedReader out, String prefix, Process child) throws IOException {
        for (String line; (line = out.readLine()) != null; ) {
            if (line.startsWith(prefix)) {
                return line;
            }
        }
        throw new IllegalStateException("the latency reader JVM ended (exit " + exitCode(child) + ") before saying '"
                + prefix.trim() + "'");
    }

    private static String exitCode(Process p) {
        try {
            return p.waitFor(5, TimeUnit.SECONDS) ? Integer.toString(p.exitValue()) : "still running";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "unknown";
        }
    }

    private static void deleteIfExists(Path path) {
        try {
            Files.deleteIfExists(path);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
