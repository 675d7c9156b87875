package org.ringlab.bench.driver.scenario;

import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.util.BitSet;
import java.util.concurrent.atomic.AtomicReference;

import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.QueueDiscipline;
import org.ringlab.api.Registries;
import org.ringlab.bench.util.SlicedWait;
import org.ringlab.bench.util.TwoCpus;

/**
 * Seed 001's whole driver as one system: a NIC thread delivering frames at a fixed rate into
 * the receive path (a buffer, the frame's bytes, the ring, the interrupt line), and a consumer
 * thread standing for the CPU that takes the interrupts and processes the packets: for every
 * interrupt it spends {@code interrupt ns} of CPU, for every packet it parses the headers,
 * checksums every byte, spends {@code work ns}, optionally updates a {@link FlowTable}, and
 * frees the buffer. A full ring or an empty pool drops the packet, as a NIC does; the NIC keeps
 * the buffer for the next frame. Loss, delivered rate, the consumer's CPU per packet and its
 * wake-ups per packet come out of one run ({@link DriverRun}).
 *
 * <p>Checked on every run, so a broken variant fails instead of looking fast: every frame's
 * checksums (a buffer reused too early corrupts them), sequence numbers only growing, every
 * offered packet delivered or counted as dropped, every buffer given back.
 *
 * <p>Entry point: {@link #run(DriverVariant, ScenarioConfig, MemoryStrategy, SpinWork)}.
 */
public final class DriverScenario {

    private static final Duration SETTLE = Duration.ofSeconds(30);
    private static final VarHandle DELIVERED;

    static {
        try {
            DELIVERED = MethodHandles.lookup().findVarHandle(Consumer.class, "deliveredPublished", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private DriverScenario() {
    }

    /** Runs {@code variant} once; the ring on {@code strategy}, its discipline from the registry. */
    public static DriverRun run(DriverVariant variant, ScenarioConfig config, MemoryStrategy strategy, SpinWork spin)
            throws InterruptedException {
        QueueDiscipline discipline = Registries.disciplines().require(variant.ring());
        try (RxRing ring = new RxRing(strategy, discipline, config.ringEntries());
             PacketBuffers buffers = variant.buffers() == DriverVariant.Buffers.MALLOC
                     ? new MallocBuffers(config.bufferBytes()) : new PoolBuffers(config.poolBuffers(), config.bufferBytes());
             FlowTable flows = config.flowTableBytes() == 0 ? null : new FlowTable(config.flowTableBytes())) {
            InterruptLine line = variant.interrupts() == DriverVariant.Interrupts.PER_PACKET ? new PerPacketInterrupts()
                    : new NapiInterrupts(config.budget());
            return new Run(variant, config, ring, buffers, line, flows, spin).run();
        }
    }

    /** The NIC's side: paces frames, allocates, writes, enqueues, raises. */
    private static final class Nic implements Runnable {
        final ScenarioConfig config;
        final RxRing ring;
        final PacketBuffers buffers;
        final InterruptLine line;
        long offered;
        long ringFull;
        long noBuffer;
        long spare = PacketBuffers.NONE;
        long startNanos;
        long endNanos;
        volatile boolean started;

        Nic(ScenarioConfig config, RxRing ring, PacketBuffers buffers, InterruptLine line) {
            this.config = config;
            this.ring = ring;
            this.buffers = buffers;
            this.line = line;
        }

        @Override
        public void run() {
            TwoCpus.pin(0);
            long packets = config.packets();
            int length = config.packetBytes();
            int flowCount = config.flows();
            double period = 1e9 / config.rate();
            long start = System.nanoTime();
            startNanos = start;
            started = true;
            long spareHandle = PacketBuffers.NONE;
            for (long s = 0; s < packets; s++) {
                long due = start + (long) (s * period);
                while (System.nanoTime() < due) {
                    Thread.onSpinWait(); // the wire's pace; a late NIC catches up in a burst, as a FIFO would
                }
                long h = spareHandle != PacketBuffers.NONE ? spareHandle : buffers.allocate();
                spareHandle = PacketBuffers.NONE;
                offered++;
                if (h == PacketBuffers.NONE) {
                    noBuffer++;
                    continue;
                }
                SyntheticFrame.write(buffers.segment(h), length, s, flowOf(s, flowCount));
                if (ring.enqueue(h)) {
                    line.packetEnqueued();
                } else {
                    ringFull++;
                    spareHandle = h; // the NIC keeps the buffer for the next frame
                }
            }
            endNanos = System.nanoTime();
            spare = spareHandle;
        }

        static int flowOf(long s, int flows) {
            long z = s * 0x9E3779B97F4A7C15L;
            z ^= z >>> 31;
            return (int) Long.remainderUnsigned(z, flows);
        }
    }

    /** The consumer's side: pays interrupts, polls, processes, frees, parks. */
    private static final class Consumer implements Runnable {
        final ScenarioConfig config;
        final RxRing ring;
        final PacketBuffers buffers;
        final InterruptLine line;
        final FlowTable flows;
        final long interruptIterations;
        final long workIterations;
        final int batch;
        final int budget;
        final long[] handles;
        long delivered;
        @SuppressWarnings("unused") // through DELIVERED
        volatile long deliveredPublished;
        long paid;
        long bad;
        long disorder;
        long last = -1;
        long cpuNanos = -1;

        Consumer(DriverVariant variant, ScenarioConfig config, RxRing ring, PacketBuffers buffers, InterruptLine line,
                 FlowTable flows, SpinWork spin) {
            this.config = config;
            this.ring = ring;
            this.buffers = buffers;
            this.line = line;
            this.flows = flows;
            this.interruptIterations = spin.iterationsFor(config.interruptNanos());
            this.workIterations = spin.iterationsFor(config.workNanos());
            this.batch = variant.batch();
            this.budget = line.budget(batch);
            this.handles = new long[batch];
        }

        /** Work after arming: a packet in the ring, or an interrupt raised but not yet paid. One instance, no allocation per park. */
        private final java.util.function.BooleanSupplier pending = this::workPending;

        private boolean workPending() {
            return !ring.isEmpty() || line.raised() != paid;
        }

        @Override
        public void run() {
            TwoCpus.pin(1);
            ThreadMXBean mx = ManagementFactory.getThreadMXBean();
            boolean cpu = mx.isThreadCpuTimeSupported() && mx.isThreadCpuTimeEnabled();
            long cpuStart = cpu ? mx.getCurrentThreadCpuTime() : 0;
            while (true) {
                payInterrupts();
                if (poll() >= budget) {
                    continue; // NAPI: the whole budget used, poll again with interrupts off
                }
                if (line.stopRequested()) {
                    payInterrupts(); // the NIC has stopped: its last interrupts are final
                    break;
                }
                line.parkUnlessPending(pending);
            }
            cpuNanos = cpu ? mx.getCurrentThreadCpuTime() - cpuStart : -1;
        }

        private void payInterrupts() {
            long r = line.raised();
            if (r != paid) {
                SpinWork.spin((r - paid) * interruptIterations); // the interrupts' entry and exit, on this CPU
                paid = r;
            }
        }

        /** One poll: at most the budget, in drains of the batch, each processed then freed as a group. */
        private int poll() {
            int processed = 0;
            long[] h = handles;
            int length = config.packetBytes();
            while (processed < budget) {
                int limit = Math.min(batch, budget - processed);
                int n = ring.dequeue(h, limit);
                for (int i = 0; i < n; i++) {
                    process(buffers.segment(h[i]), length);
                }
                for (int i = 0; i < n; i++) {
                    buffers.free(h[i]);
                }
                processed += n;
                if (n < limit) {
                    break;
                }
            }
            if (processed > 0) {
                delivered += processed;
                DELIVERED.setRelease(this, delivered); // publishes the count to the settling thread
            }
            return processed;
        }

        private void process(MemorySegment frame, int length) {
            long s = SyntheticFrame.verify(frame, length);
            if (s == SyntheticFrame.BAD) {
                bad++;
                return;
            }
            if (s <= last) {
                disorder++;
            }
            last = s;
            if (flows != null) {
                flows.update(frame, length, s);
            }
            SpinWork.spin(workIterations);
        }

        long publishedDelivered() {
            return (long) DELIVERED.getAcquire(this);
        }
    }

    private record Run(DriverVariant variant, ScenarioConfig config, RxRing ring, PacketBuffers buffers,
                       InterruptLine line, FlowTable flows, SpinWork spin) {

        DriverRun run() throws InterruptedException {
            Nic nic = new Nic(config, ring, buffers, line);
            Consumer consumer = new Consumer(variant, config, ring, buffers, line, flows, spin);
            AtomicReference<Throwable> failure = new AtomicReference<>();
            Thread ct = new Thread(guard(consumer, failure), "driver-consumer");
            Thread nt = new Thread(guard(nic, failure), "driver-nic");
            line.attachConsumer(ct);
            BitSet caller = TwoCpus.save();
            ct.start();
            nt.start();
            long end;
            try {
                nt.join();
                long enqueued = nic.offered - nic.ringFull - nic.noBuffer;
                SlicedWait.Budget settle = new SlicedWait.Budget(SETTLE); // a clock jump must not end it early
                while (consumer.publishedDelivered() < enqueued && failure.get() == null && ct.isAlive()) {
                    if (settle.spent()) {
                        throw new IllegalStateException(variant.name() + ": the consumer processed "
                                + consumer.publishedDelivered() + " of " + enqueued + " enqueued packets within "
                                + SETTLE.toSeconds() + " s");
                    }
                    Thread.sleep(0, 200_000);
                }
                end = System.nanoTime();
            } finally {
                line.requestStop();
                nt.join();
                ct.join();
                TwoCpus.restore(caller);
                if (nic.spare != PacketBuffers.NONE) {
                    buffers.free(nic.spare); // both threads have stopped
                    nic.spare = PacketBuffers.NONE;
                }
            }
            if (failure.get() != null) {
                throw new IllegalStateException(variant.name() + " failed: " + failure.get(), failure.get());
            }
            long enqueued = nic.offered - nic.ringFull - nic.noBuffer;
            if (consumer.bad != 0 || consumer.disorder != 0 || consumer.delivered != enqueued
                    || buffers.outstanding() != 0 || consumer.paid != line.raised()) {
                throw new IllegalStateException(String.format(java.util.Locale.ROOT,
                        "%s (%s) is broken: %d bad frames, %d out of order, %d delivered of %d enqueued, "
                                + "%d buffers not given back, %d of %d interrupts paid", variant.name(),
                        variant.describe(), consumer.bad, consumer.disorder, consumer.delivered, enqueued,
                        buffers.outstanding(), consumer.paid, line.raised()));
            }
            return new DriverRun(variant, nic.offered, nic.ringFull, nic.noBuffer, consumer.delivered, line.raised(),
                    line.parks(), nic.endNanos - nic.startNanos, Math.max(1, end - nic.startNanos), consumer.cpuNanos);
        }

        private static Runnable guard(Runnable r, AtomicReference<Throwable> failure) {
            return () -> {
                try {
                    r.run();
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                }
            };
        }
    }
}
