package org.ringlab.queues.spsc;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Map;

import org.ringlab.api.GrowableRingMemory;
import org.ringlab.api.GrowthPolicy;
import org.ringlab.api.RingMemory;

/**
 * The grow of a position-published {@code spsc} ring and its handshake with the consumer
 * ({@link GrowableSpscQueue}, {@link FixedGrowableSpscQueue}: their own grow step drives it).
 *
 * <p>With a {@link org.ringlab.api.QueueSpec#growth() growth policy} on a
 * {@link GrowableRingMemory}, an offer, batch or claim that finds the ring full grows it instead
 * (to the policy's next capacity, keeping the live bytes from the consumer position to the
 * producer position, so FIFO order and every queued byte survive); past the policy's maximum
 * the offer fails as full. A grow unmaps the old ring <em>and header</em>, so the consumer must
 * not be inside either while it runs, and must see the new mapping, header and capacity
 * afterwards. The positions in the header cannot carry that handshake (the header moves), so it
 * uses two flags in Java fields, a Dekker pair:
 * <ul>
 *   <li>the consumer enters with a volatile store {@code consumerInside = 1} followed by a
 *       volatile load of {@code growPending}; if a grow is pending it steps out again
 *       ({@code consumerInside = 0}) and waits until the flag clears. It stays inside from
 *       the start of a {@code drain} or {@code peek} to its end or {@code release}, and leaves
 *       with a release store {@code consumerInside = 0};</li>
 *   <li>the producer announces a grow with a volatile store {@code growPending = 1} followed
 *       by a volatile load of {@code consumerInside}. Volatile accesses are sequentially
 *       consistent, so at least one side sees the other's flag: never both inside. When the
 *       consumer is out, the producer grows, re-reads the header and capacity, and clears
 *       {@code growPending} with a release store that publishes all of it to the consumer's
 *       next entry. When the consumer stays inside past a short spin (it holds a record
 *       between {@code peek} and {@code release}, possibly on the producer's own thread), the
 *       producer withdraws the request and the offer fails as full (counted as
 *       {@code growsDeferred}): nobody ever blocks on the other.</li>
 * </ul>
 * Growth needs windows and claims that are contiguous across the seam, or seam placement cross
 * (the padding rule depends on the capacity).
 */
final class GrowHandshake {

    private static final VarHandle FLAG;
    /** How long the producer waits for the consumer to leave the ring before it gives up a grow. */
    private static final int GROW_SPINS = 1 << 12;

    static {
        try {
            FLAG = MethodHandles.lookup().findVarHandle(Flag.class, "value", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final GrowableRingMemory growable;
    private final GrowthPolicy growth;
    private final long granularity;
    /** Written by the producer, read by the consumer; each on a padded line of its own. */
    private final Flag growPending = new Flag();
    /** Written by the consumer, read by the producer. */
    private final Flag consumerInside = new Flag();
    private long grows;          // producer thread
    private long growsDeferred;  // producer thread

    GrowHandshake(RingMemory memory, GrowthPolicy growth) {
        this.growable = (GrowableRingMemory) memory;
        this.growth = growth;
        this.granularity = memory.granularity();
        long limit = growth.maxCapacity(granularity);
        if (limit < memory.capacity()) {
            throw new IllegalArgumentException("growth up to " + growth.maxCapacity() + " bytes"
                    + (limit == growth.maxCapacity() ? "" : " (" + limit + " at granularity " + granularity + ")")
                    + " is below the ring's capacity " + memory.capacity());
        }
    }

    // The flags (a Dekker pair: the stores that announce and the loads that check are volatile,
    // sequentially consistent; the stores that retract are releases).

    private int lvGrowPending() {
        return (int) FLAG.getVolatile(growPending);
    }

    private void svGrowPending(int value) {
        FLAG.setVolatile(growPending, value);
    }

    private void soGrowPending(int value) {
        FLAG.setRelease(growPending, value);
    }

    int lvConsumerInside() {
        return (int) FLAG.getVolatile(consumerInside);
    }

    private void svConsumerInside(int value) {
        FLAG.setVolatile(consumerInside, value);
    }

    private void soConsumerInside(int value) {
        FLAG.setRelease(consumerInside, value);
    }

    /** The correct wait: spins a short while for the consumer to be outside the ring; false when it stays. */
    boolean consumerLeft() {
        for (int spins = 0; lvConsumerInside() != 0; spins++) {
            if (spins == GROW_SPINS) {
                return false;
            }
            Thread.onSpinWait();
        }
        return true;
    }

    // The producer's side, in the order a grow takes it (the queue's own grow step drives it:
    // it owns the header, capacity and mask the grow replaces).

    /** Producer: whether the policy lets the ring grow to hold {@code need} live bytes. */
    boolean canGrowTo(long need) {
        return growth.canGrowTo(need, granularity);
    }

    /** Producer: announces a grow; {@link #published} ends it, whatever happens in between. */
    void announce() {
        svGrowPending(1);
    }

    /** Producer: counts a grow given up because the consumer stayed inside the ring. */
    void deferred() {
        growsDeferred++;
    }

    /**
     * Producer, the consumer outside: grows the ring from {@code capacity} to hold {@code need}
     * live bytes, keeping {@code [liveFrom, liveTo)}; the new capacity. The memory's header
     * moves with it (same bytes, new address).
     */
    long grow(long capacity, long need, long liveFrom, long liveTo) {
        long next = growth.nextCapacity(capacity, need, granularity);
        growable.grow(next, liveFrom, liveTo);
        grows++;
        return next;
    }

    /**
     * Producer: publishes the grown ring (the memory's new mapping, header, capacity, mask, all
     * stored before this release) to the consumer's next entry, or withdraws a request it did
     * not wait for.
     */
    void published() {
        soGrowPending(0);
    }

    /** Consumer: enters once no grow is pending; a grow then waits until it leaves. */
    void enter() {
        svConsumerInside(1);
        while (lvGrowPending() != 0) {
            // Step out so that the grow can run, and wait for its publication.
            soConsumerInside(0);
            while (lvGrowPending() != 0) {
                Thread.onSpinWait();
            }
            svConsumerInside(1);
        }
    }

    /** Consumer: leaves the ring. */
    void leave() {
        // Tells the producer this consumer's accesses to the ring and header are over.
        soConsumerInside(0);
    }

    void addCounters(long capacity, Map<String, Long> c) {
        c.put("capacity", capacity);
        c.put("grows", grows);
        c.put("growthBytes", growable.copyCounters().growthBytes());
        c.put("growsDeferred", growsDeferred);
    }

    /** One flag of the grow handshake, alone on its cache lines. */
    private static final class Flag extends CacheLinePadding {
        int value;
        long q01, q02, q03, q04, q05, q06, q07, q08, q09, q10, q11, q12, q13, q14, q15, q16;
    }
}
