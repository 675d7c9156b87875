package org.ringlab.heap;

import java.lang.foreign.MemorySegment;

import org.ringlab.api.CopyCounters;

/**
 * A ring of N bytes that is rotated in place when a window would cross the seam, the way
 * {@code boost::circular_buffer::linearize()} works: afterwards the window starts at offset 0
 * and is contiguous. Byte {@code p} lives at {@code (p + shift) mod N}.
 *
 * <p>A rotation by {@code s} whose smaller part, {@code m = min(s, N - s)} bytes, fits the
 * 64 KiB temp parks that part there, moves the larger part with one overlapping copy and puts
 * the parked part back: {@code N + m} bytes, all moved sequentially, as seed 000 prices
 * linearize (the work of the second insertion, done for the whole array at once). A queue's
 * crossing window is of this kind (m is at most the record). Otherwise every block of {@code u}
 * bytes moves once along the cycles of the permutation, with one block per cycle parked in the
 * temp: {@code N + gcd(N, s)} bytes. {@code rotationBytes} counts the bytes moved. Writes never
 * rotate: a write crossing the seam is copied in two parts, a claim crossing it is staged ({@code stagingBytes}). A window
 * may rotate the whole ring, so reads and writes must not run concurrently.
 *
 * <p>Never under a claim: while the writer holds a claim handed out in place (a slice of the
 * ring, not staged), a read across the seam does not rotate, since the rotation would move the
 * claimed bytes from under the caller's segment, and what it wrote afterwards would land on
 * other positions' bytes. Then a {@code read} copies the two parts straight out, an int is read
 * in two parts, and a {@code window} is gathered into reader scratch like split's
 * ({@code gatherBytes}, valid until the next window); the next crossing read after the commit
 * rotates again.
 */
final class LinearizingRing extends LapViewArenaRing {

    /** Largest block moved at once during a rotation. */
    static final long MAX_BLOCK = 64 * 1024;

    private long shift;
    private MemorySegment temp;
    private final ThreadSide writer = new ThreadSide();  // claim scratch, staged flag, stagingBytes
    private final ThreadSide reader = new ThreadSide();  // window scratch under a claim, gatherBytes
    private long rotationBytes;
    private long rotations;

    LinearizingRing(String strategyName, long capacity, java.util.Set<org.ringlab.api.Capability> capabilities) {
        super(strategyName, capacity, capabilities);
    }

    /** Over {@code arena} (tests: a twin that frees at close). */
    LinearizingRing(String strategyName, long capacity, java.util.Set<org.ringlab.api.Capability> capabilities,
            java.lang.foreign.Arena arena) {
        super(strategyName, capacity, capabilities, arena);
    }

    @Override
    long physical(long position) {
        long o = ringOffset(position) + shift; // both below the capacity: one subtraction, no division
        return o >= capacity ? o - capacity : o;
    }

    @Override
    protected MemorySegment claimSegment(long position, long length) {
        return claimAt(writer, physical(position), length);
    }

    @Override
    protected void commitClaim(long position, long length) {
        commitStaged(writer, physical(position), length);
    }

    /**
     * In place when the bytes are contiguous; across the seam after a rotation (the mechanism),
     * no window made; in two parts when a claim is held in place ({@link #NOT_ROTATED}: a
     * method of its own, so the inlined path stays the one-copy path it was).
     */
    @Override
    protected void readDirect(long position, MemorySegment dst, long dstOffset, long length) {
        long at = linearized(position, length);
        if (at == NOT_ROTATED) {
            readUnderClaim(position, dst, dstOffset, length);
            return;
        }
        MemorySegment.copy(memory, at, dst, dstOffset, length);
    }

    private void readUnderClaim(long position, MemorySegment dst, long dstOffset, long length) {
        copyOut(physical(position), dst, dstOffset, length);
    }

    /** An int across the seam rotates the ring as a window would (the mechanism), no window made; in two parts under a claim. */
    @Override
    protected int readIntDirect(long position) {
        long at = linearized(position, Integer.BYTES);
        if (at == NOT_ROTATED) {
            return readIntUnderClaim(position);
        }
        return memory.get(java.lang.foreign.ValueLayout.JAVA_INT_UNALIGNED, at);
    }

    private int readIntUnderClaim(long position) {
        return readIntAcrossSeam(physical(position));
    }

    /**
     * A slice of the read-only view, or, across the seam under a claim held in place, of the
     * reader's scratch after the gather. One slice site for both (see SplitRing.windowSegment).
     */
    @Override
    protected MemorySegment windowSegment(long position, long length) {
        long at = linearized(position, length);
        MemorySegment base = readView;
        if (at == NOT_ROTATED) {
            base = gatherUnderClaim(position, length);
            at = 0;
        }
        return base.asSlice(at, length);
    }

    private MemorySegment gatherUnderClaim(long position, long length) {
        return gather(reader, physical(position), length);
    }

    /** {@link #linearized}'s answer when the bytes cross the seam and a claim held in place forbids the rotation. */
    private static final long NOT_ROTATED = -1;

    /**
     * Where {@code [position, position + length)} lies contiguously in {@link #memory}: its
     * physical offset, after rotating the ring when the bytes cross the seam (a method of its
     * own, so the inlined path is the same before and after the first rotation), or
     * {@link #NOT_ROTATED} when they cross it under a claim held in place.
     */
    private long linearized(long position, long length) {
        long at = physical(position);
        return at + length <= capacity ? at : linearize(at);
    }

    /**
     * Rotates the ring so that physical offset {@code at} moves to 0; returns 0. Cold: once a
     * lap at most. Not while a claim is held in place: then returns {@link #NOT_ROTATED}.
     */
    private long linearize(long at) {
        if (claimOutstanding() && !writer.staged) {
            return NOT_ROTATED; // the claimed bytes must stay where the caller's segment is
        }
        rotateLeft(at);
        shift = (shift - at + capacity) % capacity;
        return 0;
    }

    /** Rotates the ring so the byte at offset {@code s} (0 < s < N) moves to offset 0. */
    private void rotateLeft(long s) {
        if (temp == null) {
            temp = arena.allocate(Math.min(capacity, MAX_BLOCK), ALIGNMENT);
        }
        long tail = capacity - s;
        if (Math.min(s, tail) <= MAX_BLOCK) {
            rotateThroughTemp(s, tail);
        } else {
            rotateAlongCycles(s);
        }
        rotations++;
    }

    /**
     * The smaller part parked in the temp, the larger moved over it with one overlapping copy
     * ({@code MemorySegment.copy} copies as if through a temporary: a memmove), the parked part
     * put back: {@code N + min(s, N - s)} bytes, sequential.
     */
    private void rotateThroughTemp(long s, long tail) {
        if (tail <= s) {
            MemorySegment.copy(memory, s, temp, 0, tail);
            MemorySegment.copy(memory, 0, memory, tail, s);
            MemorySegment.copy(temp, 0, memory, 0, tail);
            rotationBytes += capacity + tail;
        } else {
            MemorySegment.copy(memory, 0, temp, 0, s);
            MemorySegment.copy(memory, s, memory, 0, tail);
            MemorySegment.copy(temp, 0, memory, tail, s);
            rotationBytes += capacity + s;
        }
    }

    /** Both parts larger than the temp: blocks along the permutation's cycles, {@code N + gcd(N, s)} bytes. */
    private void rotateAlongCycles(long s) {
        long g = gcd(capacity, s);
        long block = largestDivisorAtMost(g, MAX_BLOCK);
        long blocks = capacity / block;
        long step = s / block;
        long cycles = g / block;
        for (long c = 0; c < cycles; c++) {
            MemorySegment.copy(memory, c * block, temp, 0, block);
            long to = c;
            long from = (c + step) % blocks;
            while (from != c) {
                MemorySegment.copy(memory, from * block, memory, to * block, block);
                to = from;
                from += step;
                if (from >= blocks) {
                    from -= blocks;
                }
            }
            MemorySegment.copy(temp, 0, memory, to * block, block);
        }
        rotationBytes += capacity + g;
    }

    static long gcd(long a, long b) {
        while (b != 0) {
            long t = a % b;
            a = b;
            b = t;
        }
        return a;
    }

    /** The largest divisor of {@code n} that is at most {@code limit}. */
    static long largestDivisorAtMost(long n, long limit) {
        for (long d = Math.ceilDiv(n, limit); d <= n; d++) {
            if (n % d == 0) {
                return n / d;
            }
        }
        return 1;
    }

    @Override
    public CopyCounters copyCounters() {
        ensureOpen();
        return new CopyCounters(0, rotationBytes, rotations, writer.bytes, reader.bytes);
    }
}
