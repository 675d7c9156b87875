package org.ringlab.bench.jmh;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.management.ManagementFactory;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Group;
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
import org.ringlab.api.QueueProducer;
import org.ringlab.api.QueueSpec;
import org.ringlab.api.Registries;
import org.ringlab.api.RingMemory;
import org.ringlab.api.RingSpec;
import org.ringlab.bench.report.ForExperiment;
import org.ringlab.queues.napi.NapiAdaptiveQueue;
import org.ringlab.queues.napi.NapiConfig;
import org.ringlab.queues.napi.NapiPoller;
import org.ringlab.queues.napi.NapiStats;

/**
 * Seed 001's NAPI against an interrupt per packet: a producer offering 64-byte records at a
 * fixed rate ({@code periodNanos} apart; 672 ns is 1.488 M/s, 1 Gbit/s of 64-byte frames) into
 * a ring of 1024 records, a full ring dropping as a NIC does. The consumer is the queue's own
 * {@link NapiPoller} thread, not a JMH group thread: parking, waking and budgeted polling are
 * what is measured, and only the poller does them. Per iteration: records dropped, the
 * producer's wake-ups and the poller's polls, and the poller thread's CPU time
 * ({@code ThreadMXBean}); loss % = dropped / ops, CPU per record = pollerCpuNanos / (ops - dropped).
 */
@ForExperiment("driver")
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "-Xmx1g"})
@State(Scope.Group)
public class NapiBenchmark {

    static final int RECORD = 64;

    /** {@code napi} (budget 64, batches of 32) or {@code wake-per-item}. */
    @Param({"napi", "wake-per-item"})
    public String signalling;

    @Param({"mirrored-memfd"})
    public String strategy;

    @Param({"672"})
    public long periodNanos;

    private RingMemory memory;
    private NapiAdaptiveQueue queue;
    private NapiPoller poller;
    private QueueProducer producer;
    private MemorySegment record;
    private volatile Thread pollerThread;
    private long sum;
    private long next;

    @Setup(Level.Trial)
    public void setUp() {
        // Resolved through the registry, so an unavailable napi or strategy fails with its reason.
        Registries.disciplines().require("napi");
        NapiConfig config = switch (signalling) {
            case "napi" -> NapiConfig.defaults();
            case "wake-per-item" -> NapiConfig.wakePerItem();
            default -> throw new IllegalArgumentException("signalling must be napi or wake-per-item, got '"
                    + signalling + "'");
        };
        memory = Registries.memoryStrategies().require(strategy).allocate(RingSpec.ofCapacity(1024L * RECORD));
        try {
            queue = new NapiAdaptiveQueue(memory, QueueSpec.fixed(RECORD), config);
            poller = NapiPoller.start(queue, r -> {
                if (pollerThread == null) {
                    pollerThread = Thread.currentThread();
                }
                sum += r.get(ValueLayout.JAVA_LONG_UNALIGNED, 0);
            });
        } catch (RuntimeException e) {
            memory.close();
            throw e;
        }
        producer = queue.producer();
        record = QueueBench.record(RECORD);
        next = System.nanoTime();
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        try {
            poller.close();
        } finally {
            queue.close();
            memory.close();
        }
    }

    long pollerCpuNanos() {
        Thread t = pollerThread;
        return t == null ? 0 : Math.max(0, ManagementFactory.getThreadMXBean().getThreadCpuTime(t.threadId()));
    }

    /** Per iteration: drops counted by the producer; wake-ups, polls and poller CPU from the queue's counters. */
    @AuxCounters(AuxCounters.Type.EVENTS)
    @State(Scope.Thread)
    public static class Counters {
        public long dropped;
        public long wakeUps;
        public long polls;
        public long pollerCpuNanos;
        private NapiStats before;
        private long cpuBefore;

        @Setup(Level.Iteration)
        public void start(NapiBenchmark b) {
            dropped = 0;
            before = b.queue.stats();
            cpuBefore = b.pollerCpuNanos();
        }

        @TearDown(Level.Iteration)
        public void end(NapiBenchmark b) {
            NapiStats after = b.queue.stats();
            wakeUps = after.wakeUps() - before.wakeUps();
            polls = after.polls() - before.polls();
            pollerCpuNanos = b.pollerCpuNanos() - cpuBefore;
        }
    }

    @Benchmark
    @Group("napi")
    public void produce(Counters counters) {
        long due = next;
        long now;
        while ((now = System.nanoTime()) < due) {
            Thread.onSpinWait(); // the wire's pace, not the queue's
        }
        // Behind by more than a ring's worth (a GC, an iteration boundary): no burst to catch up.
        next = now - due > 1024 * periodNanos ? now + periodNanos : due + periodNanos;
        if (!producer.offer(record)) {
            counters.dropped++;
        }
    }
}
