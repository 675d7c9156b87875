package org.ringlab.queues.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/** Bad sizes, lengths, indices and use after close: each refused with a message naming the value. */
class BufferPoolBadInputTest {

    static void assertMessage(Class<? extends Throwable> type, String expected, Executable call) {
        Throwable t = assertThrows(type, call);
        assertTrue(t.getMessage() != null && t.getMessage().contains(expected),
                "message should contain \"" + expected + "\": " + t.getMessage());
    }

    @Test
    void badPoolsAreRefused() {
        assertMessage(IllegalArgumentException.class, "buffers, got 0",
                () -> BufferPool.create(0, 64, BufferPool.Threading.SINGLE_THREAD));
        assertMessage(IllegalArgumentException.class, "got " + (BufferPool.MAX_BUFFERS + 1),
                () -> BufferPool.create(BufferPool.MAX_BUFFERS + 1, 64, BufferPool.Threading.SPSC));
        assertMessage(IllegalArgumentException.class, "buffer size must be positive, got -5",
                () -> BufferPool.create(4, -5, BufferPool.Threading.SINGLE_THREAD));
        assertThrows(NullPointerException.class, () -> BufferPool.create(4, 64, null));
    }

    @Test
    void badIndicesAndHeadroomsAreRefused() {
        try (BufferPool pool = BufferPool.create(4, 100, BufferPool.Threading.SPSC)) {
            assertEquals(128, pool.stride(), "buffers are a cache line apart at least");
            assertMessage(IndexOutOfBoundsException.class, "buffer index 4", () -> pool.buffer(4));
            assertMessage(IndexOutOfBoundsException.class, "buffer index -1", () -> pool.packet(-1));
            assertMessage(IllegalArgumentException.class, "buffer index 7 is not from this pool", () -> pool.free(7));
            assertMessage(IllegalArgumentException.class, "headroom of 101 bytes", () -> pool.allocatePacket(101));
            assertMessage(IllegalArgumentException.class, "headroom of -1 bytes", () -> pool.allocatePacket(-1));
            assertEquals(4, pool.available(), "a refused call allocates nothing");
            int i = pool.allocate();
            pool.free(i);
            assertMessage(IllegalStateException.class, "buffer " + i + " is already free (double free)", () -> pool.free(i));
            PacketBuffer wrapped = PacketBuffer.wrap(MemorySegment.ofArray(new byte[100]), 0);
            assertMessage(IllegalArgumentException.class, "is not from this pool", () -> pool.free(wrapped));
        }
    }

    @Test
    void aClosedPoolRefusesEveryCallAndItsBuffersThrow() {
        BufferPool pool = BufferPool.create(4, 64, BufferPool.Threading.SINGLE_THREAD);
        int i = pool.allocate();
        MemorySegment b = pool.buffer(i);
        pool.close();
        pool.close(); // idempotent
        assertMessage(IllegalStateException.class, "buffer pool is closed", pool::allocate);
        assertMessage(IllegalStateException.class, "buffer pool is closed", () -> pool.free(i));
        assertThrows(IllegalStateException.class, () -> b.get(java.lang.foreign.ValueLayout.JAVA_BYTE, 0),
                "the memory is freed: a stale view throws, it does not crash");
    }

    @Test
    void badPacketLengthsNameTheLengthAndTheRoom() {
        PacketBuffer p = PacketBuffer.wrap(MemorySegment.ofArray(new byte[128]), 32);
        assertMessage(IllegalArgumentException.class, "push of 40 bytes: only 32 bytes of headroom", () -> p.push(40));
        assertMessage(IllegalArgumentException.class, "push of -1 bytes: a length must be 0 or more", () -> p.push(-1));
        assertMessage(IllegalArgumentException.class, "pull of 1 bytes: only 0 bytes of data", () -> p.pull(1));
        assertMessage(IllegalArgumentException.class, "trim of 5 bytes: only 0 bytes of data", () -> p.trim(5));
        assertMessage(IllegalArgumentException.class, "put of 97 bytes: only 96 bytes of tailroom", () -> p.put(97));
        assertMessage(IllegalArgumentException.class, "put of 200 bytes", () -> p.put(MemorySegment.ofArray(new byte[200])));
        assertMessage(IllegalArgumentException.class, "headroom of 129 bytes", () -> p.reset(129));
        assertMessage(IllegalArgumentException.class, "headroom of -2 bytes",
                () -> PacketBuffer.wrap(MemorySegment.ofArray(new byte[8]), -2));
        assertEquals(32, p.headroom(), "a refused call moves nothing");
        assertEquals(0, p.length());
        assertEquals(96, p.tailroom());
    }
}
