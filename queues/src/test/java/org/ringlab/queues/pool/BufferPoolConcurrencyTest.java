package org.ringlab.queues.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;
import org.ringlab.api.QueueSpec;
import org.ringlab.api.Registries;
import org.ringlab.api.RingMemory;
import org.ringlab.api.RingSpec;
import org.ringlab.queues.napi.NapiAdaptiveQueue;
import org.ringlab.queues.napi.NapiConfig;
import org.ringlab.queues.napi.NapiPoller;

/**
 * Seed 001's optimized driver end to end: a receive thread allocates packet buffers from an
 * {@link BufferPool.Threading#SPSC} pool, writes a payload and pushes a header into the
 * headroom, and passes the buffer's index through a napi ring; the poller pulls the header,
 * checks every byte and frees the buffer on its own thread. Each buffer carries its owner's
 * stamp, so a buffer handed out while still in use, or a free whose writes the next allocation
 * does not see, is a violation.
 */
class BufferPoolConcurrencyTest {

    static final long PACKETS = 500_000;
    static final int BUFFERS = 64;
    static final int HEADROOM = 32;
    static final int PAYLOAD = 24;
    static final long FREED = 1L << 62;

    @Test
    void buffersAllocatedOnOneThreadAndFreedOnAnotherAreNeverSharedAndNeverLost() throws InterruptedException {
        AtomicLong violations = new AtomicLong();
        AtomicReference<String> first = new AtomicReference<>();
        AtomicLong received = new AtomicLong();
        try (BufferPool pool = BufferPool.create(BUFFERS, 128, BufferPool.Threading.SPSC);
             RingMemory memory = Registries.memoryStrategies().require("doubled").allocate(RingSpec.ofCapacity(4096));
             NapiAdaptiveQueue rx = new NapiAdaptiveQueue(memory, QueueSpec.fixed(4), NapiConfig.defaults())) {
            NapiPoller poller = NapiPoller.start(rx, record -> {
                long seq = received.get();
                PacketBuffer p = pool.packet(record.get(ValueLayout.JAVA_INT_UNALIGNED, 0));
                MemorySegment b = p.buffer();
                boolean ok = b.get(ValueLayout.JAVA_LONG, 0) == seq
                        && p.length() == 8 + 8 + PAYLOAD
                        && b.get(ValueLayout.JAVA_LONG_UNALIGNED, p.dataOffset()) == ~seq;
                p.pull(8); // strip the header: an offset moves
                ok &= p.dataOffset() == HEADROOM && b.get(ValueLayout.JAVA_LONG_UNALIGNED, p.dataOffset()) == seq;
                for (int i = 0; ok && i < PAYLOAD; i++) {
                    ok = b.get(ValueLayout.JAVA_BYTE, p.dataOffset() + 8 + i) == (byte) (seq + i);
                }
                if (!ok && violations.getAndIncrement() == 0) {
                    first.set("packet " + seq + " in buffer " + p.index() + ": owner stamp " + b.get(ValueLayout.JAVA_LONG, 0));
                }
                b.set(ValueLayout.JAVA_LONG, 0, seq | FREED);
                pool.free(p);
                received.set(seq + 1);
            });
            long exhausted = 0;
            MemorySegment descriptor = MemorySegment.ofArray(new byte[4]);
            for (long seq = 0; seq < PACKETS; seq++) {
                PacketBuffer p;
                while ((p = pool.allocatePacket(HEADROOM)) == null) {
                    exhausted++; // every buffer in flight: the consumer frees them soon
                    Thread.onSpinWait();
                }
                MemorySegment b = p.buffer();
                long stamp = b.get(ValueLayout.JAVA_LONG, 0);
                if (stamp != 0 && (stamp & FREED) == 0 && violations.getAndIncrement() == 0) {
                    first.set("buffer " + p.index() + " allocated for packet " + seq + " while packet " + stamp + " holds it");
                }
                b.set(ValueLayout.JAVA_LONG, 0, seq);
                int at = p.put(8 + PAYLOAD);
                b.set(ValueLayout.JAVA_LONG_UNALIGNED, at, seq);
                for (int i = 0; i < PAYLOAD; i++) {
                    b.set(ValueLayout.JAVA_BYTE, at + 8 + i, (byte) (seq + i));
                }
                b.set(ValueLayout.JAVA_LONG_UNALIGNED, p.push(8), ~seq); // the header, into the headroom
                descriptor.set(ValueLayout.JAVA_INT_UNALIGNED, 0, p.index());
                assertTrue(rx.producer().offer(descriptor), "the ring holds more descriptors than there are buffers");
            }
            long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
            while (received.get() < PACKETS && System.nanoTime() < deadline) {
                Thread.sleep(1);
            }
            poller.close();
            assertEquals(0, violations.get(), first.get());
            assertEquals(PACKETS, received.get());
            assertEquals(BUFFERS, pool.available(), "every buffer is back");
            System.out.println("pool + napi driver: " + PACKETS + " packets, pool exhausted " + exhausted + " times, "
                    + rx.stats());
        }
    }
}
