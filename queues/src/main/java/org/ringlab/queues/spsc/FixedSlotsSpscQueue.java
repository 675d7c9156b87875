package org.ringlab.queues.spsc;

import java.lang.foreign.MemorySegment;

import org.ringlab.api.QueueSpec;
import org.ringlab.api.RingMemory;

/**
 * Fixed-size records (a frame is the payload alone, record-size bytes) through the strategy's
 * own calls: {@code write}/{@code read} on the copying paths, {@code claim}/{@code commit} and
 * {@code window} where the caller gets a segment. The subclasses say where a slot goes at the
 * seam, or reach a mirror view in place.
 */
abstract sealed class FixedSlotsSpscQueue extends PositionSpscQueue
        permits FixedSlotSpscQueue, PaddedFixedSlotSpscQueue, FixedGrowableSpscQueue, FixedMirrorViewSpscQueue {

    FixedSlotsSpscQueue(String disciplineName, RingMemory memory, QueueSpec spec, boolean seamCopies, long room) {
        super(disciplineName, memory, spec, seamCopies, room);
    }

    @Override
    final long maxFrame() {
        return recordSize;
    }

    @Override
    final long frameLength(long length) {
        return recordSize;
    }

    @Override
    final void checkLength(long length) {
        if (length != recordSize) {
            spec.checkRecordLength(length); // throws with the message
        }
    }

    @Override
    void write(long at, MemorySegment record, long length) {
        memory.write(at, record);
    }

    @Override
    MemorySegment claimFrame(long at, long frame, int length) {
        return memory.claim(at, frame);
    }

    /** A fixed record's commit is always the claimed length (checkLength). */
    @Override
    void commitFrame(long at, int length, int claimed) {
        memory.commit(at, length);
    }

    @Override
    final int recordLength(Consumer c, long at) {
        return recordSize;
    }

    @Override
    void readPayload(long at, MemorySegment dst, int length) {
        memory.read(at, dst, 0, length);
    }

    @Override
    MemorySegment window(long at, int length) {
        return memory.window(at, length);
    }
}
