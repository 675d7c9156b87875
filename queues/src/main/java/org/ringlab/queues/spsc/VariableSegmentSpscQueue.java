package org.ringlab.queues.spsc;

import static org.ringlab.queues.spsc.SpscDescriptor.RECORD_HEADER_LENGTH;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

import org.ringlab.api.QueueSpec;
import org.ringlab.api.RingMemory;

/**
 * Variable-length records on a segment path: every byte goes through the strategy's own calls
 * ({@code writeFrame} and {@code readInt}/{@code read} on the copying paths, which
 * make no segment; {@code claim}/{@code commit} and {@code window} where the caller gets a
 * segment), so the strategy's mechanism runs and nothing else does; published by the
 * producer position. Only the growable ring's queue is one now (its grow handshake relies on
 * the position); the other segment-path shapes publish through the word ({@link WordSegmentSpscQueue}).
 */
abstract sealed class VariableSegmentSpscQueue extends PositionSpscQueue
        permits GrowableSpscQueue {

    VariableSegmentSpscQueue(String disciplineName, RingMemory memory, QueueSpec spec, boolean seamCopies, long room) {
        super(disciplineName, memory, spec, seamCopies, checkAligned(memory.capacity(), room));
    }

    private static long checkAligned(long capacity, long room) {
        if (capacity % SpscDescriptor.FRAME_ALIGNMENT != 0) {
            throw new IllegalArgumentException("variable-length records need a capacity that is a multiple of "
                    + SpscDescriptor.FRAME_ALIGNMENT + ", got " + capacity);
        }
        return room;
    }

    @Override
    final long maxFrame() {
        return SpscDescriptor.variableFrameLength(recordSize);
    }

    @Override
    final long frameLength(long length) {
        return SpscDescriptor.variableFrameLength(length);
    }

    @Override
    final void checkLength(long length) {
        if (length < 0 || length > recordSize) {
            spec.checkRecordLength(length); // throws with the message
        }
    }

    /**
     * The word, then the payload, in one call that makes no segment ({@link RingMemory#writeFrame}:
     * one use-after-close and range check for the frame instead of one per part); across the seam
     * (cross) the strategy copies in two parts.
     */
    @Override
    final void write(long at, MemorySegment record, long length) {
        memory.writeFrame(at, SpscDescriptor.recordWord(length), record);
    }

    /**
     * The strategy's claim of the whole frame with the word for {@code length} already in it;
     * the caller gets the payload slice. Nothing keeps the claim segment: the commit needs it
     * only when it is shorter than the claim (see {@link #commitFrame}).
     */
    @Override
    final MemorySegment claimFrame(long at, long frame, int length) {
        MemorySegment c = memory.claim(at, frame);
        c.set(ValueLayout.JAVA_INT_UNALIGNED, 0, SpscDescriptor.recordWord(length));
        return c.asSlice(RECORD_HEADER_LENGTH, length);
    }

    @Override
    final void commitFrame(long at, int length, int claimed) {
        if (length != claimed) {
            rewriteWord(at, length, claimed);
        }
        memory.commit(at, SpscDescriptor.variableFrameLength(length));
    }

    /**
     * A commit shorter than its claim: the word must say the shorter length. The queue keeps no
     * segment of the claim (that would allocate one per claim), so it claims the same frame
     * again, which replaces the outstanding claim and shows the bytes written into it (a view of
     * the ring, or the same staging scratch: every strategy of ours, checked by the word the
     * first claim wrote), and writes the word there. Cold.
     */
    private void rewriteWord(long at, int length, int claimed) {
        MemorySegment c = memory.claim(at, SpscDescriptor.variableFrameLength(claimed));
        int word = c.get(ValueLayout.JAVA_INT_UNALIGNED, 0);
        if (word != SpscDescriptor.recordWord(claimed)) {
            throw new IllegalStateException(memory.strategyName() + ": a claim at position " + at + " again did not show"
                    + " the bytes written into the claim it replaced (word " + word + ", written "
                    + SpscDescriptor.recordWord(claimed) + "): a commit shorter than its claim needs a strategy"
                    + " whose repeated claim shows the same bytes; commit the claimed length");
        }
        c.set(ValueLayout.JAVA_INT_UNALIGNED, 0, SpscDescriptor.recordWord(length));
    }

    @Override
    final int recordLength(Consumer c, long at) {
        return SpscDescriptor.recordLength(memory.readInt(at));
    }

    @Override
    final void readPayload(long at, MemorySegment dst, int length) {
        if (length > 0) {
            memory.read(at + RECORD_HEADER_LENGTH, dst, 0, length);
        }
    }

    @Override
    final MemorySegment window(long at, int length) {
        return memory.window(at + RECORD_HEADER_LENGTH, length);
    }
}
