package org.ringlab.queues.spsc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;

import org.junit.jupiter.api.Test;
import org.ringlab.api.DoubledViewMemory;
import org.ringlab.api.QueueConsumer;
import org.ringlab.api.QueueProducer;
import org.ringlab.api.QueueSpec;
import org.ringlab.api.RecordQueue;
import org.ringlab.api.Registries;
import org.ringlab.api.RingMemory;
import org.ringlab.api.RingSpec;

/**
 * {@link DoubledViewSpscQueue} on the doubled ring: every record written and read in place (no
 * claim, commit, window or release-store call on the memory), yet the mechanism is paid in full:
 * after every operation the array's two copies are equal, byte for byte, and the mirror bytes
 * counted are those the segment path counts for the same records (payload, word, terminator).
 * Its frames are {@link SegmentSpscQueue}'s: either class takes over the other's ring.
 */
class DoubledViewSpscTest {

    private static final long CAPACITY = 4096; // many laps, records across the seam
    private static final QueueSpec SPEC = QueueSpec.variable(200);

    private static RingMemory doubled() {
        return Registries.memoryStrategies().require("doubled").allocate(RingSpec.ofCapacity(CAPACITY));
    }

    @Test
    void everyRecordInPlaceAndEveryByteTwice() {
        try (RingMemory raw = doubled(); CountingDoubled memory = new CountingDoubled(raw)) {
            long twinned = 0;
            try (RecordQueue queue = SpscRingQueue.create("spsc", memory, SPEC)) {
                assertInstanceOf(DoubledViewSpscQueue.class, queue);
                twinned = roundTrip(queue, memory.doubledView());
            }
            assertEquals(0, memory.calls.get(), "claim/commit/window/writeIntRelease calls on the in-place path");
            assertEquals(twinned, raw.copyCounters().mirrorBytes(),
                    "mirror bytes: payload, word and terminator of every record, as the segment path counts them");
        }
    }

    @Test
    void theSegmentPathCountsTheSameMirrorBytes() {
        try (RingMemory memory = doubled()) {
            long twinned;
            try (RecordQueue queue = new SegmentSpscQueue("spsc", memory, SPEC)) {
                twinned = roundTrip(queue, ((DoubledViewMemory) memory).doubledView());
            }
            assertEquals(twinned + 4, memory.copyCounters().mirrorBytes(), "the same, and the zero word it writes on a new ring");
        }
    }

    /** The check above must catch a queue that skips the second write: it reads its own records right. */
    @Test
    void aQueueThatSkipsTheSecondWriteIsCaught() {
        try (RingMemory memory = doubled();
             RecordQueue queue = new NoTwinDoubledViewSpscQueue("spsc", (DoubledViewMemory) memory, SPEC)) {
            AssertionError e = assertThrows(AssertionError.class, () -> roundTrip(queue, ((DoubledViewMemory) memory).doubledView()));
            assertTrue(e.getMessage().contains("copies differ"), e.getMessage());
        }
    }

    @Test
    void eitherClassTakesOverTheOthersRing() {
        Function<RingMemory, RecordQueue> segmentPath = m -> new SegmentSpscQueue("spsc", m, SPEC);
        Function<RingMemory, RecordQueue> inPlace = m -> SpscRingQueue.create("spsc", m, SPEC);
        try (RingMemory memory = doubled()) {
            ArrayDeque<byte[]> queued = new ArrayDeque<>();
            RecordQueue queue = inPlace.apply(memory);
            assertInstanceOf(DoubledViewSpscQueue.class, queue);
            int switches = 0;
            int acrossTheSeam = 0;
            byte[] out = new byte[200];
            for (int i = 0; i < 600; i++) {
                if (i > 0 && i % 23 == 0) {
                    if (queue.counters().get("consumerPosition") / CAPACITY != queue.counters().get("producerPosition") / CAPACITY) {
                        acrossTheSeam++;
                    }
                    queue = (switches++ % 2 == 0 ? segmentPath : inPlace).apply(memory); // the old one abandoned unclosed
                }
                byte[] record = new byte[1 + (i * 53) % 200];
                Arrays.fill(record, (byte) i);
                assertTrue(queue.producer().offer(MemorySegment.ofArray(record)), "record " + i + " refused");
                queued.add(record);
                while (queued.size() > 5 + i % 11) {
                    int n = queue.consumer(0).poll(MemorySegment.ofArray(out));
                    assertArrayEquals(queued.poll(), Arrays.copyOf(out, n));
                }
            }
            while (!queued.isEmpty()) {
                int n = queue.consumer(0).poll(MemorySegment.ofArray(out));
                assertArrayEquals(queued.poll(), Arrays.copyOf(out, n));
            }
            assertEquals(QueueConsumer.EMPTY, queue.consumer(0).poll(MemorySegment.ofArray(out)), "nothing left");
            assertTrue(acrossTheSeam >= 3, "only " + acrossTheSeam + " of " + switches + " switches had records queued across the seam");
        }
    }

    /**
     * 3,000 records of 1-200 bytes by offer/poll, claim/commit/drain, batches of three and
     * peek/release; after each step the two copies of the 2N array are compared. Returns the
     * mirror bytes the segment path's rule gives: payload + 8 per record (its word's twin and
     * one terminator's twin; a batch of k writes k words and one terminator).
     */
    private static long roundTrip(RecordQueue queue, MemorySegment array) {
        QueueProducer p = queue.producer();
        QueueConsumer c = queue.consumer(0);
        byte[] dst = new byte[200];
        long expected = 0;
        for (int i = 0; i < 3000; i++) {
            byte[] r = record(i);
            switch (i % 4) {
                case 0 -> {
                    assertTrue(p.offer(MemorySegment.ofArray(r)));
                    expected += r.length + 8;
                    sameCopies(array, i);
                    int n = c.poll(MemorySegment.ofArray(dst));
                    assertArrayEquals(r, Arrays.copyOf(dst, n), "record " + i);
                }
                case 1 -> {
                    MemorySegment claim = p.claim(r.length);
                    MemorySegment.copy(MemorySegment.ofArray(r), 0, claim, 0, r.length);
                    p.commit(r.length);
                    expected += r.length + 8;
                    sameCopies(array, i);
                    List<byte[]> seen = new ArrayList<>();
                    assertEquals(1, c.drain(rec -> seen.add(rec.toArray(ValueLayout.JAVA_BYTE)), 8));
                    assertArrayEquals(r, seen.getFirst(), "record " + i);
                }
                case 2 -> {
                    byte[][] batch = {r, record(i + 7), record(i + 11)};
                    assertEquals(3, p.offer(new MemorySegment[] {MemorySegment.ofArray(batch[0]),
                            MemorySegment.ofArray(batch[1]), MemorySegment.ofArray(batch[2])}, 0, 3));
                    expected += batch[0].length + batch[1].length + batch[2].length + 3 * 4 + 4;
                    sameCopies(array, i);
                    for (byte[] b : batch) {
                        int n = c.poll(MemorySegment.ofArray(dst));
                        assertArrayEquals(b, Arrays.copyOf(dst, n), "batch of record " + i);
                    }
                }
                default -> {
                    assertTrue(p.offer(MemorySegment.ofArray(r)));
                    expected += r.length + 8;
                    sameCopies(array, i);
                    MemorySegment view = c.peek();
                    assertArrayEquals(r, view.toArray(ValueLayout.JAVA_BYTE), "record " + i);
                    c.release();
                }
            }
        }
        return expected;
    }

    private static void sameCopies(MemorySegment array, int step) {
        long n = array.byteSize() / 2;
        long at = array.asSlice(0, n).mismatch(array.asSlice(n, n));
        if (at >= 0) {
            throw new AssertionError("after record " + step + " the copies differ at offset " + at + ": "
                    + array.get(ValueLayout.JAVA_BYTE, at) + " vs its twin " + array.get(ValueLayout.JAVA_BYTE, at + n));
        }
    }

    private static byte[] record(int i) {
        byte[] r = new byte[1 + (i * 37) % 200];
        for (int k = 0; k < r.length; k++) {
            r[k] = (byte) (i * 131 + k + 1);
        }
        return r;
    }

    /** The counting memory, showing the delegate's doubled view and twins: the queue then never calls the counted methods. */
    private static final class CountingDoubled extends CountingSegmentMemory implements DoubledViewMemory {
        private final DoubledViewMemory doubled;

        CountingDoubled(RingMemory delegate) {
            super(delegate);
            this.doubled = (DoubledViewMemory) delegate;
        }

        @Override
        public MemorySegment doubledView() {
            return doubled.doubledView();
        }

        @Override
        public void twin(MemorySegment from, long fromOffset, long at, long length) {
            doubled.twin(from, fromOffset, at, length);
        }

        @Override
        public void twinInt(long at, int value) {
            doubled.twinInt(at, value);
        }
    }
}
