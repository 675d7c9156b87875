package org.ringlab.conformance.kit;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;

import org.ringlab.api.CopyCounters;
import org.ringlab.api.RingMemory;
import org.ringlab.api.RingSpec;

/**
 * {@link RingMemory#writeFrame}, which a strategy may override with a path of its own, against
 * the two calls it stands for ({@code writeInt} of the word, then {@code write} of the payload):
 * two rings of the same strategy, one written each way, frame after frame with its start at
 * every offset of the last and the first {@value MemoryContract#SEAM_BYTES} bytes of the ring
 * (the word itself across the seam, the payload across it, neither), must show the same bytes
 * (the frame and the bytes either side), the same int at the frame's start, and the same copy
 * counters, after every frame.
 */
final class FrameContract {

    /** Payload lengths tried at every offset, plus one random length up to {@link #RANDOM_UP_TO}. */
    static final List<Long> PAYLOAD_LENGTHS = List.of(0L, 1L, 3L, 8L, 60L);
    private static final long RANDOM_UP_TO = 4096;
    /** Bytes compared on each side of a frame. */
    private static final long AROUND = 16;

    private FrameContract() {
    }

    static void check(Cell cell, KitSettings settings) {
        cell.assumeAvailable();
        long capacity = cell.capacity();
        java.util.Random random = new java.util.Random(settings.seed() ^ cell.displayName().hashCode());
        try (RingMemory framed = cell.strategy().allocate(RingSpec.ofCapacity(capacity));
             RingMemory twoCalls = cell.strategy().allocate(RingSpec.ofCapacity(capacity))) {
            long position = 0;
            for (long offset : MemoryContract.seamOffsets(capacity)) {
                for (long length : lengths(random, capacity)) {
                    position += Math.floorMod(offset - position, capacity);
                    byte[] payload = MemoryContract.pattern(position, (int) length);
                    int word = (int) (position * 0x9E3779B1L ^ length);
                    framed.writeFrame(position, word, MemorySegment.ofArray(payload));
                    twoCalls.writeInt(position, word);
                    twoCalls.write(position + Integer.BYTES, MemorySegment.ofArray(payload));
                    String where = cell.displayName() + ": writeFrame of a " + length + "-byte payload at position "
                            + position + " (ring offset " + offset + " of " + capacity + ")";
                    compare(where, framed, twoCalls, position, word, payload, capacity);
                    position += Integer.BYTES + length;
                }
            }
        } catch (RuntimeException e) {
            throw new AssertionError(cell.displayName() + ": the frame writes failed: " + e, e);
        }
    }

    private static void compare(String where, RingMemory framed, RingMemory twoCalls, long position, int word,
                                byte[] payload, long capacity) {
        if (framed.readInt(position) != word || twoCalls.readInt(position) != word) {
            throw new AssertionError(where + ": readInt shows " + framed.readInt(position) + " after writeFrame and "
                    + twoCalls.readInt(position) + " after writeInt and write; the word was " + word);
        }
        long frame = Integer.BYTES + payload.length;
        byte[] wanted = new byte[(int) frame];
        MemorySegment.ofArray(wanted).set(ValueLayout.JAVA_INT_UNALIGNED, 0, word);
        System.arraycopy(payload, 0, wanted, Integer.BYTES, payload.length);
        // The same calls on both rings, so that their gathers and rotations stay counted alike.
        for (RingMemory ring : List.of(framed, twoCalls)) {
            byte[] shown = ring.window(position, frame).toArray(ValueLayout.JAVA_BYTE);
            int at = java.util.Arrays.mismatch(shown, wanted);
            if (at >= 0) {
                throw new AssertionError(where + ": byte " + at + " of the frame is " + shown[at] + ", written "
                        + wanted[at] + (ring == framed ? " (after writeFrame)" : " (after writeInt then write)"));
            }
        }
        // The bytes either side: an override must not write outside its frame.
        long before = Math.min(Math.min(AROUND, position), capacity - frame);
        long after = Math.min(AROUND, capacity - frame - before);
        byte[] a = framed.window(position - before, before + frame + after).toArray(ValueLayout.JAVA_BYTE);
        byte[] b = twoCalls.window(position - before, before + frame + after).toArray(ValueLayout.JAVA_BYTE);
        int differs = java.util.Arrays.mismatch(a, b);
        if (differs >= 0) {
            throw new AssertionError(where + ": the byte at position " + (position - before + differs) + " is " + a[differs]
                    + " after writeFrame, " + b[differs] + " after writeInt then write (frame at " + position + ", "
                    + frame + " bytes)");
        }
        CopyCounters f = framed.copyCounters();
        CopyCounters t = twoCalls.copyCounters();
        if (!f.equals(t)) {
            throw new AssertionError(where + ": copy counters " + f + " after writeFrame, " + t
                    + " after writeInt then write: an override must count the copies the two calls make, no more, no fewer");
        }
    }

    private static List<Long> lengths(java.util.Random random, long capacity) {
        List<Long> lengths = new java.util.ArrayList<>();
        long most = capacity - Integer.BYTES;
        for (long l : PAYLOAD_LENGTHS) {
            if (l <= most) {
                lengths.add(l);
            }
        }
        lengths.add((long) (random.nextDouble() * (Math.min(most, RANDOM_UP_TO) + 1)));
        return lengths;
    }
}
