package org.ringlab.queues.spsc;

import java.lang.foreign.MemorySegment;
import java.util.Set;

import org.ringlab.api.Capability;
import org.ringlab.api.CopyCounters;
import org.ringlab.api.RingMemory;
import org.ringlab.api.SegmentPathMemory;

/**
 * A segment-path memory over {@code delegate}: the calls a memory must implement, and
 * {@code writeIntRelease} (the interface default would claim backwards on the delegate), go to
 * it; every other call takes the interface default, through those. The tests' decorators
 * override one call: SpscMirrorViewTest counts calls, and the segment path's broken twins
 * replace {@link RingMemory#writeThenZeroInt}, the one-record write that spsc's {@code offer}
 * calls with no step of its own to override.
 */
class ForwardingSegmentMemory implements SegmentPathMemory {

    final RingMemory delegate;

    ForwardingSegmentMemory(RingMemory delegate) {
        this.delegate = delegate;
    }

    @Override
    public String strategyName() {
        return delegate.strategyName();
    }

    @Override
    public long capacity() {
        return delegate.capacity();
    }

    @Override
    public MemorySegment claim(long position, long length) {
        return delegate.claim(position, length);
    }

    @Override
    public void commit(long position, long length) {
        delegate.commit(position, length);
    }

    @Override
    public MemorySegment window(long position, long length) {
        return delegate.window(position, length);
    }

    @Override
    public void writeIntRelease(long position, int value) {
        delegate.writeIntRelease(position, value);
    }

    @Override
    public MemorySegment header() {
        return delegate.header();
    }

    @Override
    public Set<Capability> capabilities() {
        return delegate.capabilities();
    }

    @Override
    public long granularity() {
        return delegate.granularity();
    }

    @Override
    public CopyCounters copyCounters() {
        return delegate.copyCounters();
    }

    @Override
    public boolean isOpen() {
        return delegate.isOpen();
    }

    @Override
    public void close() {
        delegate.close();
    }
}
