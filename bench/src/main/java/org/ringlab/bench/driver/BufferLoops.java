package org.ringlab.bench.driver;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

import org.ringlab.linux.Libc;
import org.ringlab.queues.pool.BufferPool;
import org.ringlab.queues.pool.PacketBuffer;

/**
 * Seed 001's packet-buffer loops, parts (b) and (g): a pool buffer against malloc/free, a
 * header by moving an offset against moving the packet. One thread, timed on
 * {@link DriverWorkloads#cpuNow()}.
 */
final class BufferLoops {

    /** Seed 001's RX buffer size. */
    static final int POOL_BUFFER = 2048;
    static final int POOL_BUFFERS = 2048;

    private BufferLoops() {
    }

    /** Allocate + touch + free of one pool buffer, {@code ops} times; ns per pair. */
    static double poolLoop(BufferPool.Threading threading, int ops) {
        try (BufferPool pool = BufferPool.create(POOL_BUFFERS, POOL_BUFFER, threading)) {
            long s = 0;
            long start = DriverWorkloads.cpuNow();
            for (int i = 0; i < ops; i++) {
                int index = pool.allocate();
                pool.buffer(index).set(ValueLayout.JAVA_BYTE, 0, (byte) i); // touch it, as a driver would
                s += index;
                pool.free(index);
            }
            long nanos = DriverWorkloads.cpuNow() - start;
            DriverWorkloads.sink += s;
            return (double) nanos / ops;
        }
    }

    /**
     * {@code malloc} of one 2048-byte buffer, touched like the pool's, then {@code free}, through
     * {@code libc}, {@code ops} times; ns per pair. Seed 001's baseline for its pool.
     */
    @SuppressWarnings("restricted") // viewing the malloc'd buffer to touch it
    static double mallocLoop(Libc libc, int ops) {
        long s = 0;
        long start = DriverWorkloads.cpuNow();
        for (int i = 0; i < ops; i++) {
            long p = libc.malloc(POOL_BUFFER);
            MemorySegment.ofAddress(p).reinterpret(POOL_BUFFER).set(ValueLayout.JAVA_BYTE, 0, (byte) i);
            s += p;
            libc.free(p);
        }
        long nanos = DriverWorkloads.cpuNow() - start;
        DriverWorkloads.sink += s;
        return (double) nanos / ops;
    }

    /** Why libc's malloc/free cannot be called here, or empty when it can (one call of each, tried). */
    static java.util.Optional<String> mallocUnavailable() {
        try {
            Libc libc = Libc.ffm();
            libc.free(libc.malloc(POOL_BUFFER));
            return java.util.Optional.empty();
        } catch (RuntimeException | LinkageError e) { // no Linux, no native access, no symbol
            return java.util.Optional.of("libc malloc/free unavailable: " + e);
        }
    }

    /** The packet the header parts move: an Ethernet MTU frame in a seed-sized buffer. */
    static final int HEADER_PACKET = 1500;
    static final int HEADER = 14;
    static final int HEADROOM = 64;

    /**
     * Adds then removes a 14-byte header on a 1500-byte packet {@code ops / 2} times, by moving
     * the packet's bytes ({@code copy}: a memmove either way, the packet at the buffer's start) or
     * the data offset of a {@link PacketBuffer} with headroom (push/pull, as {@code skb_push} /
     * {@code skb_pull}); each add writes the header's first byte and each remove reads it, so
     * the JIT cannot drop a pair. CPU ns per operation.
     */
    static double headerLoop(boolean copy, int ops) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment buffer = arena.allocate(POOL_BUFFER, 64);
            PacketBuffer packet = PacketBuffer.wrap(buffer, HEADROOM);
            packet.put(HEADER_PACKET);
            long s = 0;
            long start = DriverWorkloads.cpuNow();
            for (int i = 0; i < ops / 2; i++) {
                if (copy) {
                    MemorySegment.copy(buffer, 0, buffer, HEADER, HEADER_PACKET);
                    buffer.set(ValueLayout.JAVA_BYTE, 0, (byte) i);
                    s += buffer.get(ValueLayout.JAVA_BYTE, 0);
                    MemorySegment.copy(buffer, HEADER, buffer, 0, HEADER_PACKET);
                } else {
                    buffer.set(ValueLayout.JAVA_BYTE, packet.push(HEADER), (byte) i);
                    s += buffer.get(ValueLayout.JAVA_BYTE, packet.dataOffset());
                    packet.pull(HEADER);
                }
            }
            long nanos = DriverWorkloads.cpuNow() - start;
            DriverWorkloads.sink += s;
            return (double) nanos / (ops / 2 * 2);
        }
    }

    /**
     * Packet bytes that change place per header operation ({@link #headerLoop}'s add and remove
     * once each): a numbered payload is located after each operation, and the operation moved
     * the whole packet when the payload starts elsewhere, nothing when it starts where it did.
     * Throws when the payload is not intact at either place.
     */
    static double headerBytesMoved(boolean copy) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment buffer = arena.allocate(POOL_BUFFER, 64);
            PacketBuffer packet = PacketBuffer.wrap(buffer, HEADROOM);
            int payload = copy ? 0 : packet.put(HEADER_PACKET);
            for (int i = 0; i < HEADER_PACKET; i++) {
                buffer.set(ValueLayout.JAVA_BYTE, payload + i, (byte) (i * 31 + 7));
            }
            long moved = 0;
            // add
            int afterAdd;
            if (copy) {
                MemorySegment.copy(buffer, 0, buffer, HEADER, HEADER_PACKET);
                afterAdd = HEADER;
            } else {
                afterAdd = packet.push(HEADER) + HEADER;
            }
            moved += movedBytes(buffer, payload, afterAdd);
            // remove
            int afterRemove;
            if (copy) {
                MemorySegment.copy(buffer, HEADER, buffer, 0, HEADER_PACKET);
                afterRemove = 0;
            } else {
                afterRemove = packet.pull(HEADER);
            }
            moved += movedBytes(buffer, afterAdd, afterRemove);
            return moved / 2.0;
        }
    }

    private static long movedBytes(MemorySegment buffer, int was, int now) {
        for (int i = 0; i < HEADER_PACKET; i++) {
            if (buffer.get(ValueLayout.JAVA_BYTE, now + i) != (byte) (i * 31 + 7)) {
                throw new IllegalStateException("header operation damaged the payload at byte " + i + " (offset "
                        + (now + i) + ")");
            }
        }
        return was == now ? 0 : HEADER_PACKET;
    }
}
