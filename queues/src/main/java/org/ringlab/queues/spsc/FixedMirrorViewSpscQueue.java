package org.ringlab.queues.spsc;

import java.lang.foreign.MemorySegment;

import org.ringlab.api.MirrorViewMemory;
import org.ringlab.api.QueueSpec;

/**
 * {@code spsc} with fixed-size records on a {@link MirrorViewMemory} that does not grow: slots
 * are written and read in place in the 2N mirror view (contiguous across the seam by
 * construction), with no claim, commit or window call per record; published by the position.
 */
final class FixedMirrorViewSpscQueue extends FixedSlotsSpscQueue {

    private final MemorySegment view;
    /** The same, read-only: what peek and drain hand out. */
    private final MemorySegment readView;

    FixedMirrorViewSpscQueue(String disciplineName, MirrorViewMemory memory, QueueSpec spec) {
        super(disciplineName, memory, spec, false, memory.capacity());
        this.view = memory.mirrorView();
        this.readView = view.asReadOnly();
    }

    @Override
    void write(long at, MemorySegment record, long length) {
        MemorySegment.copy(record, 0, view, offset(at), length);
    }

    @Override
    MemorySegment claimFrame(long at, long frame, int length) {
        return view.asSlice(offset(at), frame);
    }

    @Override
    void commitFrame(long at, int length, int claimed) {
        // Written in place: nothing to commit.
    }

    @Override
    void readPayload(long at, MemorySegment dst, int length) {
        MemorySegment.copy(view, offset(at), dst, 0, length);
    }

    @Override
    MemorySegment window(long at, int length) {
        return readView.asSlice(offset(at), length);
    }
}
