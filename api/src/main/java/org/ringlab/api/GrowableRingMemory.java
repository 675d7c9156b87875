package org.ringlab.api;

/**
 * A {@link RingMemory} whose capacity can grow while it holds data: what a strategy with
 * {@link Capability#GROWABLE} allocates. A queue that finds the ring full (and whose
 * {@link GrowthPolicy} allows it) grows it instead of failing the offer.
 *
 * <h2>What a grow keeps</h2>
 * Only the bytes of positions {@code [liveFrom, liveTo)} (typically consumer position to
 * producer position): afterwards {@code window(p, n)} inside that range returns exactly the
 * bytes it returned before, positions keep counting where they were, and claims continue at
 * the end of the last commit. Bytes of positions outside the range are not kept. The ring
 * moves as few bytes as it can; they are counted in {@link CopyCounters#growthBytes()}.
 *
 * <h2>What a grow invalidates</h2>
 * Every segment obtained before it (claims, windows, the header) belongs to memory that is
 * unmapped: using one throws {@link IllegalStateException}, never a crash. An uncommitted
 * claim is dropped. {@link #header()} returns the same header bytes at their new address.
 *
 * <h2>Threads</h2>
 * {@code grow} is a writer-side call that must not overlap any other call on the ring or any
 * access through its segments, including a reader's: the queue on top arranges that (and
 * publishes the grow to the reader with its own release/acquire pair). A reader that races
 * anyway gets {@link IllegalStateException}, not freed memory.
 */
public interface GrowableRingMemory extends SegmentPathMemory {

    /**
     * Grows the ring to {@code newCapacity} bytes, keeping the bytes of positions
     * {@code [liveFrom, liveTo)}. On failure (a native call) the ring is left as it was,
     * earlier segments included.
     *
     * @param newCapacity larger than {@link #capacity()} and a multiple of the strategy's granularity
     * @param liveFrom    first position to keep, {@code >= 0}
     * @param liveTo      end of the positions to keep, {@code liveFrom <= liveTo <= liveFrom + capacity()}
     * @throws IllegalArgumentException for a bad capacity or range (the message names the values)
     * @throws IllegalStateException    when the ring is closed
     * @throws NativeCallException      when the memory cannot be grown
     */
    void grow(long newCapacity, long liveFrom, long liveTo);
}
