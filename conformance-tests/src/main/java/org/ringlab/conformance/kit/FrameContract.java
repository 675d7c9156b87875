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
 *
 * <p>{@link #checkReleasedWords}: {@link RingMemory#writeIntRelease} and
 * {@link RingMemory#readIntAcquire} against {@code writeInt} and {@code readInt} the same way: a
 * zero word, a payload behind it, then the word released over the zero (as a length-word queue
 * publishes), against the word and the payload written forwards, at the same offsets.
 *
 * <p>{@link #checkZeroIntAfterWrites}: {@link RingMemory#writeThenZeroInt} against
 * {@code write} of the payload then {@code writeInt} of the zero the same way, with the zero
 * word right after the payload and a few bytes past it (the bytes between are not written).
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
        onTwinRings(cell, settings, 0, "the frame writes", (framed, twoCalls, capacity, random) -> {
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
        });
    }

    /**
     * Released words: on one ring {@code writeInt(p, 0)}, {@code write(p + 4, payload)},
     * {@code writeIntRelease(p, word)}; on its twin {@code writeInt(p, word)}, {@code write(p + 4,
     * payload)}: the same bytes (the frame and 16 either side, through windows), the same int by
     * {@code readInt} and {@code readIntAcquire} on both, and copy counters that differ by exactly
     * the one extra {@code writeInt} the first ring made per frame (the release counts as a
     * {@code writeInt} does).
     */
    static void checkReleasedWords(Cell cell, KitSettings settings) {
        onTwinRings(cell, settings, 0x5E1EA5E, "the released words", (released, forwards, capacity, random) -> {
            long position = 0;
            CopyCounters extra = CopyCounters.ZERO; // what the released ring's extra writeInt of each word counted
            for (long offset : MemoryContract.seamOffsets(capacity)) {
                for (long length : lengths(random, capacity)) {
                    position += Math.floorMod(offset - position, capacity);
                    byte[] payload = MemoryContract.pattern(position, (int) length);
                    int word = (int) (position * 0x9E3779B1L ^ length) | 1; // never 0: it must differ from the zero under it
                    CopyCounters before = released.copyCounters();
                    released.writeInt(position, 0);
                    extra = plus(extra, released.copyCounters().minus(before));
                    released.write(position + Integer.BYTES, MemorySegment.ofArray(payload));
                    released.writeIntRelease(position, word);
                    forwards.writeInt(position, word);
                    forwards.write(position + Integer.BYTES, MemorySegment.ofArray(payload));
                    String where = cell.displayName() + ": writeIntRelease of the word before a " + length
                            + "-byte payload at position " + position + " (ring offset " + offset + " of " + capacity + ")";
                    if (released.readIntAcquire(position) != word || forwards.readIntAcquire(position) != word) {
                        throw new AssertionError(where + ": readIntAcquire shows " + released.readIntAcquire(position)
                                + " after writeIntRelease and " + forwards.readIntAcquire(position)
                                + " after writeInt; the word was " + word);
                    }
                    compare(where, released, forwards, position, word, payload, capacity, extra);
                    position += Integer.BYTES + length;
                }
            }
        });
    }

    /**
     * Payloads with a zero word after them: on one ring {@code writeThenZeroInt(p, payload, z)},
     * on its twin {@code write(p, payload)} then {@code writeInt(z, 0)}, with the payload starting
     * at every seam offset and {@code z} right after it or {@code 1 + length % 7} bytes past it
     * (so the payload, the zero word or both cross the seam): the same bytes from 16 before the
     * payload to 16 after the zero word (the gap between them untouched: both rings were
     * filled with a pattern first), a zero int at {@code z} on both, and the same copy counters.
     */
    static void checkZeroIntAfterWrites(Cell cell, KitSettings settings) {
        onTwinRings(cell, settings, 0x2E50, "the payload and zero-int writes", (combined, twoCalls, capacity, random) -> {
            // A lap of pattern first, so that a write into the gap or the bytes around shows.
            MemorySegment lap = MemorySegment.ofArray(MemoryContract.pattern(0, (int) capacity));
            combined.write(0, lap);
            twoCalls.write(0, lap);
            long position = capacity;
            for (long offset : MemoryContract.seamOffsets(capacity)) {
                for (long length : lengths(random, capacity - 2 * Integer.BYTES)) {
                    for (long gap : new long[] {0, 1 + length % 7}) {
                        position += Math.floorMod(offset - position, capacity);
                        long zero = position + length + gap;
                        byte[] payload = MemoryContract.pattern(position * 31, (int) length);
                        combined.writeThenZeroInt(position, MemorySegment.ofArray(payload), zero);
                        twoCalls.write(position, MemorySegment.ofArray(payload));
                        twoCalls.writeInt(zero, 0);
                        String where = cell.displayName() + ": writeThenZeroInt of a " + length + "-byte payload at position "
                                + position + " (ring offset " + offset + " of " + capacity + "), the zero int at " + zero;
                        compareZeroAfter(where, combined, twoCalls, position, payload, zero, capacity);
                        position = zero + Integer.BYTES;
                    }
                }
            }
        });
    }

    /** What one of the checks does on its two rings of one strategy and capacity. */
    @FunctionalInterface
    private interface TwinRingsCheck {
        void run(RingMemory one, RingMemory twin, long capacity, java.util.Random random);
    }

    /**
     * Runs {@code check} on two fresh rings of the cell's strategy and capacity, with a random
     * seeded from the settings, the cell and {@code salt}; a failure names the cell and {@code what}.
     */
    private static void onTwinRings(Cell cell, KitSettings settings, int salt, String what, TwinRingsCheck check) {
        cell.assumeAvailable();
        long capacity = cell.capacity();
        java.util.Random random = new java.util.Random(settings.seed() ^ cell.displayName().hashCode() ^ salt);
        try (RingMemory one = cell.strategy().allocate(RingSpec.ofCapacity(capacity));
             RingMemory twin = cell.strategy().allocate(RingSpec.ofCapacity(capacity))) {
            check.run(one, twin, capacity, random);
        } catch (RuntimeException e) {
            throw new AssertionError(cell.displayName() + ": " + what + " failed: " + e, e);
        }
    }

    private static void compareZeroAfter(String where, RingMemory combined, RingMemory twoCalls, long position,
                                         byte[] payload, long zero, long capacity) {
        if (combined.readInt(zero) != 0 || twoCalls.readInt(zero) != 0) {
            throw new AssertionError(where + ": readInt shows " + combined.readInt(zero) + " after writeThenZeroInt and "
                    + twoCalls.readInt(zero) + " after write and writeInt; the int written was 0");
        }
        long span = zero + Integer.BYTES - position;
        long before = Math.min(AROUND, capacity - span);
        long after = Math.min(AROUND, capacity - span - before);
        // The same window calls on both rings, so that their gathers and rotations stay counted alike.
        byte[] a = combined.window(position - before, before + span + after).toArray(ValueLayout.JAVA_BYTE);
        byte[] b = twoCalls.window(position - before, before + span + after).toArray(ValueLayout.JAVA_BYTE);
        int shown = java.util.Arrays.mismatch(java.util.Arrays.copyOfRange(a, (int) before, (int) before + payload.length),
                payload);
        if (shown >= 0) {
            throw new AssertionError(where + ": byte " + shown + " of the payload is " + a[(int) before + shown]
                    + " after writeThenZeroInt, written " + payload[shown]);
        }
        int differs = java.util.Arrays.mismatch(a, b);
        if (differs >= 0) {
            long at = position - before + differs;
            String part = at < position ? "before the payload" : at < position + payload.length ? "in the payload"
                    : at < zero ? "between the payload and the zero int" : at < zero + Integer.BYTES ? "in the zero int"
                    : "after the zero int";
            throw new AssertionError(where + ": the byte at position " + at + " (" + part + ") is " + a[differs]
                    + " after writeThenZeroInt, " + b[differs] + " after write then writeInt");
        }
        CopyCounters c = combined.copyCounters();
        CopyCounters t = twoCalls.copyCounters();
        if (!c.equals(t)) {
            throw new AssertionError(where + ": copy counters " + c + " after writeThenZeroInt, " + t
                    + " after write then writeInt: an override must count the copies the two calls make, no more, no fewer");
        }
    }

    private static CopyCounters plus(CopyCounters a, CopyCounters b) {
        return new CopyCounters(a.mirrorBytes() + b.mirrorBytes(), a.rotationBytes() + b.rotationBytes(),
                a.rotations() + b.rotations(), a.stagingBytes() + b.stagingBytes(), a.gatherBytes() + b.gatherBytes(),
                a.growthBytes() + b.growthBytes(), a.grows() + b.grows());
    }

    private static void compare(String where, RingMemory framed, RingMemory twoCalls, long position, int word,
                                byte[] payload, long capacity) {
        compare(where, framed, twoCalls, position, word, payload, capacity, CopyCounters.ZERO);
    }

    /** {@code extra}: what {@code framed}'s counters may show beyond {@code twoCalls}' (its extra calls' copies). */
    private static void compare(String where, RingMemory framed, RingMemory twoCalls, long position, int word,
                                byte[] payload, long capacity, CopyCounters extra) {
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
        CopyCounters t = plus(twoCalls.copyCounters(), extra);
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
