package org.ringlab.api;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * The {@link RingMemory} protocol, once, for both shapes ({@link AbstractRingMemory},
 * {@link MirroredRingMemory}): argument checks, the claim/commit state, the use-after-close
 * guard, the self-description (capabilities, granularity) and idempotent close. A strategy
 * supplies only the mapping of positions to memory ({@link #claimSegment},
 * {@link #commitClaim}, {@link #windowSegment}) and the release of what it owns
 * ({@link #release}).
 *
 * <p>Segments handed out must belong to an arena that {@link #release} closes, so that an
 * access through a stale segment throws {@link IllegalStateException} instead of touching
 * freed memory.
 */
abstract class RingProtocol {

    /** The release/acquire word of {@link #writeIntReleaseAt} and {@link #readIntAcquireAt}. */
    private static final java.lang.invoke.VarHandle WORD = ValueLayout.JAVA_INT.varHandle();

    private static final long NO_CLAIM = -1;

    private final String strategyName;
    private final java.util.Set<Capability> capabilities;
    private final long granularity;
    /**
     * Ring capacity in bytes. Changes only through {@link #capacityGrown} (growable rings),
     * a writer-side call the queue on top publishes to readers.
     */
    protected long capacity;
    /** {@code capacity - 1} when the capacity is a power of two (offsets by mask), else -1. */
    private long mask;

    /**
     * Writer-thread state (the outstanding claim, where the last commit ended) in an object of
     * its own, padded: it changes on every claim and commit, and must not share a cache line
     * with the fields a reader thread reads on every window ({@code open}, {@code capacity}).
     */
    private final WriterState writer = new WriterState();

    // Volatile so that a reader thread sees a close by the writer thread.
    private volatile boolean open = true;

    RingProtocol(String strategyName, long capacity, java.util.Set<Capability> capabilities, long granularity) {
        if (strategyName == null || capabilities == null) {
            throw new NullPointerException("strategy name and capabilities are required (got " + strategyName + ", "
                    + capabilities + ")");
        }
        if (granularity <= 0) {
            throw new IllegalArgumentException(strategyName + ": granularity must be positive, got " + granularity);
        }
        this.strategyName = strategyName;
        this.capabilities = java.util.Set.copyOf(capabilities);
        this.granularity = granularity;
        this.capacity = capacity;
        this.mask = maskOf(capacity);
    }

    private static long maskOf(long capacity) {
        return Long.bitCount(capacity) == 1 ? capacity - 1 : -1;
    }

    /**
     * {@code position mod capacity} for a non-negative position: a mask when the capacity is
     * a power of two (a 64-bit division costs tens of cycles on the hot path), a division
     * otherwise.
     */
    protected final long ringOffset(long position) {
        long m = mask;
        return m >= 0 ? position & m : position % capacity;
    }

    public final String strategyName() {
        ensureOpen();
        return strategyName;
    }

    /** Answers after close too: a plain value, nothing of the memory is touched. */
    public final long capacity() {
        return capacity;
    }

    /** The capabilities given to the constructor (an unmodifiable set). */
    public final java.util.Set<Capability> capabilities() {
        ensureOpen();
        return capabilities;
    }

    public final long granularity() {
        ensureOpen();
        return granularity;
    }

    public final boolean isOpen() {
        return open;
    }

    /**
     * Whether the writer holds a claim (made by {@code claim}, neither committed nor dropped by a
     * later write): its segment is still the caller's to fill. A strategy whose read path moves
     * the ring's bytes (linearize's rotation) must not move them from under a claim it handed
     * out in place. Writer state: read it on the writer's thread (or a single-threaded ring's).
     */
    protected final boolean claimOutstanding() {
        return writer.claimPosition != NO_CLAIM;
    }

    public final MemorySegment claim(long position, long length) {
        checkWrite(position, length);
        MemorySegment segment = claimSegment(position, length);
        writer.claimPosition = position;
        writer.claimLength = length;
        return segment;
    }

    public final void commit(long position, long length) {
        ensureOpen();
        if (writer.claimPosition == NO_CLAIM) {
            throw new IllegalStateException("commit(" + position + ", " + length + ") without a claim");
        }
        if (position != writer.claimPosition) {
            throw new IllegalArgumentException("commit at position " + position
                    + " but the outstanding claim is at " + writer.claimPosition);
        }
        if (length < 0 || length > writer.claimLength) {
            throw new IllegalArgumentException("commit length " + length + " is outside 0.." + writer.claimLength
                    + " (the claimed length)");
        }
        commitClaim(position, length);
        writer.claimPosition = NO_CLAIM;
        writer.committedEnd = position + length;
    }

    public final void write(long position, MemorySegment src) {
        long length = src.byteSize();
        checkWrite(position, length);
        writeDirect(position, src);
        writer.claimPosition = NO_CLAIM;
        writer.committedEnd = position + length;
    }

    public final void writeInt(long position, int value) {
        checkWrite(position, Integer.BYTES);
        writeIntDirect(position, value);
        writer.claimPosition = NO_CLAIM;
        writer.committedEnd = position + Integer.BYTES;
    }

    /**
     * {@link RingMemory#writeFrame}: the whole frame checked once (one open read, one range and
     * backwards check, one update of the writer state) instead of once per call, then the
     * strategy's own {@link #writeFrameDirect}.
     */
    public final void writeFrame(long position, int value, MemorySegment payload) {
        long length = Integer.BYTES + payload.byteSize();
        checkWrite(position, length);
        writeFrameDirect(position, value, payload);
        writer.claimPosition = NO_CLAIM;
        writer.committedEnd = position + length;
    }

    /**
     * {@link RingMemory#writeThenZeroInt}: the payload and the zero word checked as one span
     * (one open read, one range and backwards check, one update of the writer state) instead of
     * once per call, then the strategy's own {@link #writeThenZeroIntDirect}.
     */
    public final void writeThenZeroInt(long position, MemorySegment payload, long zeroPosition) {
        ensureOpen();
        long span = RingChecks.checkZeroIntAfter(position, payload.byteSize(), zeroPosition, capacity); // and span <= N
        RingChecks.checkPosition(position, span);
        RingChecks.checkNotBackwards(position, writer.committedEnd);
        writeThenZeroIntDirect(position, payload, zeroPosition);
        writer.claimPosition = NO_CLAIM;
        writer.committedEnd = position + span;
    }

    /**
     * {@link RingMemory#writeIntRelease}: the one write that may go back, to a word the ring
     * holds in its last lap (a queue's zero word, rewritten to publish its record); it drops an
     * outstanding claim as {@code writeInt} does and leaves the end of the last write where it is.
     */
    public final void writeIntRelease(long position, int value) {
        ensureOpen();
        RingChecks.checkPosition(position, Integer.BYTES);
        long end = writer.committedEnd;
        if (position > end - Integer.BYTES || position < end - capacity) {
            throw new IllegalArgumentException("writeIntRelease at position " + position + ": a release store rewrites a"
                    + " word the ring holds, at a position in [" + Math.max(0, end - capacity) + ", "
                    + (end - Integer.BYTES) + "] (the last write ended at " + end + ", capacity " + capacity + ")");
        }
        writeIntReleaseDirect(position, value);
        writer.claimPosition = NO_CLAIM;
    }

    /** {@link RingMemory#readIntAcquire}: the strategy's {@link #readIntAcquireDirect}, checked. */
    public final int readIntAcquire(long position) {
        ensureOpen();
        RingChecks.checkPosition(position, Integer.BYTES);
        return readIntAcquireDirect(position);
    }

    public final int readInt(long position) {
        ensureOpen();
        RingChecks.checkPosition(position, Integer.BYTES);
        return readIntDirect(position);
    }

    public final void read(long position, MemorySegment dst, long dstOffset, long length) {
        ensureOpen();
        RingChecks.checkLength(length, capacity);
        RingChecks.checkPosition(position, length);
        if (dstOffset < 0 || dstOffset > dst.byteSize() - length) {
            throw new IndexOutOfBoundsException("read of " + length + " bytes at offset " + dstOffset
                    + " of a destination of " + dst.byteSize() + " bytes");
        }
        readDirect(position, dst, dstOffset, length);
    }

    public final MemorySegment window(long position, long length) {
        ensureOpen();
        RingChecks.checkLength(length, capacity);
        RingChecks.checkPosition(position, length);
        MemorySegment w = windowSegment(position, length);
        // A strategy that slices a read-only view hands out that one slice: no writable slice
        // made only to be wrapped (a second segment per window that only escape analysis removes).
        return w.isReadOnly() ? w : w.asReadOnly();
    }

    public final void close() {
        synchronized (this) {
            if (!open) {
                return;
            }
            open = false;
        }
        release();
    }

    public final MemorySegment header() {
        ensureOpen();
        return headerSegment();
    }

    /**
     * For {@link GrowableRingMemory}: the ring now has {@code newCapacity} bytes; an outstanding
     * claim is dropped (its segment belongs to memory that is gone). Commits so far still count:
     * claims continue at the end of the last one.
     */
    protected final void capacityGrown(long newCapacity) {
        capacity = newCapacity;
        mask = maskOf(newCapacity);
        writer.claimPosition = NO_CLAIM;
    }

    /** End of the last commit: claims may not start before it. */
    protected final long committedEnd() {
        return writer.committedEnd;
    }

    /** Throws {@link IllegalStateException} once the memory is closed; {@code copyCounters()} calls it first. */
    protected final void ensureOpen() {
        if (!open) {
            throw new IllegalStateException(strategyName + " ring memory is closed");
        }
    }

    private void checkWrite(long position, long length) {
        ensureOpen();
        RingChecks.checkLength(length, capacity);
        RingChecks.checkPosition(position, length);
        RingChecks.checkNotBackwards(position, writer.committedEnd);
    }

    /** A writable contiguous segment for {@code [position, position + length)}; arguments checked. */
    protected abstract MemorySegment claimSegment(long position, long length);

    /** Make the claimed bytes part of the ring (mirror copy, scratch copy-in, or nothing). */
    protected abstract void commitClaim(long position, long length);

    /** Claim, copy and commit in one; strategies with a cheaper path (two-part copy) override. */
    protected void writeDirect(long position, MemorySegment src) {
        long length = src.byteSize();
        MemorySegment.copy(src, 0, claimSegment(position, length), 0, length);
        commitClaim(position, length);
    }

    /**
     * {@link #write} of one int (native order, unaligned); arguments checked. The default goes
     * through a claim; strategies override it with a store that makes no segment.
     */
    protected void writeIntDirect(long position, int value) {
        claimSegment(position, Integer.BYTES).set(ValueLayout.JAVA_INT_UNALIGNED, 0, value);
        commitClaim(position, Integer.BYTES);
    }

    /**
     * {@link #writeFrame} of a checked frame: the strategy's {@link #writeIntDirect} of the value,
     * then its {@link #writeDirect} of the payload, so each strategy's mechanism runs as it does
     * for the two calls (a mirror copy of both, a two-part copy at the seam). A strategy that
     * overrides it must leave the same bytes and copy counts (the conformance kit compares them).
     */
    protected void writeFrameDirect(long position, int value, MemorySegment payload) {
        writeIntDirect(position, value);
        writeDirect(position + Integer.BYTES, payload);
    }

    /**
     * {@link #writeThenZeroInt} of a checked span: the strategy's {@link #writeDirect} of the
     * payload, then its {@link #writeIntDirect} of the zero, so each strategy's mechanism runs
     * as it does for the two calls. A strategy that overrides it (one offset computed, no
     * virtual call between the two) must leave the same bytes and copy counts (the conformance
     * kit compares them).
     */
    protected void writeThenZeroIntDirect(long position, MemorySegment payload, long zeroPosition) {
        writeDirect(position, payload);
        writeIntDirect(zeroPosition, 0);
    }

    /**
     * {@link #writeIntRelease} of a checked position: the fence, then the strategy's own
     * {@link #writeIntDirect} (one aligned store where that is a store into the ring). A strategy
     * overrides it with a release store of the word ({@code VarHandle.setRelease}), writing any
     * second copy of it first; one that stages an int it writes must override it to store the
     * word last, in place.
     */
    protected void writeIntReleaseDirect(long position, int value) {
        fencedWriteInt(position, value);
    }

    /** {@link #readIntAcquire} of a checked position: {@link #readIntDirect}, then the fence. */
    protected int readIntAcquireDirect(long position) {
        return fencedReadInt(position);
    }

    private void fencedWriteInt(long position, int value) {
        java.lang.invoke.VarHandle.releaseFence(); // orders every earlier write before the word's store
        writeIntDirect(position, value);
    }

    private int fencedReadInt(long position) {
        int value = readIntDirect(position);
        java.lang.invoke.VarHandle.acquireFence(); // orders the reads after this one behind it
        return value;
    }

    /**
     * {@link #writeIntReleaseDirect} for a strategy that keeps the word at {@code position} in one
     * place, {@code offset} of {@code segment}, where {@code inPlace} says so: a release store
     * there when aligned, else (across a seam, unaligned: never a queue's word) the fence and
     * {@link #writeIntDirect}.
     */
    protected final void writeIntReleaseAt(MemorySegment segment, long offset, boolean inPlace, long position,
                                           int value) {
        if (inPlace && (offset & (Integer.BYTES - 1)) == 0) {
            WORD.setRelease(segment, offset, value); // publishes every byte written before it
        } else {
            fencedWriteInt(position, value);
        }
    }

    /** The load {@link #writeIntReleaseAt} pairs with: acquire in place where aligned, else the fenced default. */
    protected final int readIntAcquireAt(MemorySegment segment, long offset, boolean inPlace, long position) {
        if (inPlace && (offset & (Integer.BYTES - 1)) == 0) {
            return (int) WORD.getAcquire(segment, offset);
        }
        return fencedReadInt(position);
    }

    /** The int at {@code position} (native order); the default reads it through a window. */
    protected int readIntDirect(long position) {
        return windowSegment(position, Integer.BYTES).get(ValueLayout.JAVA_INT_UNALIGNED, 0);
    }

    /** Copies {@code [position, position + length)} to {@code dst}; the default copies out of a window. */
    protected void readDirect(long position, MemorySegment dst, long dstOffset, long length) {
        MemorySegment.copy(windowSegment(position, length), 0, dst, dstOffset, length);
    }

    /**
     * A contiguous segment with the bytes of {@code [position, position + length)}; arguments
     * checked. {@link #window} hands it out read-only: a segment that is read-only already (a
     * slice of a read-only view of the ring) is handed out as is, any other is wrapped.
     */
    protected abstract MemorySegment windowSegment(long position, long length);

    /** The header region, owned like the ring's memory (see {@link RingMemory#header()}). */
    protected abstract MemorySegment headerSegment();

    /** Releases every resource; called once. */
    protected abstract void release();

    /** 128 bytes before the writer's fields (two cache lines: adjacent-line prefetch). */
    abstract static class PadBefore {
        long p01, p02, p03, p04, p05, p06, p07, p08, p09, p10, p11, p12, p13, p14, p15, p16;
    }

    /** The writer's fields; superclass fields are laid out first, so the padding precedes them. */
    abstract static class WriterFields extends PadBefore {
        long claimPosition = NO_CLAIM;
        long claimLength;
        long committedEnd;
    }

    /** 128 bytes after them, so whatever is allocated next does not share their lines either. */
    static final class WriterState extends WriterFields {
        long q01, q02, q03, q04, q05, q06, q07, q08, q09, q10, q11, q12, q13, q14, q15, q16;
    }
}
