package org.ringlab.queues.baseline;

import java.lang.foreign.MemorySegment;
import java.util.EnumSet;
import java.util.Set;

import org.ringlab.api.Capability;
import org.ringlab.api.CopyCounters;
import org.ringlab.api.MirrorViewMemory;
import org.ringlab.api.RingChecks;
import org.ringlab.api.RingMemory;
import org.ringlab.api.SegmentPathMemory;

/**
 * One consumer's sub-ring of a copy-per-consumer queue as a {@link RingMemory} of its own, so
 * that an spsc queue runs on it unchanged: bytes {@code [base, base + size)} of the parent ring
 * and one slice of the parent's header ({@link CopyPerConsumerDescriptor}).
 *
 * <p>Positions: the spsc queue's positions are this ring's, {@code p mod size}. Writes (claim,
 * commit, write, writeInt; producer thread only) go to the next parent position at or after the
 * end of the parent's last write with that offset ({@link WriteCursor}, shared by the N views,
 * because the parent has one writer whose positions never go backwards). Reads (window, readInt,
 * read; the consumer thread) go to the offset alone: no strategy distinguishes laps on read.
 *
 * <p>Shape: a segment-path memory that is not contiguous across its own end (the next bytes are
 * the next consumer's), so it reports neither zero-copy claims nor zero-copy windows and spsc
 * pads records there (seam placement pad); a claim or window across the end is refused.
 *
 * <p>Lifetime: the parent's. Every method throws once the parent is closed (each one calls the
 * parent or touches its segments); {@link #close()} does nothing (the queue does not own its memory).
 *
 * <p>Two leaves, picked by the parent's type ({@link #of}): {@link OnSegmentPath} goes through
 * the parent's claim, commit, write and window (its mechanism runs there: doubled's mirror
 * copy); {@link OnMirrorView} reads and writes the parent's mirror view in place, nothing to
 * commit, as every queue on a mirror does.
 */
abstract sealed class SubRingMemory implements SegmentPathMemory permits SubRingMemory.OnSegmentPath, SubRingMemory.OnMirrorView {

    /** Where the parent's last write ended: one per queue, written by the producer thread only. */
    static final class WriteCursor {
        long end;
    }

    final RingMemory parent;
    private final long base;
    private final long size;
    private final long parentCapacity;
    private final MemorySegment header;
    private final Set<Capability> capabilities;
    private final WriteCursor cursor;
    /** Parent position of the outstanding claim, or -1. */
    long claimAt = -1;
    /** End of this ring's last write, in its own positions: writes never go backwards (the RingMemory rule). */
    private long committedEnd;
    /** Start of this ring's last write (a commit's: its claim's), in its own positions; the producer's. */
    long lastWrite = -1;
    /**
     * Start of this ring's last commit, in its own positions: where the bytes a claim's caller
     * wrote lie (spsc claims the payload only: after its commit it writes a terminator and
     * releases the word, so the last write is no longer the claim's).
     */
    long lastCommit = -1;

    /** The view of bytes {@code [base, base + size)} of {@code parent}, of the leaf its type calls for. */
    static SubRingMemory of(RingMemory parent, long base, long size, MemorySegment header, WriteCursor cursor) {
        return switch (parent) {
            case MirrorViewMemory m -> new OnMirrorView(m, base, size, header, cursor);
            case SegmentPathMemory s -> new OnSegmentPath(s, base, size, header, cursor);
        };
    }

    private SubRingMemory(RingMemory parent, long base, long size, MemorySegment header, WriteCursor cursor) {
        this.parent = parent;
        this.base = base;
        this.size = size;
        this.parentCapacity = parent.capacity();
        this.header = header;
        this.cursor = cursor;
        EnumSet<Capability> caps = EnumSet.noneOf(Capability.class);
        caps.addAll(parent.capabilities());
        caps.removeAll(EnumSet.of(Capability.ZERO_COPY_CLAIM, Capability.ZERO_COPY_WINDOW, Capability.MIRRORED,
                Capability.GROWABLE, Capability.SHARED_BETWEEN_PROCESSES, Capability.PERSISTENT));
        this.capabilities = Set.copyOf(caps);
    }

    /** Offset in the parent ring of this ring's byte {@code position}; refuses a range across this ring's end. */
    final long offset(long position, long length) {
        long inRing = position % size;
        if (position < 0 || length < 0 || inRing + length > size) {
            throw new IllegalArgumentException("[" + position + ", " + (position + length) + ") is not inside one lap of a "
                    + size + "-byte sub-ring (a copy-per-consumer sub-ring is not contiguous across its end)");
        }
        return base + inRing;
    }

    /**
     * The parent position a write of this ring's {@code position} goes to: the next one at or after
     * the cursor. A write before this ring's last one is refused, as every RingMemory refuses it
     * (here it would silently land a lap later).
     */
    final long writePosition(long position, long length) {
        if (position < committedEnd) {
            if (!parent.isOpen()) {
                // An operation the close cut short is retried: closed first, as the parent would say.
                throw new IllegalStateException("the memory of this copy-per-consumer sub-ring is closed");
            }
            throw new IllegalArgumentException("write at position " + position + " goes backwards: the sub-ring's last"
                    + " write ended at " + committedEnd);
        }
        long target = offset(position, length);
        long end = cursor.end;
        long at = end - end % parentCapacity + target;
        return at < end ? at + parentCapacity : at;
    }

    @Override
    public String strategyName() {
        return parent.strategyName();
    }

    @Override
    public long capacity() {
        return size;
    }

    /**
     * The parent position a {@code writeIntRelease} of this ring's {@code position} goes to: the
     * latest one with that offset whose word lies before the end of the parent's last write (the
     * word was written there in this lap: the parent's last write is the cursor). Refuses a word
     * this ring does not hold, as every RingMemory does.
     */
    final long releasePosition(long position) {
        if (position > committedEnd - Integer.BYTES || position < committedEnd - size) {
            if (!parent.isOpen()) {
                throw new IllegalStateException("the memory of this copy-per-consumer sub-ring is closed");
            }
            throw new IllegalArgumentException("writeIntRelease at position " + position + ": a release store rewrites a"
                    + " word the sub-ring holds, in [" + Math.max(0, committedEnd - size) + ", "
                    + (committedEnd - Integer.BYTES) + "] (its last write ended at " + committedEnd + ")");
        }
        long target = offset(position, Integer.BYTES);
        long end = cursor.end;
        long at = end - end % parentCapacity + target;
        return at + Integer.BYTES > end ? at - parentCapacity : at;
    }

    /** Records a write of {@code [position, position + length)} that went to parent position {@code at}. */
    final void wrote(long position, long length, long at) {
        claimAt = -1;
        lastWrite = position;
        cursor.end = at + length;
        committedEnd = position + length;
    }

    /**
     * The payload and the zero word with one parent position where they lie side by side in the
     * parent: the span inside one lap of this sub-ring (every record but one whose payload ends
     * at this ring's end) goes to {@link #writeSpan}. A span that reaches past this ring's end
     * (the zero word starts its next lap) lands in two places of the parent and takes the two
     * calls, as the default.
     */
    @Override
    public final void writeThenZeroInt(long position, MemorySegment payload, long zeroPosition) {
        long span = RingChecks.checkZeroIntAfter(position, payload.byteSize(), zeroPosition, size);
        if (position < 0 || position % size + span > size) {
            write(position, payload);
            writeInt(zeroPosition, 0);
            return;
        }
        long at = writePosition(position, span);
        long zeroAt = at + (zeroPosition - position);
        writeSpan(at, offset(position, span), payload, zeroAt - at);
        wrote(zeroPosition, Integer.BYTES, zeroAt); // as the default's writeInt leaves it
    }

    /**
     * The payload at parent position {@code at} (parent offset {@code offset}) and a zero int
     * {@code zeroFrom} bytes after its start, in the leaf's way; checked and placed by
     * {@link #writeThenZeroInt}.
     */
    abstract void writeSpan(long at, long offset, MemorySegment payload, long zeroFrom);

    /** The parent position of the outstanding claim at this ring's {@code position}. */
    final long claimed(long position, long length) {
        long at = claimAt;
        if (at < 0 || at % parentCapacity != offset(position, length)) {
            throw new IllegalStateException("commit(" + position + ", " + length + ") of a sub-ring without its claim");
        }
        return at;
    }

    @Override
    public MemorySegment header() {
        parent.header(); // throws once the parent is closed
        return header;
    }

    @Override
    public Set<Capability> capabilities() {
        parent.capabilities(); // throws once the parent is closed
        return capabilities;
    }

    /** Sub-rings are cut in multiples of {@link CopyPerConsumerDescriptor#SUB_RING_ALIGNMENT} bytes. */
    @Override
    public long granularity() {
        parent.granularity(); // throws once the parent is closed
        return CopyPerConsumerDescriptor.SUB_RING_ALIGNMENT;
    }

    /** The parent's counters: the strategy's extra copies for all sub-rings together. */
    @Override
    public CopyCounters copyCounters() {
        return parent.copyCounters();
    }

    @Override
    public boolean isOpen() {
        return parent.isOpen();
    }

    /** Nothing: the parent's owner closes it. */
    @Override
    public void close() {
    }

    /** On segment-path memory: every access through the parent's own calls. */
    static final class OnSegmentPath extends SubRingMemory {

        OnSegmentPath(SegmentPathMemory parent, long base, long size, MemorySegment header, WriteCursor cursor) {
            super(parent, base, size, header, cursor);
        }

        @Override
        public MemorySegment claim(long position, long length) {
            long at = writePosition(position, length);
            MemorySegment segment = parent.claim(at, length);
            claimAt = at;
            return segment;
        }

        @Override
        public void commit(long position, long length) {
            long at = claimed(position, length);
            parent.commit(at, length);
            wrote(position, length, at);
            lastCommit = position;
        }

        @Override
        public void write(long position, MemorySegment src) {
            long at = writePosition(position, src.byteSize());
            parent.write(at, src);
            wrote(position, src.byteSize(), at);
        }

        @Override
        public void writeInt(long position, int value) {
            long at = writePosition(position, Integer.BYTES);
            parent.writeInt(at, value);
            wrote(position, Integer.BYTES, at);
        }

        /** One call of the parent's, so the strategy's own {@code writeThenZeroInt} runs (one check set, one offset). */
        @Override
        void writeSpan(long at, long offset, MemorySegment payload, long zeroFrom) {
            parent.writeThenZeroInt(at, payload, at + zeroFrom);
        }

        @Override
        public void writeIntRelease(long position, int value) {
            parent.writeIntRelease(releasePosition(position), value); // the parent's own release store
        }

        @Override
        public int readInt(long position) {
            return parent.readInt(offset(position, Integer.BYTES));
        }

        @Override
        public int readIntAcquire(long position) {
            return parent.readIntAcquire(offset(position, Integer.BYTES));
        }

        @Override
        public void read(long position, MemorySegment dst, long dstOffset, long length) {
            parent.read(offset(position, length), dst, dstOffset, length);
        }

        @Override
        public MemorySegment window(long position, long length) {
            return parent.window(offset(position, length), length);
        }
    }

    /**
     * On a mirror: in place in the parent's mirror view (same pages: nothing to commit), without
     * the parent's per-call claim, commit and window; its segments throw once the parent closes.
     */
    static final class OnMirrorView extends SubRingMemory {
        private static final java.lang.invoke.VarHandle WORD = java.lang.foreign.ValueLayout.JAVA_INT.varHandle();
        private final MemorySegment view;
        private final MemorySegment readView;

        OnMirrorView(MirrorViewMemory parent, long base, long size, MemorySegment header, WriteCursor cursor) {
            super(parent, base, size, header, cursor);
            this.view = parent.mirrorView();
            this.readView = view.asReadOnly();
        }

        @Override
        public MemorySegment claim(long position, long length) {
            ensureOpen(); // a slice touches no memory, so it would not throw by itself
            long at = writePosition(position, length);
            MemorySegment segment = view.asSlice(offset(position, length), length);
            claimAt = at;
            return segment;
        }

        @Override
        public void commit(long position, long length) {
            wrote(position, length, claimed(position, length)); // the bytes are in place already
            lastCommit = position;
        }

        @Override
        public void write(long position, MemorySegment src) {
            long length = src.byteSize();
            long at = writePosition(position, length);
            MemorySegment.copy(src, 0, view, offset(position, length), length);
            wrote(position, length, at);
        }

        @Override
        public void writeInt(long position, int value) {
            long at = writePosition(position, Integer.BYTES);
            view.set(java.lang.foreign.ValueLayout.JAVA_INT_UNALIGNED, offset(position, Integer.BYTES), value);
            wrote(position, Integer.BYTES, at);
        }

        /** In place in the mirror view, from one offset. */
        @Override
        void writeSpan(long at, long offset, MemorySegment payload, long zeroFrom) {
            MemorySegment.copy(payload, 0, view, offset, payload.byteSize());
            view.set(java.lang.foreign.ValueLayout.JAVA_INT_UNALIGNED, offset + zeroFrom, 0);
        }

        @Override
        public void writeIntRelease(long position, int value) {
            releasePosition(position); // the range check; the bytes are in place
            long o = offset(position, Integer.BYTES);
            if ((o & (Integer.BYTES - 1)) == 0) {
                // Publishes every byte written before it in the mirror view.
                WORD.setRelease(view, o, value);
            } else {
                java.lang.invoke.VarHandle.releaseFence(); // orders the earlier writes before the (unaligned) store
                view.set(java.lang.foreign.ValueLayout.JAVA_INT_UNALIGNED, o, value);
            }
        }

        @Override
        public int readInt(long position) {
            return view.get(java.lang.foreign.ValueLayout.JAVA_INT_UNALIGNED, offset(position, Integer.BYTES));
        }

        @Override
        public int readIntAcquire(long position) {
            long o = offset(position, Integer.BYTES);
            if ((o & (Integer.BYTES - 1)) == 0) {
                return (int) WORD.getAcquire(view, o);
            }
            int value = view.get(java.lang.foreign.ValueLayout.JAVA_INT_UNALIGNED, o);
            java.lang.invoke.VarHandle.acquireFence(); // orders the later reads behind it
            return value;
        }

        @Override
        public void read(long position, MemorySegment dst, long dstOffset, long length) {
            MemorySegment.copy(view, offset(position, length), dst, dstOffset, length);
        }

        @Override
        public MemorySegment window(long position, long length) {
            ensureOpen(); // a slice touches no memory, so it would not throw by itself
            return readView.asSlice(offset(position, length), length);
        }

        private void ensureOpen() {
            if (!parent.isOpen()) {
                throw new IllegalStateException("the memory of this copy-per-consumer sub-ring is closed");
            }
        }
    }
}
