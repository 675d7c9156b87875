package org.ringlab.conformance.kit;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.function.Executable;
import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.RingMemory;
import org.ringlab.api.RingSpec;

/**
 * The bad arguments of the RingMemory SPI, refused with a message naming the bad value; use after close throws
 * {@link IllegalStateException} (never a JVM crash), also through segments obtained before
 * close; a second close is harmless.
 */
public final class BadInput {

    private BadInput() {
    }

    public static void check(MemoryStrategy s) {
        Assumptions.assumeTrue(s.availability().isAvailable(),
                () -> "skipped: " + s.name() + " is unavailable: " + s.availability().reason());
        long g = s.granularity();
        List<Long> bad = new ArrayList<>(List.of(0L, -1L, -g));
        if (g > 1) {
            bad.add(g + 1);
            bad.add(g / 2);
        }
        for (long capacity : bad) {
            assertMessageNames(capacity, () -> s.allocate(RingSpec.ofCapacity(capacity)).close());
        }
        long n = Math.max(g, Math.ceilDiv(4096, g) * g);
        try (RingMemory ring = s.allocate(RingSpec.ofCapacity(n))) {
            assertMessageNames(n + 1, () -> ring.claim(0, n + 1));
            assertMessageNames(n + 1, () -> ring.window(0, n + 1));
            assertMessageNames(-1, () -> ring.claim(0, -1));
            assertMessageNames(-5, () -> ring.window(-5, 1));
            assertMessageNames(-5, () -> ring.claim(-5, 1));
            assertMessageNames(Long.MAX_VALUE, () -> ring.window(Long.MAX_VALUE, 1));
            ring.write(10, MemorySegment.ofArray(new byte[4]));
            // The last commit ended at 14: a claim before it goes backwards.
            assertMessageNames(13, () -> ring.claim(13, 1));
            assertThrows(IllegalStateException.class, () -> ring.commit(14, 1), "commit without a claim");
            ring.claim(14, 2);
            assertMessageNames(15, () -> ring.commit(15, 1));
            assertMessageNames(3, () -> ring.commit(14, 3));
            assertDoesNotThrow(() -> ring.commit(14, 2));
            // A release store rewrites a word the ring holds: [16 - n, 12] after a commit ending at 16.
            assertMessageNames(13, () -> ring.writeIntRelease(13, 1));
            assertMessageNames(-5, () -> ring.readIntAcquire(-5));
            assertDoesNotThrow(() -> ring.writeIntRelease(12, 7));
            assertEquals(7, ring.readIntAcquire(12), "readIntAcquire after writeIntRelease(12, 7)");
            // A payload and a zero int after it: the int may not overlap the payload, the span
            // may not exceed a lap, and the payload may not go back before the end at 16.
            MemorySegment four = MemorySegment.ofArray(new byte[4]);
            assertMessageNames(18, () -> ring.writeThenZeroInt(16, four, 18));
            assertMessageNames(16 + n, () -> ring.writeThenZeroInt(16, four, 16 + n));
            assertMessageNames(15, () -> ring.writeThenZeroInt(15, four, 20));
            assertMessageNames(-5, () -> ring.writeThenZeroInt(-5, four, 0));
            assertDoesNotThrow(() -> ring.writeThenZeroInt(16, four, 24));
            assertEquals(0, ring.readInt(24), "readInt of the zero int after writeThenZeroInt(16, 4 bytes, 24)");
            assertMessageNames(27, () -> ring.claim(27, 1)); // the last write ended at 28, the zero int's end
        }
        RingMemory ring = s.allocate(RingSpec.ofCapacity(n));
        MemoryContract.useAfterClose(ring);
        assertFalse(ring.isOpen());
        assertThrows(IllegalStateException.class, () -> ring.claim(1, 1));
        assertThrows(IllegalStateException.class, () -> ring.commit(1, 1));
        assertThrows(IllegalStateException.class, () -> ring.write(1, MemorySegment.ofArray(new byte[1])));
        assertThrows(IllegalStateException.class, () -> ring.writeIntRelease(0, 1), "writeIntRelease after close");
        assertThrows(IllegalStateException.class, () -> ring.writeThenZeroInt(1, MemorySegment.ofArray(new byte[1]), 4),
                "writeThenZeroInt after close");
        assertThrows(IllegalStateException.class, () -> ring.readIntAcquire(0), "readIntAcquire after close");
        assertDoesNotThrow(ring::close, "a second close");
    }

    /**
     * A queue's bad arguments: a record longer than the spec allows (offer and claim), a drain
     * limit of 0, a destination too small for the record, a consumer index out of range, more
     * consumers than the discipline takes (or a record larger than the memory), each refused
     * naming the value; use after close throws {@link IllegalStateException}.
     */
    public static void check(Cell cell) {
        cell.assumeAvailable();
        org.ringlab.api.QueueSpec spec = cell.spec();
        int size = spec.recordSize();
        try (RingMemory memory = cell.strategy().allocate(RingSpec.ofCapacity(cell.capacity()))) {
            org.ringlab.api.RecordQueue queue = cell.discipline().create(memory, spec);
            try {
                org.ringlab.api.QueueProducer producer = queue.producer();
                org.ringlab.api.QueueConsumer consumer = queue.consumer(0);
                assertMessageNames(size + 1, () -> producer.offer(MemorySegment.ofArray(new byte[size + 1])));
                assertMessageNames(size + 1, () -> producer.claim(size + 1));
                assertMessageNames(0, () -> consumer.drain(r -> { }, 0));
                assertTrue(producer.offer(MemorySegment.ofArray(new byte[size])), "an empty queue took no record");
                IllegalArgumentException small = assertThrows(IllegalArgumentException.class,
                        () -> consumer.poll(MemorySegment.ofArray(new byte[size - 1])), "poll into a destination too small");
                assertTrue(small.getMessage().contains(Integer.toString(size)), "message should name the record's "
                        + size + " bytes: " + small.getMessage());
                int beyond = spec.consumers();
                IndexOutOfBoundsException index = assertThrows(IndexOutOfBoundsException.class, () -> queue.consumer(beyond));
                assertTrue(index.getMessage().contains(Integer.toString(beyond)), "message should name " + beyond + ": "
                        + index.getMessage());
            } finally {
                queue.close();
            }
            assertThrows(IllegalStateException.class, () -> queue.producer().offer(MemorySegment.ofArray(new byte[1])),
                    "offer after close");
        }
        for (org.ringlab.api.QueueSpec tooMuch : List.of(spec.withConsumers(65),
                spec.mode() == org.ringlab.api.QueueSpec.RecordMode.FIXED
                        ? org.ringlab.api.QueueSpec.fixed(Math.toIntExact(2 * cell.capacity()))
                        : org.ringlab.api.QueueSpec.variable(Math.toIntExact(2 * cell.capacity())))) {
            try (RingMemory memory = cell.strategy().allocate(RingSpec.ofCapacity(cell.capacity()))) {
                long named = tooMuch.consumers() > 1 ? tooMuch.consumers() : tooMuch.recordSize();
                assertMessageNames(named, () -> cell.discipline().create(memory, tooMuch).close());
            }
        }
    }

    private static void assertMessageNames(long value, Executable call) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call, "should refuse " + value);
        assertTrue(e.getMessage().contains(Long.toString(value)), "message should name " + value + ": " + e.getMessage());
    }
}
