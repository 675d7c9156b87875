package org.ringlab.heap;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;

import java.util.Set;

import org.ringlab.api.AbstractRingMemory;
import org.ringlab.api.Capability;

/**
 * The layer the pure-Java rings share: memory from one shared {@link Arena} that close
 * closes, so a segment handed out earlier throws after close instead of reading freed
 * memory; the bytes themselves are freed only once no queue operation is in flight
 * ({@link DeferredFreeArena}). Scratch memory comes from the same arena, allocated on first need.
 */
abstract class ArenaRingMemory extends AbstractRingMemory {

    /** An aligned int: release stores and acquire loads need 4-byte aligned offsets. */
    static final VarHandle WORD = ValueLayout.JAVA_INT.varHandle();

    /** Cache-line alignment, as a malloc'd C buffer would get in practice. */
    static final long ALIGNMENT = 64;

    final Arena arena;
    final MemorySegment memory;
    /** {@link #memory} read-only, made once: windows are its slices, one segment per window. */
    final MemorySegment readView;
    private final MemorySegment header;

    ArenaRingMemory(String strategyName, long capacity, long bytes, Set<Capability> capabilities) {
        this(strategyName, capacity, bytes, capabilities, DeferredFreeArena.open());
    }

    /** Over {@code a}, which the ring owns from here on (tests give it an arena that frees at close). */
    ArenaRingMemory(String strategyName, long capacity, long bytes, Set<Capability> capabilities, Arena a) {
        super(strategyName, capacity, capabilities, 1);
        try {
            this.memory = a.allocate(bytes, ALIGNMENT);
            this.header = a.allocate(MIN_HEADER_BYTES, ALIGNMENT);
            this.readView = memory.asReadOnly();
        } catch (OutOfMemoryError e) {
            a.close();
            // The capacity passed the checks but its bytes do not exist here: say which size.
            throw new IllegalArgumentException(strategyName + ": capacity " + capacity + " bytes needs " + bytes
                    + " bytes of native memory, which the allocator refused (" + e.getMessage() + ")", e);
        } catch (RuntimeException e) {
            a.close();
            throw e;
        }
        this.arena = a;
    }

    /**
     * The claim of {@code length} bytes at ring offset {@code at}: a slice of the ring when it
     * does not cross the seam, else the writer's scratch, staged until {@link #commitStaged}.
     */
    final MemorySegment claimAt(ThreadSide writer, long at, long length) {
        boolean staged = at + length > capacity;
        writer.staged = staged;
        MemorySegment base = memory;
        long from = at;
        if (staged) {
            if (writer.scratch == null) {
                writer.scratch = newScratch();
            }
            base = writer.scratch;
            from = 0;
        }
        // One slice site for both branches, so that escape analysis can remove it (see SplitRing.windowSegment).
        return base.asSlice(from, length);
    }

    /** Copies a staged claim in at ring offset {@code at} (two parts at the seam), counted as staging bytes. */
    final void commitStaged(ThreadSide writer, long at, long length) {
        if (writer.staged) {
            copyIn(writer.scratch, 0, at, length);
            writer.bytes += length;
            writer.staged = false;
        }
    }

    /**
     * Copies the window at ring offset {@code at} that crosses the seam to the start of
     * {@code reader}'s scratch (made on first need), counted in its bytes; returns the scratch,
     * read-only. Valid until the reader's next gather.
     */
    final MemorySegment gather(ThreadSide reader, long at, long length) {
        if (reader.scratch == null) {
            reader.scratch = newScratch();
            reader.scratchView = reader.scratch.asReadOnly();
        }
        copyOut(at, reader.scratch, 0, length);
        reader.bytes += length;
        return reader.scratchView;
    }

    /** A scratch segment of {@code capacity} bytes from the ring's arena. */
    final MemorySegment newScratch() {
        return arena.allocate(capacity, ALIGNMENT);
    }

    /**
     * Copies {@code length} bytes of {@code src} to ring offset {@code at}, in two parts at the
     * seam. The seam case is a method of its own, so the hot path the JIT inlines stays the same
     * small copy whether or not a record has crossed yet (the cross placement crosses once a lap).
     */
    final void copyIn(MemorySegment src, long srcOffset, long at, long length) {
        if (at + length <= capacity) {
            MemorySegment.copy(src, srcOffset, memory, at, length);
        } else {
            copyInAcrossSeam(src, srcOffset, at, length);
        }
    }

    private void copyInAcrossSeam(MemorySegment src, long srcOffset, long at, long length) {
        long first = capacity - at;
        MemorySegment.copy(src, srcOffset, memory, at, first);
        MemorySegment.copy(src, srcOffset + first, memory, 0, length - first);
    }

    /** Copies {@code length} bytes from ring offset {@code at} to {@code dst}, in two parts at the seam (no gather). */
    final void copyOut(long at, MemorySegment dst, long dstOffset, long length) {
        if (at + length <= capacity) {
            MemorySegment.copy(memory, at, dst, dstOffset, length);
        } else {
            copyOutAcrossSeam(at, dst, dstOffset, length);
        }
    }

    private void copyOutAcrossSeam(long at, MemorySegment dst, long dstOffset, long length) {
        long first = capacity - at;
        MemorySegment.copy(memory, at, dst, dstOffset, first);
        MemorySegment.copy(memory, 0, dst, dstOffset + first, length - first);
    }

    /**
     * Where {@code position} lies in {@link #memory}: the ring offset, or (linearize) that offset
     * moved by the rotation so far. The seam-aware writes and int reads below go through it.
     */
    long physical(long position) {
        return ringOffset(position);
    }

    /** A write crossing the seam is copied in two parts (no staging: nothing is handed out). */
    @Override
    protected void writeDirect(long position, MemorySegment src) {
        copyIn(src, 0, physical(position), src.byteSize());
    }

    /**
     * Across the seam the int's bytes are stored in two parts, as {@link #writeDirect} copies a
     * segment: nothing is handed out, so nothing is staged (the default went through a scratch
     * claim: a slice, a staged copy and 4 counted staging bytes per straddling length word).
     */
    @Override
    protected void writeIntDirect(long position, int value) {
        long at = physical(position);
        if (at + Integer.BYTES <= capacity) {
            memory.set(ValueLayout.JAVA_INT_UNALIGNED, at, value);
        } else {
            writeIntAcrossSeam(at, value);
        }
    }

    /** The int's native-order bytes from ring offset {@code at} up to the seam, the rest from offset 0. */
    private void writeIntAcrossSeam(long at, int value) {
        boolean little = java.nio.ByteOrder.nativeOrder() == java.nio.ByteOrder.LITTLE_ENDIAN;
        for (int i = 0; i < Integer.BYTES; i++) {
            int shift = 8 * (little ? i : Integer.BYTES - 1 - i);
            long o = at + i;
            memory.set(ValueLayout.JAVA_BYTE, o < capacity ? o : o - capacity, (byte) (value >>> shift));
        }
    }

    /**
     * The frame with one physical offset: where it lies before the seam (every frame with seam
     * placement pad) the word is one int store and the payload one copy; across the seam, the
     * word's and the payload's own two-part paths, exactly as {@link #writeIntDirect} then
     * {@link #writeDirect} write them (the kit compares the two forms at and across the seam).
     */
    @Override
    protected void writeFrameDirect(long position, int value, MemorySegment payload) {
        long length = payload.byteSize();
        long at = physical(position);
        if (at + Integer.BYTES + length <= capacity) {
            memory.set(ValueLayout.JAVA_INT_UNALIGNED, at, value);
            MemorySegment.copy(payload, 0, memory, at + Integer.BYTES, length);
        } else {
            writeFrameAcrossSeam(position, value, payload);
        }
    }

    /** A frame whose word or payload crosses the seam: a method of its own, so the inlined hot path holds one copy. */
    private void writeFrameAcrossSeam(long position, int value, MemorySegment payload) {
        writeIntDirect(position, value);
        writeDirect(position + Integer.BYTES, payload);
    }

    /**
     * The payload and the zero word with one physical offset: where the whole span lies before
     * the seam (every record of a length-word queue but the ones that reach the seam) one copy
     * and one int store; else the payload's and the word's own two-part paths, exactly as
     * {@link #writeDirect} then {@link #writeIntDirect} write them (the kit compares the two forms).
     */
    @Override
    protected void writeThenZeroIntDirect(long position, MemorySegment payload, long zeroPosition) {
        long at = physical(position);
        long zeroAt = at + (zeroPosition - position);
        if (zeroAt + Integer.BYTES <= capacity) {
            MemorySegment.copy(payload, 0, memory, at, payload.byteSize());
            memory.set(ValueLayout.JAVA_INT_UNALIGNED, zeroAt, 0);
        } else {
            super.writeThenZeroIntDirect(position, payload, zeroPosition); // the two seam-aware paths, as the default
        }
    }

    /** The int at ring offset {@code at} whose bytes run over the seam, read in two parts (no gather). */
    final int readIntAcrossSeam(long at) {
        boolean little = java.nio.ByteOrder.nativeOrder() == java.nio.ByteOrder.LITTLE_ENDIAN;
        int value = 0;
        for (int i = 0; i < Integer.BYTES; i++) {
            int shift = 8 * (little ? i : Integer.BYTES - 1 - i);
            long o = at + i;
            value |= (memory.get(ValueLayout.JAVA_BYTE, o < capacity ? o : o - capacity) & 0xFF) << shift;
        }
        return value;
    }

    /**
     * An aligned word inside the lap is one release store in place; the ring keeps no other copy
     * of it (split, linearize), and a staged claim was copied in by its commit, before. Else (a
     * word across the seam or unaligned: never a queue's word) the fence and the two-part store.
     */
    @Override
    protected void writeIntReleaseDirect(long position, int value) {
        long at = physical(position);
        writeIntReleaseAt(memory, at, at + Integer.BYTES <= capacity, position, value);
    }

    /** The word {@link #writeIntReleaseDirect} stores: an acquire load in place where aligned inside the lap. */
    @Override
    protected int readIntAcquireDirect(long position) {
        long at = physical(position);
        return readIntAcquireAt(memory, at, at + Integer.BYTES <= capacity, position);
    }

    @Override
    protected int readIntDirect(long position) {
        long at = physical(position);
        return at + Integer.BYTES <= capacity ? memory.get(ValueLayout.JAVA_INT_UNALIGNED, at) : super.readIntDirect(position);
    }

    @Override
    protected final MemorySegment headerSegment() {
        return header;
    }

    @Override
    protected void release() {
        arena.close();
    }
}
