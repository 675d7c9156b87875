package org.ringlab.queues.napi;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.time.Duration;
import java.util.BitSet;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import org.ringlab.api.QueueProducer;
import org.ringlab.api.RecordQueue;

/**
 * A producer thread offering numbered records at a fixed rate (a NIC receiving at line rate)
 * into a napi queue, and a {@link NapiPoller} checking every record. Record {@code s} is 8 bytes
 * of {@code s} then {@code s % 57} bytes derived from {@code s}. The producer notes every
 * sequence number it dropped, the poller every one it received (each in its own {@link BitSet},
 * written by one thread, read after both stopped), so "delivered + dropped == offered" is
 * checked record by record, not only as a sum; and the poller checks that sequence numbers only
 * grow and that every byte is right.
 */
final class NapiTraffic {

    static final int MAX_RECORD = 8 + 56;

    /**
     * @param producerSeconds wall time of the producer loop
     * @param pollerCpuSeconds CPU time the poller thread used over the whole run
     */
    record Result(long offered, BitSet delivered, BitSet dropped, long violations, String firstViolation,
                  NapiStats stats, double producerSeconds, double pollerCpuSeconds) {
    }

    private NapiTraffic() {
    }

    static byte payloadByte(long sequence, int i) {
        return (byte) (sequence * 31 + i * 7 + 1);
    }

    static int length(long sequence) {
        return 8 + (int) (sequence % 57);
    }

    /**
     * Offers {@code records} records, one every {@code 1e9 / ratePerSecond} ns (0: as fast as
     * possible); the poller spends {@code handlerNanos} on each record (0: nothing beyond checking).
     */
    static Result run(NapiAdaptiveQueue queue, long records, long ratePerSecond, long handlerNanos)
            throws InterruptedException {
        Checker checker = new Checker(handlerNanos);
        BitSet dropped = new BitSet();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        long[] producerNanos = new long[1];
        long cpuBefore;
        try (NapiPoller poller = NapiPoller.start(queue, checker)) {
            cpuBefore = cpuTime(poller);
            Thread producer = new Thread(() -> {
                try {
                    producerNanos[0] = produce(queue.producer(), records, ratePerSecond, dropped);
                } catch (Throwable t) {
                    failure.set(t);
                }
            }, "napi-traffic-producer");
            producer.start();
            producer.join(TimeUnit.MINUTES.toMillis(2));
            if (failure.get() != null) {
                throw new AssertionError("producer failed", failure.get());
            }
            // Everything accepted must arrive; the poller then goes back to interrupt mode.
            long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
            while (queue.stats().delivered() < queue.stats().accepted() && System.nanoTime() < deadline) {
                Thread.sleep(1);
            }
            checker.cpuSeconds = (cpuTime(poller) - cpuBefore) / 1e9;
        }
        return new Result(records, checker.received, dropped, checker.violations, checker.first, queue.stats(),
                producerNanos[0] / 1e9, checker.cpuSeconds);
    }

    /**
     * CPU time of the poller's thread, through reflection: the tests compile as a patch of the
     * queues module, which does not read java.management; they run on the class path, which does.
     */
    static long cpuTime(NapiPoller poller) {
        try {
            Object mx = Class.forName("java.lang.management.ManagementFactory").getMethod("getThreadMXBean").invoke(null);
            Class<?> type = Class.forName("java.lang.management.ThreadMXBean");
            long t = (long) type.getMethod("getThreadCpuTime", long.class).invoke(mx, poller.thread().threadId());
            return Math.max(t, 0);
        } catch (ReflectiveOperationException | RuntimeException e) {
            return 0;
        }
    }

    private static long produce(QueueProducer producer, long records, long ratePerSecond, BitSet dropped) {
        MemorySegment buffer = MemorySegment.ofArray(new byte[MAX_RECORD]);
        double period = ratePerSecond == 0 ? 0 : 1e9 / ratePerSecond;
        long start = System.nanoTime();
        for (long s = 0; s < records; s++) {
            if (period > 0) {
                long due = start + (long) (s * period);
                while (System.nanoTime() < due) {
                    Thread.onSpinWait(); // the wire's pace, not the queue's
                }
            }
            int length = length(s);
            buffer.set(ValueLayout.JAVA_LONG_UNALIGNED, 0, s);
            for (int i = 8; i < length; i++) {
                buffer.set(ValueLayout.JAVA_BYTE, i, payloadByte(s, i));
            }
            if (!producer.offer(buffer.asSlice(0, length))) {
                dropped.set((int) s);
            }
        }
        return System.nanoTime() - start;
    }

    private static final class Checker implements RecordQueue.RecordHandler {
        final BitSet received = new BitSet();
        final long handlerNanos;
        long last = -1;
        long violations;
        String first;
        double cpuSeconds;

        Checker(long handlerNanos) {
            this.handlerNanos = handlerNanos;
        }

        @Override
        public void onRecord(MemorySegment record) {
            long s = record.byteSize() >= 8 ? record.get(ValueLayout.JAVA_LONG_UNALIGNED, 0) : -1;
            boolean ok = s > last && record.byteSize() == length(s);
            for (int i = 8; ok && i < record.byteSize(); i++) {
                ok = record.get(ValueLayout.JAVA_BYTE, i) == payloadByte(s, i);
            }
            if (!ok) {
                if (violations++ == 0) {
                    first = "after record " + last + ": got sequence " + s + ", " + record.byteSize() + " bytes";
                }
            } else {
                received.set((int) s);
                last = s;
            }
            if (handlerNanos > 0) {
                long until = System.nanoTime() + handlerNanos;
                while (System.nanoTime() < until) {
                    Thread.onSpinWait(); // packet processing
                }
            }
        }
    }
}
