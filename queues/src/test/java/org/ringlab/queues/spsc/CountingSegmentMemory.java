package org.ringlab.queues.spsc;

import java.lang.foreign.MemorySegment;
import java.util.concurrent.atomic.AtomicLong;

import org.ringlab.api.RingMemory;

/**
 * Delegates, counting the segment path's per-record calls (claim, commit, window and the release
 * store of a word): a queue that writes and reads in place makes none of them. Subclasses show
 * the delegate's view (SpscMirrorViewTest's mirror, DoubledViewSpscTest's doubled array).
 */
class CountingSegmentMemory extends ForwardingSegmentMemory {
    final AtomicLong calls = new AtomicLong();

    CountingSegmentMemory(RingMemory delegate) {
        super(delegate);
    }

    @Override
    public MemorySegment claim(long position, long length) {
        calls.incrementAndGet();
        return super.claim(position, length);
    }

    @Override
    public void commit(long position, long length) {
        calls.incrementAndGet();
        super.commit(position, length);
    }

    @Override
    public MemorySegment window(long position, long length) {
        calls.incrementAndGet();
        return super.window(position, length);
    }

    @Override
    public void writeIntRelease(long position, int value) {
        calls.incrementAndGet();
        super.writeIntRelease(position, value);
    }
}
