package org.ringlab.queues.spsc;

import static org.ringlab.queues.spsc.SpscDescriptor.RECORD_HEADER_LENGTH;

import java.lang.foreign.MemorySegment;

import org.ringlab.api.DoubledViewMemory;
import org.ringlab.api.QueueSpec;

/**
 * {@code spsc} with variable-length records on a {@link DoubledViewMemory} (doubled): frames are
 * written and read in place in the 2N array, contiguous from any offset below N, so nothing pads
 * and no claim, commit or window call is made per record ({@link InPlaceSpscQueue} holds the
 * protocol). What is left is the strategy's mechanism: every byte the queue writes is written a
 * second time, at its twin, through the memory's own {@link DoubledViewMemory#twin twin} and
 * {@link DoubledViewMemory#twinInt twinInt} (the payload from the caller's source, the words and
 * the terminator as one more store each), all before the release of the word that publishes
 * them. The consumer reads each record from its first byte, so it never needs a twin itself;
 * the twins keep every window of the ring right, as the strategy promises. The frames are
 * {@link SegmentSpscQueue}'s, so either attaches to the other's ring.
 */
// Not final only so that the stress tests' broken twins (same-package subclasses in src/test)
// can override one step. Nothing in production subclasses it (class hierarchy analysis binds
// the steps statically).
non-sealed class DoubledViewSpscQueue extends InPlaceSpscQueue {

    private final DoubledViewMemory doubled;
    private final MemorySegment array;

    DoubledViewSpscQueue(String disciplineName, DoubledViewMemory memory, QueueSpec spec) {
        this(disciplineName, memory, memory.doubledView(), spec);
    }

    private DoubledViewSpscQueue(String disciplineName, DoubledViewMemory memory, MemorySegment array, QueueSpec spec) {
        super(disciplineName, memory, array, spec, false, memory.capacity(), 2 * memory.capacity());
        this.doubled = memory;
        this.array = array;
    }

    /** The payload in place, then its second write from the same source (not from the bytes just written: no wait on their stores). */
    @Override
    void writePayload(long offset, MemorySegment record, long length) {
        super.writePayload(offset, record, length);
        doubled.twin(record, 0, offset + RECORD_HEADER_LENGTH, length);
    }

    /** The claim's caller wrote the first copy: the second from it. */
    @Override
    void claimWritten(long payload, int length) {
        doubled.twin(array, payload, payload, length);
    }

    @Override
    void writeTerminator(long offset) {
        super.writeTerminator(offset);
        doubled.twinInt(offset, 0);
    }

    @Override
    void storeWord(long offset, int word) {
        super.storeWord(offset, word);
        doubled.twinInt(offset, word);
    }

    /** The terminator and both its copies, the word's twin, then the word with a release store: it publishes all of them. */
    @Override
    void publish(long offset, int word, long terminator) {
        writeTerminator(terminator);
        doubled.twinInt(offset, word); // plain: published by the release below
        publishWord(offset, word);
    }
}
