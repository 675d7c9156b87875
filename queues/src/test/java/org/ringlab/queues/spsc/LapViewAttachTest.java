package org.ringlab.queues.spsc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.function.Function;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.ringlab.api.QueueSpec;
import org.ringlab.api.RecordQueue;
import org.ringlab.api.Registries;
import org.ringlab.api.RingMemory;
import org.ringlab.api.RingSpec;
import org.ringlab.api.SeamPlacement;

/**
 * {@link LapViewSpscQueue} (in place in the lap view) and {@link PaddedSegmentSpscQueue}
 * (through the strategy's calls) write the same frames, padding included, and so do
 * {@link LapViewCrossSpscQueue} and {@link SegmentSpscQueue} with seam placement cross on split
 * (records across the seam included), so a queue of either
 * class built again on the same memory (another process; the old queue abandoned unclosed, as a
 * process that died) takes every record the other left queued, in order, and goes on. The
 * classes alternate every 23 records over several laps of a small ring, with records queued
 * across padding at the switches.
 */
class LapViewAttachTest {

    private static final QueueSpec SPEC = QueueSpec.variable(200).withSeam(SeamPlacement.PAD);

    @ParameterizedTest
    @ValueSource(strings = {"split", "linearize"})
    void eitherClassTakesOverTheOthersRing(String strategy) {
        alternate(strategy, SPEC, m -> new PaddedSegmentSpscQueue("spsc", m, SPEC), LapViewSpscQueue.class);
    }

    @org.junit.jupiter.api.Test
    void withCrossEitherClassTakesOverTheOthersRing() {
        QueueSpec cross = SPEC.withSeam(SeamPlacement.CROSS);
        alternate("split", cross, m -> new SegmentSpscQueue("spsc", m, cross), LapViewCrossSpscQueue.class);
    }

    private static void alternate(String strategy, QueueSpec spec, Function<RingMemory, RecordQueue> segmentPath,
                                  Class<?> inPlaceClass) {
        Function<RingMemory, RecordQueue> lapView = m -> SpscRingQueue.create("spsc", m, spec);
        boolean pads = spec.seam() == SeamPlacement.PAD;
        try (RingMemory memory = Registries.memoryStrategies().require(strategy).allocate(RingSpec.ofCapacity(4096))) {
            ArrayDeque<byte[]> queued = new ArrayDeque<>();
            RecordQueue queue = lapView.apply(memory);
            assertInstanceOf(inPlaceClass, queue);
            long padding = 0;
            int switches = 0;
            long position = 0;
            int crossing = 0;
            int acrossTheSeam = 0; // switches with records queued on both sides of the seam
            byte[] out = new byte[200];
            for (int i = 0; i < 600; i++) {
                if (i > 0 && i % 23 == 0) {
                    padding += queue.counters().get("paddingBytes");
                    long consumer = queue.counters().get("consumerPosition");
                    if (consumer / 4096 != queue.counters().get("producerPosition") / 4096) {
                        acrossTheSeam++;
                    }
                    queue = (switches++ % 2 == 0 ? segmentPath : lapView).apply(memory); // the old one abandoned unclosed
                }
                byte[] record = new byte[1 + (i * 53) % 200];
                if (!pads) { // no padding: positions are the frames' running sum
                    long payload = position + SpscDescriptor.RECORD_HEADER_LENGTH;
                    crossing += payload / 4096 != (payload + record.length - 1) / 4096 ? 1 : 0;
                    position += SpscDescriptor.variableFrameLength(record.length);
                }
                Arrays.fill(record, (byte) i);
                assertTrue(queue.producer().offer(MemorySegment.ofArray(record)), "record " + i + " refused");
                queued.add(record);
                while (queued.size() > 5 + i % 11) {
                    int n = queue.consumer(0).poll(MemorySegment.ofArray(out));
                    byte[] expected = queued.poll();
                    assertEquals(expected.length, n, "length of the record offered as number " + (i - queued.size()));
                    assertArrayEquals(expected, Arrays.copyOf(out, n));
                }
            }
            while (!queued.isEmpty()) {
                byte[] expected = queued.poll();
                int n = queue.consumer(0).poll(MemorySegment.ofArray(out));
                assertEquals(expected.length, n);
                assertArrayEquals(expected, Arrays.copyOf(out, n));
            }
            assertEquals(org.ringlab.api.QueueConsumer.EMPTY, queue.consumer(0).poll(MemorySegment.ofArray(out)), "nothing left");
            padding += queue.counters().get("paddingBytes");
            if (pads) {
                assertTrue(padding > 0, "the records never padded at the seam: the test proves nothing about padding");
            } else {
                assertEquals(0, padding, "cross never pads");
                assertTrue(crossing >= 3, "only " + crossing + " payloads crossed the seam: the test proves nothing about them");
            }
            assertTrue(acrossTheSeam >= 3, "only " + acrossTheSeam + " of " + switches
                    + " switches had records queued across the seam");
        }
    }
}
