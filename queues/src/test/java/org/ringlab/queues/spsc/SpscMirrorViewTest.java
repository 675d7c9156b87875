package org.ringlab.queues.spsc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.ringlab.api.Capability;
import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.QueueConsumer;
import org.ringlab.api.QueueProducer;
import org.ringlab.api.QueueSpec;
import org.ringlab.api.RecordQueue;
import org.ringlab.api.Registries;
import org.ringlab.api.RingMemory;
import org.ringlab.api.RingSpec;

/**
 * spsc's mirror-view fast path: on a {@link org.ringlab.api.MirrorViewMemory} records go
 * straight into the view (no claim, commit or window per record) and read back identically,
 * wrapping the ring; without one, every record goes through the RingMemory calls. A closed
 * ring throws through the view, never crashes.
 */
class SpscMirrorViewTest {

    private static final long CAPACITY = 1 << 16;

    @Test
    void mirroredMemoryIsWrittenAndReadThroughItsViewAlone() {
        List<MemoryStrategy> mirrored = Registries.memoryStrategies().available().stream()
                .filter(s -> s.has(Capability.MIRRORED) && !s.has(Capability.GROWABLE)).toList();
        Assumptions.assumeFalse(mirrored.isEmpty(), "no mirrored strategy is available here");
        for (MemoryStrategy strategy : mirrored) {
            try (CountingSegmentMemory memory = new CountingMirror(strategy.allocate(RingSpec.ofCapacity(CAPACITY)))) {
                roundTrip(memory, strategy.name());
                assertEquals(0, memory.calls.get(), strategy.name() + ": claim/commit/window calls on the fast path");
            }
        }
    }

    @Test
    void withoutAViewEveryRecordGoesThroughTheRingMemoryCalls() {
        MemoryStrategy strategy = Registries.memoryStrategies().available().stream()
                .filter(s -> s.has(Capability.MIRRORED) && !s.has(Capability.GROWABLE)).findFirst()
                .orElseGet(() -> Registries.memoryStrategies().require("doubled"));
        try (CountingSegmentMemory memory = new CountingSegmentMemory(strategy.allocate(RingSpec.ofCapacity(CAPACITY)))) {
            roundTrip(memory, strategy.name() + " with its view hidden");
            assertTrue(memory.calls.get() >= 3 * 5000, "calls: " + memory.calls.get());
        }
    }

    @Test
    void aClosedRingThrowsThroughTheView() {
        MemoryStrategy strategy = Registries.memoryStrategies().available().stream()
                .filter(s -> s.has(Capability.MIRRORED) && !s.has(Capability.GROWABLE)).findFirst().orElse(null);
        Assumptions.assumeTrue(strategy != null, "no mirrored strategy is available here");
        RingMemory memory = strategy.allocate(RingSpec.ofCapacity(CAPACITY));
        RecordQueue queue = new SpscDiscipline().create(memory, QueueSpec.variable(64));
        assertTrue(queue.producer().offer(MemorySegment.ofArray(new byte[64])));
        memory.close();
        assertThrows(IllegalStateException.class, () -> queue.producer().offer(MemorySegment.ofArray(new byte[64])));
        assertThrows(IllegalStateException.class, () -> queue.consumer(0).poll(MemorySegment.ofArray(new byte[64])));
        queue.close();
    }

    /** 5,000 variable records (wrapping a 64 KiB ring several times) by offer/poll, claim/drain and batch/peek. */
    private static void roundTrip(RingMemory memory, String name) {
        try (RecordQueue queue = new SpscDiscipline().create(memory, QueueSpec.variable(200))) {
            QueueProducer p = queue.producer();
            QueueConsumer c = queue.consumer(0);
            byte[] dst = new byte[200];
            for (int i = 0; i < 5000; i++) {
                byte[] r = record(i);
                switch (i % 3) {
                    case 0 -> {
                        assertTrue(p.offer(MemorySegment.ofArray(r)), name);
                        int n = c.poll(MemorySegment.ofArray(dst));
                        assertArrayEquals(r, java.util.Arrays.copyOf(dst, n), name + " record " + i);
                    }
                    case 1 -> {
                        MemorySegment claim = p.claim(r.length);
                        MemorySegment.copy(MemorySegment.ofArray(r), 0, claim, 0, r.length);
                        p.commit(r.length);
                        List<byte[]> seen = new ArrayList<>();
                        assertEquals(1, c.drain(rec -> seen.add(rec.toArray(ValueLayout.JAVA_BYTE)), 8));
                        assertArrayEquals(r, seen.getFirst(), name + " record " + i);
                    }
                    default -> {
                        assertEquals(1, p.offer(new MemorySegment[] {MemorySegment.ofArray(r)}, 0, 1));
                        MemorySegment view = c.peek();
                        assertTrue(view.isReadOnly());
                        assertArrayEquals(r, view.toArray(ValueLayout.JAVA_BYTE), name + " record " + i);
                        c.release();
                    }
                }
            }
        }
    }

    private static byte[] record(int i) {
        byte[] r = new byte[1 + (i * 37) % 200];
        for (int k = 0; k < r.length; k++) {
            r[k] = (byte) (i * 131 + k);
        }
        return r;
    }

    /** The same counting memory, showing the delegate's mirror view: the queue then never calls the counted methods. */
    private static final class CountingMirror extends CountingSegmentMemory implements org.ringlab.api.MirrorViewMemory {
        CountingMirror(RingMemory delegate) {
            super(delegate);
        }

        @Override
        public MemorySegment mirrorView() {
            return ((org.ringlab.api.MirrorViewMemory) delegate).mirrorView();
        }
    }
}
