package org.ringlab.api;

import java.lang.foreign.MemorySegment;

/**
 * A {@link SegmentPathMemory} on a 2N array that holds every byte twice, at {@code i} and
 * {@code i + N} (seed 000's doubled ring): any range of up to N bytes is contiguous in its
 * {@link #doubledView() doubled view} from the offset of its first position, so a queue may
 * write and read its records in place, with no claim, commit or window per record, as on a
 * mirror view. Unlike a mirror, the second copy is not the same memory: it is written, and that
 * second write is the strategy's mechanism. A queue that writes in place therefore makes it
 * through {@link #twin} and {@link #twinInt}, the strategy's own code, counted as
 * {@link CopyCounters#mirrorBytes() mirror bytes}, so a comparison measures the mechanism and
 * every window of the ring shows the bytes the queue wrote.
 *
 * <h2>In place</h2>
 * The bytes of position {@code p} live at view offset {@code p mod N} and, a second time, at
 * {@code p mod N + N}. A writer that writes {@code length} bytes of a range in place at view
 * offset {@code at} ({@code at < N}; the bytes past N land in the second copy) then calls
 * {@code twin(from, fromOffset, at, length)} with the same source, and the range's bytes are in
 * both copies: each byte of the first half gets its twin in the second, each byte written past N
 * gets its twin at the start. An int at a 4-aligned offset below N is written with its own
 * store there and {@link #twinInt} for the twin. Only then is the range part of the ring for
 * {@code window}, {@code read} and {@code readInt*}; publication is the queue's job (a release
 * store after both writes). This is not a commit: claims still go on from the end of the last
 * commit.
 *
 * <h2>Threads and lifetime</h2>
 * As for {@code claim} (one writer) and {@code window} (readers with
 * {@link Capability#CONCURRENT_READ}). The view belongs to the ring: after {@link #close()} it,
 * every segment of it and all three methods throw {@link IllegalStateException}, never a crash.
 *
 * <p>The doubled ring is of this kind. Third-party strategies need not be: they stay plain
 * {@link AbstractRingMemory}s reached through claim/commit/window.
 */
public interface DoubledViewMemory extends SegmentPathMemory {

    /**
     * The 2N array: position {@code p}'s bytes at offset {@code p mod N}, contiguous for up to N
     * bytes (and again at {@code p mod N + N}), written in place as the class says.
     */
    MemorySegment doubledView();

    /**
     * The second write of a range written in place at view offset {@code at}: {@code length}
     * bytes of {@code from} at {@code fromOffset} (the caller's source, or the view itself) go to
     * the twins of view offsets {@code [at, at + length)}. Counted as mirror bytes.
     *
     * @throws IllegalArgumentException when {@code at} is not in {@code [0, N)} or {@code length}
     *                                  not in {@code [0, N]} (the message names the value)
     */
    void twin(MemorySegment from, long fromOffset, long at, long length);

    /**
     * The second write of the int {@code value} stored at view offset {@code at}: the same value
     * at {@code at + N}. Counted as 4 mirror bytes.
     *
     * @throws IllegalArgumentException when {@code at} is not a 4-aligned offset in {@code [0, N - 4]}
     */
    void twinInt(long at, int value);
}
