package org.ringlab.queues.spsc;

import java.lang.foreign.MemorySegment;
import java.util.Set;

import org.ringlab.api.Capability;
import org.ringlab.api.CopyCounters;
import org.ringlab.api.RingMemory;
import org.ringlab.api.SegmentPathMemory;

/**
 * A segment-path memory that forwards every call to {@code ring} but the one-record write of
 * spsc's segment path, {@link RingMemory#writeThenZeroInt}, which a broken twin replaces: the
 * queue calls the SPI there directly (no step of its own to override, see
 * WordSegmentSpscQueue's offer), so its twins break that write in the memory under it.
 */
abstract class RecordWriteTwinMemory implements SegmentPathMemory {

    final RingMemory ring;

    RecordWriteTwinMemory(RingMemory ring) {
        this.ring = ring;
    }

    @Override
    public abstract void writeThenZeroInt(long position, MemorySegment payload, long zeroPosition);

    @Override
    public String strategyName() {
        return ring.strategyName();
    }

    @Override
    public long capacity() {
        return ring.capacity();
    }

    @Override
    public MemorySegment claim(long position, long length) {
        return ring.claim(position, length);
    }

    @Override
    public void commit(long position, long length) {
        ring.commit(position, length);
    }

    @Override
    public void write(long position, MemorySegment src) {
        ring.write(position, src);
    }

    @Override
    public void writeInt(long position, int value) {
        ring.writeInt(position, value);
    }

    @Override
    public int readInt(long position) {
        return ring.readInt(position);
    }

    @Override
    public void writeIntRelease(long position, int value) {
        ring.writeIntRelease(position, value);
    }

    @Override
    public int readIntAcquire(long position) {
        return ring.readIntAcquire(position);
    }

    @Override
    public void read(long position, MemorySegment dst, long dstOffset, long length) {
        ring.read(position, dst, dstOffset, length);
    }

    @Override
    public void writeFrame(long position, int value, MemorySegment payload) {
        ring.writeFrame(position, value, payload);
    }

    @Override
    public MemorySegment window(long position, long length) {
        return ring.window(position, length);
    }

    @Override
    public MemorySegment header() {
        return ring.header();
    }

    @Override
    public Set<Capability> capabilities() {
        return ring.capabilities();
    }

    @Override
    public long granularity() {
        return ring.granularity();
    }

    @Override
    public CopyCounters copyCounters() {
        return ring.copyCounters();
    }

    @Override
    public boolean isOpen() {
        return ring.isOpen();
    }

    @Override
    public void close() {
        ring.close();
    }
}
