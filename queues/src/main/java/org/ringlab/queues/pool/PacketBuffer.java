package org.ringlab.queues.pool;

import java.lang.foreign.MemorySegment;
import java.util.Objects;

/**
 * A packet in a buffer with headroom and tailroom, after Linux's {@code sk_buff}: the data is
 * {@code [dataOffset, tailOffset)} of the buffer, so adding or removing a header moves an
 * offset and copies nothing.
 *
 * <pre>
 *   0            dataOffset           tailOffset          capacity
 *   |  headroom  |        data        |     tailroom     |
 *        push(n) ← · → pull(n)     trim(n) ← · → put(n)
 * </pre>
 *
 * {@link #push(int)} prepends {@code n} bytes (a header going out), {@link #pull(int)} strips
 * {@code n} from the front (a header coming in), {@link #put(int)} appends at the tail and
 * {@link #trim(int)} removes {@code n} bytes at the tail (unlike Linux's {@code skb_trim(len)},
 * which trims <em>to</em> a length). Each returns the offset where the caller reads or writes,
 * in {@link #buffer()}. A length below zero or beyond the room there throws
 * {@link IllegalArgumentException} naming the length and the room.
 *
 * <p>Packets of a {@link BufferPool} are made with the pool and reused; {@link #wrap} makes one
 * over any segment. Not thread-safe: one owner at a time.
 */
public final class PacketBuffer {

    private final MemorySegment buffer;
    private final BufferPool pool;
    private final int index;
    private final int capacity;
    private int data;
    private int tail;

    PacketBuffer(MemorySegment buffer, BufferPool pool, int index) {
        if (buffer.byteSize() > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("packet buffers hold at most " + Integer.MAX_VALUE + " bytes, got "
                    + buffer.byteSize());
        }
        this.buffer = buffer;
        this.pool = pool;
        this.index = index;
        this.capacity = (int) buffer.byteSize();
    }

    /** A packet over {@code buffer}, empty, with {@code headroom} bytes reserved in front. */
    public static PacketBuffer wrap(MemorySegment buffer, int headroom) {
        Objects.requireNonNull(buffer, "buffer");
        PacketBuffer p = new PacketBuffer(buffer, null, -1);
        p.reset(headroom);
        return p;
    }

    /** Empties the packet and reserves {@code headroom} bytes in front (skb_reserve on a fresh skb). */
    public PacketBuffer reset(int headroom) {
        if (headroom < 0 || headroom > capacity) {
            throw new IllegalArgumentException("headroom of " + headroom + " bytes: this buffer has 0.." + capacity);
        }
        data = headroom;
        tail = headroom;
        return this;
    }

    /** Prepends {@code n} bytes; returns the new data offset, where the header goes. */
    public int push(int n) {
        check("push", n, data, "headroom");
        data -= n;
        return data;
    }

    /** Prepends {@code header}'s bytes (push, then one copy of the header only); returns the new data offset. */
    public int push(MemorySegment header) {
        int at = push(length("push", header));
        MemorySegment.copy(header, 0, buffer, at, header.byteSize());
        return at;
    }

    /** Strips {@code n} bytes from the front; returns the new data offset. */
    public int pull(int n) {
        check("pull", n, tail - data, "data");
        data += n;
        return data;
    }

    /** Appends {@code n} bytes; returns the offset where they go (the old tail). */
    public int put(int n) {
        check("put", n, capacity - tail, "tailroom");
        int at = tail;
        tail += n;
        return at;
    }

    /** Appends {@code bytes} (put, then one copy); returns the offset where they went. */
    public int put(MemorySegment bytes) {
        int at = put(length("put", bytes));
        MemorySegment.copy(bytes, 0, buffer, at, bytes.byteSize());
        return at;
    }

    /** Removes {@code n} bytes at the tail; returns the new tail offset. */
    public int trim(int n) {
        check("trim", n, tail - data, "data");
        tail -= n;
        return tail;
    }

    private static void check(String op, int n, int room, String what) {
        if (n < 0) {
            throw new IllegalArgumentException(op + " of " + n + " bytes: a length must be 0 or more");
        }
        if (n > room) {
            throw new IllegalArgumentException(op + " of " + n + " bytes: only " + room + " bytes of " + what);
        }
    }

    private static int length(String op, MemorySegment bytes) {
        long n = bytes.byteSize();
        if (n > Integer.MAX_VALUE) {
            throw new IllegalArgumentException(op + " of " + n + " bytes: larger than any packet buffer");
        }
        return (int) n;
    }

    /** The whole buffer, headroom and tailroom included; offsets returned by the methods index it. */
    public MemorySegment buffer() {
        return buffer;
    }

    /** A view of the data bytes. Makes a view object: for convenience, not for a hot path. */
    public MemorySegment data() {
        return buffer.asSlice(data, tail - data);
    }

    public int dataOffset() {
        return data;
    }

    public int tailOffset() {
        return tail;
    }

    /** Bytes of data. */
    public int length() {
        return tail - data;
    }

    public int headroom() {
        return data;
    }

    public int tailroom() {
        return capacity - tail;
    }

    public int capacity() {
        return capacity;
    }

    /** The pool this packet's buffer belongs to, {@code null} for a {@link #wrap wrapped} one. */
    public BufferPool pool() {
        return pool;
    }

    /** The buffer's index in its pool, -1 for a wrapped one. */
    public int index() {
        return index;
    }

    @Override
    public String toString() {
        return "PacketBuffer[" + (pool == null ? "wrapped" : "#" + index) + ", headroom " + data + ", data " + (tail - data)
                + ", tailroom " + (capacity - tail) + "]";
    }
}
