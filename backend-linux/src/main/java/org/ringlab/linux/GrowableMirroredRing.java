package org.ringlab.linux;

import java.lang.foreign.MemorySegment;

import org.ringlab.api.support.Cleanup;
import org.ringlab.api.AbstractRingMemory;
import org.ringlab.api.CopyCounters;
import org.ringlab.api.GrowableRingMemory;
import org.ringlab.api.RingChecks;

/**
 * A mirrored ring on a memfd that can grow while it holds data ({@code mirrored-memfd-growable}).
 * It keeps the memfd open so that a grow can enlarge the file and map it again:
 *
 * <ol>
 *   <li>{@code ftruncate} the memfd from {@code H + N} to {@code H + M} bytes: the first N ring
 *       bytes keep their file pages, the new ones read as zero and cost nothing until touched;</li>
 *   <li>map a new double view of {@code H + M} bytes ({@link MirrorMapping#map}, a new
 *       reservation): the old ring's bytes sit at offsets {@code 0..N-1} of it, unmoved;</li>
 *   <li>if the live range wrapped (its end at the start of the old ring), move the smaller of
 *       its two parts that fits (the tail only fits when {@code N + t <= M}) so that it is contiguous again in the new ring: the tail {@code [0, t)}
 *       to {@code [N, N + t)}, or the head {@code [a, N)} to the end {@code [M - (N - a), M)};
 *       those are the only bytes copied ({@link CopyCounters#growthBytes()});</li>
 *   <li>unmap the old views: every earlier segment throws from then on.</li>
 * </ol>
 *
 * Positions keep counting across grows: byte {@code p} lives at {@code (p mod capacity + shift)
 * mod capacity}, and a grow picks the new {@code shift} so that the live bytes keep their place.
 * A grow that fails (ftruncate, mmap) shrinks the file back and leaves the ring untouched.
 */
final class GrowableMirroredRing extends AbstractRingMemory implements GrowableRingMemory {

    private final Libc libc;
    private final int fd;
    private MirrorMapping mapping;
    private MemorySegment mirror;
    /** {@link #mirror} read-only: windows are its slices, so no writable slice is made only to be wrapped. */
    private MemorySegment readView;
    /** Added to {@code position mod capacity}: where the current ring's position 0 would be. */
    private long shift;
    private long growthBytes;
    private long grows;
    /**
     * A grow (the producer's thread) and the close (any thread) exclude each other: a close
     * during a grow would close the memfd under the grow's ftruncate/mmap (EBADF, or worse a
     * descriptor number already reused by another file) and unmap the old mapping while the new
     * one leaks. Both are cold; the close waits at most for one grow to finish.
     */
    private final Object growOrClose = new Object();

    /** Takes ownership of {@code mapping} and of {@code fd}, the memfd behind it. */
    GrowableMirroredRing(Libc libc, String strategyName, long capacity, java.util.Set<org.ringlab.api.Capability> capabilities,
                         long granularity, MirrorMapping mapping, int fd) {
        super(strategyName, capacity, capabilities, granularity);
        this.libc = libc;
        this.mapping = mapping;
        this.mirror = mapping.segment();
        this.readView = mirror.asReadOnly();
        this.fd = fd;
    }

    @Override
    public void grow(long newCapacity, long liveFrom, long liveTo) {
        synchronized (growOrClose) {
            growLocked(newCapacity, liveFrom, liveTo);
        }
    }

    private void growLocked(long newCapacity, long liveFrom, long liveTo) {
        ensureOpen(); // under the lock: a close that began first has made it throw
        long n = capacity;
        RingChecks.checkCapacity(strategyName(), newCapacity, libc.pageSize());
        if (newCapacity <= n) {
            throw new IllegalArgumentException(strategyName() + ": cannot grow to " + newCapacity
                    + " bytes, the ring already has " + n);
        }
        if (liveFrom < 0 || liveTo < liveFrom) {
            throw new IllegalArgumentException("live range [" + liveFrom + ", " + liveTo + ") is not a range of positions");
        }
        if (liveTo - liveFrom > n) {
            throw new IllegalArgumentException("live range [" + liveFrom + ", " + liveTo + ") holds " + (liveTo - liveFrom)
                    + " bytes, more than the ring's capacity " + n);
        }
        long h = mapping.header().byteSize();
        libc.ftruncate(fd, h + newCapacity);
        MirrorMapping next;
        try {
            next = MirrorMapping.map(libc, fd, h, newCapacity, mapping);
        } catch (Throwable t) {
            Cleanup.runAll(t, () -> libc.ftruncate(fd, h + n));
            throw t;
        }
        // Nothing below can fail before the old views go: the new mapping is complete.
        MemorySegment ring = next.segment();
        long length = liveTo - liveFrom;
        long from = offset(liveFrom);
        long to = from;
        long moved = 0;
        if (from + length > n) {
            long tail = from + length - n; // wrapped part, at [0, tail)
            long head = n - from;          // first part, at [from, n)
            if (n + tail <= newCapacity && tail <= head) {
                MemorySegment.copy(ring, 0, ring, n, tail);
                moved = tail;
            } else {
                to = newCapacity - head;
                MemorySegment.copy(ring, from, ring, to, head); // may overlap: copy is memmove-safe
                moved = head;
            }
        }
        MirrorMapping old = mapping;
        mapping = next;
        mirror = ring;
        readView = ring.asReadOnly();
        shift = Math.floorMod(to - liveFrom % newCapacity, newCapacity);
        capacityGrown(newCapacity);
        growthBytes += moved;
        grows++;
        old.close(); // earlier claims, windows and headers throw from here on
    }

    private long offset(long position) {
        long o = ringOffset(position) + shift; // a mask, not a division, for power-of-two capacities
        return o >= capacity ? o - capacity : o;
    }

    @Override
    protected MemorySegment claimSegment(long position, long length) {
        return mirror.asSlice(offset(position), length);
    }

    @Override
    protected void commitClaim(long position, long length) {
        // The bytes are already in both views: same pages.
    }

    @Override
    protected void writeDirect(long position, MemorySegment src) {
        // Straight into the mirror: no slice object on the write path.
        MemorySegment.copy(src, 0, mirror, offset(position), src.byteSize());
    }

    /**
     * Both straight into the mirror from one offset: the span is at most one lap, so it is
     * contiguous in the 2N view (the default's int went through a claim's slice).
     */
    @Override
    protected void writeThenZeroIntDirect(long position, MemorySegment payload, long zeroPosition) {
        long at = offset(position);
        MemorySegment.copy(payload, 0, mirror, at, payload.byteSize());
        mirror.set(java.lang.foreign.ValueLayout.JAVA_INT_UNALIGNED, at + (zeroPosition - position), 0);
    }

    @Override
    protected MemorySegment windowSegment(long position, long length) {
        return readView.asSlice(offset(position), length);
    }

    /**
     * An aligned word is one release store in the mirror (both views are the same pages, so
     * there is no second copy); unaligned, the fence and the default's store. Never concurrent
     * with a grow: a queue that grows publishes by its position (spsc's grow handshake).
     */
    @Override
    protected void writeIntReleaseDirect(long position, int value) {
        writeIntReleaseAt(mirror, offset(position), true, position, value);
    }

    @Override
    protected int readIntAcquireDirect(long position) {
        return readIntAcquireAt(mirror, offset(position), true, position);
    }

    @Override
    protected MemorySegment headerSegment() {
        return mapping.header();
    }

    @Override
    public CopyCounters copyCounters() {
        ensureOpen();
        return new CopyCounters(0, 0, 0, 0, 0, growthBytes, grows);
    }

    @Override
    protected void release() {
        synchronized (growOrClose) { // after a grow in progress: its mapping is the one to close
            Cleanup.runAll(null, mapping::close, () -> libc.close(fd));
        }
    }
}
