package org.ringlab.queues.pool;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Objects;

/**
 * A preallocated pool of fixed-size buffers (seed 001, solution 2): {@code count} buffers
 * carved from one off-heap {@link MemorySegment}, one after another, and a free-list ring of
 * their indices. Allocate and free are O(1), allocate nothing, and the pool never grows: when
 * every buffer is out, {@link #allocate()} returns {@link #EXHAUSTED} and
 * {@link #allocatePacket(int)} returns {@code null}.
 *
 * <h2>Threads</h2>
 * {@link Threading#SINGLE_THREAD}: allocate and free on one thread at a time (a plain ring).
 * {@link Threading#SPSC}: exactly one allocating thread and one freeing thread, e.g. a driver's
 * receive path allocates and the consumer frees after processing; the free list is then an SPSC
 * ring of ints with acquire/release, so a buffer's contents written before {@code free} are
 * visible to the thread that allocates it next. (A drop path that frees on the allocating thread
 * is a second freeing thread: use two pools, or one thread.) Either way the memory comes from a
 * shared {@link Arena}, so buffers may be handed to other threads; {@link #close()} frees it.
 *
 * <h2>Misuse</h2>
 * Each buffer has a state (free or allocated), so freeing an index that is free already (a
 * double free), an index out of range, a segment or {@link PacketBuffer} from elsewhere, or
 * using the pool after {@code close} throws, naming what was wrong. A stale free of a buffer that
 * was freed and allocated again in between cannot be told from a legitimate one: indices carry
 * no generation.
 *
 * <h2>Layout</h2>
 * Buffer {@code i} starts at {@code i * stride}, the stride being the buffer size rounded up to
 * 64 bytes so that no two buffers share a cache line. Contents are zero at creation and whatever
 * the last user left afterwards.
 */
public final class BufferPool implements AutoCloseable {

    /** Returned by {@link #allocate()} when every buffer is allocated. */
    public static final int EXHAUSTED = -1;
    /** Most buffers in one pool. */
    public static final int MAX_BUFFERS = 1 << 24;
    static final long ALIGNMENT = 64;

    private static final VarHandle STATE = MethodHandles.arrayElementVarHandle(int[].class);
    private static final int FREE = 0;
    private static final int ALLOCATED = 1;

    /** Which threads may allocate and free. */
    public enum Threading {
        /** One thread at a time allocates and frees. */
        SINGLE_THREAD,
        /** One thread allocates, one (other) thread frees. */
        SPSC
    }

    private final Threading threading;
    private final int count;
    private final int bufferSize;
    private final long stride;
    private final Arena arena;
    private final MemorySegment memory;
    private final MemorySegment[] buffers;
    private final PacketBuffer[] packets;
    private final int[] states;
    /** Exactly one of the two is set; two typed fields keep both call sites monomorphic. */
    private final LocalFreeList localFree;
    private final SpscFreeList spscFree;
    private volatile boolean closed;

    private BufferPool(int count, int bufferSize, Threading threading) {
        this.threading = threading;
        this.count = count;
        this.bufferSize = bufferSize;
        this.stride = (bufferSize + ALIGNMENT - 1) & -ALIGNMENT;
        this.arena = Arena.ofShared();
        try {
            this.memory = arena.allocate(stride * count, ALIGNMENT);
        } catch (RuntimeException | OutOfMemoryError e) {
            arena.close();
            throw e;
        }
        // Every view and packet object is made now, so allocate/free never make one.
        this.buffers = new MemorySegment[count];
        this.packets = new PacketBuffer[count];
        for (int i = 0; i < count; i++) {
            buffers[i] = memory.asSlice(i * stride, bufferSize);
            packets[i] = new PacketBuffer(buffers[i], this, i);
        }
        this.states = new int[count];
        this.localFree = threading == Threading.SINGLE_THREAD ? new LocalFreeList(count) : null;
        this.spscFree = threading == Threading.SPSC ? new SpscFreeList(count) : null;
    }

    /**
     * A pool of {@code count} buffers of {@code bufferSize} bytes each. Throws
     * {@link IllegalArgumentException} naming a bad count or size.
     */
    public static BufferPool create(int count, int bufferSize, Threading threading) {
        Objects.requireNonNull(threading, "threading (SINGLE_THREAD or SPSC)");
        if (count < 1 || count > MAX_BUFFERS) {
            throw new IllegalArgumentException("a pool holds 1.." + MAX_BUFFERS + " buffers, got " + count);
        }
        if (bufferSize < 1) {
            throw new IllegalArgumentException("buffer size must be positive, got " + bufferSize);
        }
        return new BufferPool(count, bufferSize, threading);
    }

    /** A buffer's index, or {@link #EXHAUSTED}. */
    public int allocate() {
        ensureOpen();
        LocalFreeList local = localFree;
        int index = local != null ? local.poll() : spscFree.poll();
        if (index == FreeList.NONE) {
            return EXHAUSTED;
        }
        // Release: ordered before the buffer reaches the freeing thread (by whatever hands it over).
        STATE.setRelease(states, index, ALLOCATED);
        return index;
    }

    /** Returns buffer {@code index} to the pool. */
    public void free(int index) {
        ensureOpen();
        if (index < 0 || index >= count) {
            throw new IllegalArgumentException("buffer index " + index + " is not from this pool (0.." + (count - 1) + ")");
        }
        if ((int) STATE.getAcquire(states, index) != ALLOCATED) {
            throw new IllegalStateException("buffer " + index + " is already free (double free)");
        }
        STATE.setRelease(states, index, FREE);
        LocalFreeList local = localFree;
        if (local != null) {
            local.offer(index);
        } else {
            spscFree.offer(index); // publishes the index, the state and the buffer's contents
        }
    }

    /** A packet buffer over a newly allocated buffer, reset to {@code headroom}; {@code null} when exhausted. */
    public PacketBuffer allocatePacket(int headroom) {
        if (headroom < 0 || headroom > bufferSize) {
            throw new IllegalArgumentException("headroom of " + headroom + " bytes: buffers have 0.." + bufferSize);
        }
        int index = allocate();
        if (index == EXHAUSTED) {
            return null;
        }
        PacketBuffer packet = packets[index];
        packet.reset(headroom);
        return packet;
    }

    /** Returns the packet's buffer to the pool. */
    public void free(PacketBuffer packet) {
        if (packet.pool() != this) {
            throw new IllegalArgumentException("packet buffer " + packet + " is not from this pool");
        }
        free(packet.index());
    }

    /** Returns the buffer whose view {@code buffer} is (as {@link #buffer(int)} gave it). */
    public void free(MemorySegment buffer) {
        free(indexOf(buffer));
    }

    /** The index of a buffer of this pool, from a view that starts at that buffer. */
    public int indexOf(MemorySegment buffer) {
        long offset = buffer.isNative() ? buffer.address() - memory.address() : -1;
        if (offset < 0 || offset >= stride * count || offset % stride != 0) {
            throw new IllegalArgumentException("segment " + buffer + " is not a buffer of this pool");
        }
        return (int) (offset / stride);
    }

    /** Buffer {@code index}'s bytes (the same view every time). */
    public MemorySegment buffer(int index) {
        checkIndex(index);
        return buffers[index];
    }

    /** The packet buffer over buffer {@code index} (the same object every time; not reset). */
    public PacketBuffer packet(int index) {
        checkIndex(index);
        return packets[index];
    }

    private void checkIndex(int index) {
        if (index < 0 || index >= count) {
            throw new IndexOutOfBoundsException("buffer index " + index + ": this pool has 0.." + (count - 1));
        }
    }

    public int count() {
        return count;
    }

    public int bufferSize() {
        return bufferSize;
    }

    /** Distance between two buffers' starts: the size rounded up to 64 bytes. */
    public long stride() {
        return stride;
    }

    public Threading threading() {
        return threading;
    }

    /** Buffers free now (a recent value while another thread works). */
    public int available() {
        return localFree != null ? localFree.size() : spscFree.size();
    }

    public boolean isOpen() {
        return !closed;
    }

    private void ensureOpen() {
        if (closed) {
            throw new IllegalStateException("buffer pool is closed");
        }
    }

    /** Frees the memory: every buffer view throws afterwards. Idempotent. */
    @Override
    public void close() {
        if (!closed) {
            closed = true;
            arena.close();
        }
    }

    @Override
    public String toString() {
        return "BufferPool[" + count + " × " + bufferSize + " bytes, " + threading + "]";
    }
}
