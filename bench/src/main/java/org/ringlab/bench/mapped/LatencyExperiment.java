package org.ringlab.bench.mapped;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.ToDoubleFunction;
import java.util.zip.DataFormatException;

import org.HdrHistogram.Histogram;
import org.ringlab.api.PrefaultPolicy;
import org.ringlab.bench.harness.Fork;
import org.ringlab.bench.util.SlicedWait;
import org.ringlab.bench.report.Progress;
import org.ringlab.bench.util.Platform;
import org.ringlab.queues.mapped.MappedQueue;
import org.ringlab.queues.mapped.MappedQueueWriter;

/**
 * Seed 004's latency table: a writer in this process enqueues 128-byte records carrying
 * {@code System.nanoTime()} (CLOCK_MONOTONIC, one clock for every process on the machine) at a
 * fixed interval; a reader in a fresh JVM ({@code ringlab mapped reader}) busy-polls the queue
 * and records enqueue-to-dequeue time in an HdrHistogram, which it hands back encoded on its
 * stdout. Cells: tmpfs or disk directory × pinned (writer on one CPU, reader on another,
 * {@code sched_setaffinity}) or not.
 *
 * @param skipped the cells {@link #run} left out, each with its reason
 */
record LatencyExperiment(Progress progress, long messages, long warmup, long intervalNanos,
                        List<PrefaultPolicy> writerPolicies, List<PrefaultPolicy> readerPolicies, List<String> skipped) {

    static final int RECORD = 128;
    /** Above this, a sample counts in the seed's "> 1 ms (‰)" column. */
    static final long ONE_MILLI = 1_000_000;
    /** The writer parks when the next message is further away than this, else spins. */
    private static final long PARK_ABOVE_NANOS = 80_000;

    /** A row of the seed's table; {@code key} names its catalogue entries ({@code 004.latency-<key>-p90}). */
    record Cell(String name, String store, Path dir, boolean pinned, String key) {
    }

    /** One cell's figures in microseconds, one value per run (repetition). */
    record Result(Cell cell, long count, double[] over1msPerMille, double[] mean, double[] p50, double[] p90,
                  double[] p99, double[] p999, double[] max) {
    }

    /** The seed's four rows, in its order. */
    static List<Cell> cells(Path tmpfs, Path disk) {
        return List.of(new Cell("Disk", "disk", disk, false, "disk"),
                new Cell("Bind-d", "disk", disk, true, "bind-d"),
                new Cell("Tmpfs", "mem", tmpfs, false, "tmpfs"),
                new Cell("Bind-m", "mem", tmpfs, true, "bind-m"));
    }

    /**
     * Every cell {@code repetitions} times, the cells interleaved run by run (run r of every row
     * shares the machine's load of its moment), so that rows compare on paired runs.
     */
    List<Result> run(List<Cell> cells, int repetitions) {
        BitSet cpus = Platform.requireThreads().currentThreadAffinity();
        int writerCpu = cpus.nextSetBit(0);
        int readerCpu = cpus.nextSetBit(writerCpu + 1);
        List<Cell> runnable = new ArrayList<>();
        for (Cell cell : cells) {
            if (cell.pinned && readerCpu < 0) {
                skipped.add(cell.name + " (pinned): pinning needs two CPUs, this process may use " + cpus);
                progress.note("mapped latency: " + skipped.getLast());
            } else {
                runnable.add(cell);
            }
        }
        Map<Cell, List<Histogram>> runs = new LinkedHashMap<>();
        runnable.forEach(c -> runs.put(c, new ArrayList<>()));
        for (int rep = 0; rep < repetitions; rep++) {
            for (Cell cell : runnable) {
                progress.step(String.format(Locale.ROOT, "latency %s (%s, %s) run %d of %d: %d messages every %d µs",
                        cell.name, cell.dir, cell.pinned ? "writer on CPU " + writerCpu + ", reader on CPU " + readerCpu
                                : "not pinned", rep + 1, repetitions, messages, intervalNanos / 1000));
                runs.get(cell).add(one(cell, cell.pinned ? writerCpu : -1, cell.pinned ? readerCpu : -1));
            }
        }
        return runs.entrySet().stream().map(e -> summarize(e.getKey(), e.getValue())).toList();
    }

    private static Result summarize(Cell cell, List<Histogram> runs) {
        long count = runs.stream().mapToLong(Histogram::getTotalCount).sum();
        double[] over = runs.stream().mapToDouble(h -> (h.getTotalCount() - h.getCountBetweenValues(0, ONE_MILLI))
                * 1000.0 / Math.max(1, h.getTotalCount())).toArray();
        return new Result(cell, count, over, micros(runs, Histogram::getMean),
                micros(runs, h -> h.getValueAtPercentile(50)), micros(runs, h -> h.getValueAtPercentile(90)),
                micros(runs, h -> h.getValueAtPercentile(99)), micros(runs, h -> h.getValueAtPercentile(99.9)),
                micros(runs, h -> h.getMaxValue()));
    }

    private static double[] micros(List<Histogram> runs, ToDoubleFunction<Histogram> f) {
        return runs.stream().mapToDouble(h -> f.applyAsDouble(h) / 1000.0).toArray();
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
            child = Fork.streaming("org.ringlab.bench.RinglabMain", args).redirectError(ProcessBuilder.Redirect.INHERIT).start();
            child.getOutputStream().close();
            BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8));
            expect(out, "ready", child);
            send(writer, writerCpu);
            writer.close(); // the reader sees CLOSED once it has everything
            String result = expect(out, "result ", child);
            if (!SlicedWait.waitFor(child, Duration.ofSeconds(60))) {
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
        BitSet saved = Platform.requireThreads().currentThreadAffinity();
        if (cpu >= 0) {
            Platform.requireThreads().pinCurrentThread(cpu);
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
                Platform.requireThreads().pinCurrentThread(saved);
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

    /** A scratch file of a table's run, gone before and after it. */
    static void deleteIfExists(Path path) {
        try {
            Files.deleteIfExists(path);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
