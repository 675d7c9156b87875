package org.ringlab.queues.spsc;

import static org.ringlab.queues.spsc.SpscDescriptor.MAGIC;
import static org.ringlab.queues.spsc.SpscDescriptor.MAGIC_OFFSET;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import java.util.Objects;

import org.ringlab.api.GrowableRingMemory;
import org.ringlab.api.DoubledViewMemory;
import org.ringlab.api.LapViewMemory;
import org.ringlab.api.MirrorViewMemory;
import org.ringlab.api.QueueConsumer;
import org.ringlab.api.QueueProducer;
import org.ringlab.api.QueueSpec;
import org.ringlab.api.QueueSpec.RecordMode;
import org.ringlab.api.RecordQueue;
import org.ringlab.api.RingMemory;
import org.ringlab.api.SeamPlacement;
import org.ringlab.queues.support.QueueChecks;

/**
 * Lock-free single-producer single-consumer queue on any {@link RingMemory} (Lamport's ring
 * with the opposite position cached, as in seed 001's driver ring, JCTools' SpscArrayQueue and
 * Agrona's OneToOneRingBuffer). Byte positions, 64-bit and monotonic, live in the memory's
 * header ({@link SpscDescriptor}), so the same queue works across processes on a shared mapping.
 *
 * <p>{@link #create} picks the implementation from the memory's type and the spec, once. Each is
 * a final class that owns its per-record path (no step it calls per record is shared with, or
 * overridden by, another shape, so the JIT's profile at each call site is one shape's whatever
 * else ran in the JVM); each family's classes are generated at build time from one template
 * (queues/src/main/templates), so its protocol is written once:
 * <ul>
 *   <li>in place, published through each record's own length word (Agrona's protocol: the
 *       consumer never reads the producer's position on its hot path; template
 *       {@code InPlaceSpscQueue}): {@link MirrorViewSpscQueue} in the 2N view of a
 *       {@link MirrorViewMemory} that does not grow, {@link LapViewSpscQueue} in the N-byte lap
 *       view of a {@link LapViewMemory} (split, linearize) with seam placement pad, where no
 *       record crosses the seam, {@link LapViewCrossSpscQueue} in the same lap view of a split
 *       ring with seam placement cross (the payload across the seam, about one a lap, through
 *       the strategy's write, staging and gather), {@link DoubledViewSpscQueue} in the 2N array of a
 *       {@link DoubledViewMemory} (doubled), the second copy of every byte written through the
 *       strategy's {@code twin};</li>
 *   <li>through the strategy's own calls, published the same way through the SPI's
 *       {@code writeIntRelease}/{@code readIntAcquire} of the word (template
 *       {@code WordSegmentSpscQueue}): {@link SegmentSpscQueue} and {@link PaddedSegmentSpscQueue},
 *       variable-length records on any other segment path without a growth policy (third
 *       parties' memory, linearize with seam placement cross), so every byte goes through the
 *       strategy's own code;</li>
 *   <li>published by a release store of the producer position (template
 *       {@code PositionSpscQueue}): {@link GrowableSpscQueue}, {@link FixedGrowableSpscQueue}
 *       (growable rings), {@link FixedSlotSpscQueue}, {@link PaddedFixedSlotSpscQueue},
 *       {@link FixedMirrorViewSpscQueue} (fixed-size records).</li>
 * </ul>
 * The two never share a ring: the header records which publication a ring uses and an attach
 * with the other is refused.
 */
// Not sealed: the broken twins (src/test) extend it as the shapes they are generated from do;
// its constructor is package-private, so nothing outside the package can.
public abstract class SpscRingQueue implements RecordQueue {

    static final VarHandle POSITION = ValueLayout.JAVA_LONG.varHandle();
    static final long FULL = -1;

    final String disciplineName;
    final RingMemory memory;
    final QueueSpec spec;
    /** For the queue's own (cold) methods; the handles keep plain copies for their hot paths. */
    private volatile boolean closed;

    SpscRingQueue(String disciplineName, RingMemory memory, QueueSpec spec) {
        if (spec.consumers() != 1) {
            throw new IllegalArgumentException("spsc has exactly one consumer, " + spec.consumers() + " were asked for");
        }
        if (!memory.isOpen()) {
            throw new IllegalStateException("cannot build a " + disciplineName + " queue on closed memory");
        }
        this.disciplineName = disciplineName;
        this.memory = memory;
        this.spec = spec;
    }

    /**
     * Builds an spsc queue on {@code memory}, or attaches to the one another process already set
     * up there. The memory's type and the spec choose the class (see the class comment).
     *
     * @throws IllegalStateException    when the memory is closed
     * @throws IllegalArgumentException when the spec does not fit the memory (the message names the values)
     */
    public static SpscRingQueue create(String disciplineName, RingMemory memory, QueueSpec spec) {
        Objects.requireNonNull(memory, "memory");
        Objects.requireNonNull(spec, "spec");
        if (!memory.isOpen()) {
            throw new IllegalStateException("cannot build a " + disciplineName + " queue on closed memory");
        }
        boolean fixed = spec.mode() == RecordMode.FIXED;
        if (spec.growth() != null) {
            return growing(disciplineName, memory, spec, fixed);
        }
        if (memory instanceof MirrorViewMemory m) {
            return fixed ? new FixedMirrorViewSpscQueue(disciplineName, m, spec) : new MirrorViewSpscQueue(disciplineName, m, spec);
        }
        boolean padded = seamCopies(memory) && spec.seam() == SeamPlacement.PAD;
        if (!fixed && padded && memory instanceof LapViewMemory l && LapViewSpscQueue.inPlace(l)) {
            return new LapViewSpscQueue(disciplineName, l, spec); // nothing crosses: every frame in place
        }
        if (!fixed && spec.seam() == SeamPlacement.CROSS && memory instanceof LapViewMemory l && LapViewCrossSpscQueue.inPlace(l)) {
            return new LapViewCrossSpscQueue(disciplineName, l, spec); // in place but the payload across the seam
        }
        if (!fixed && !padded && memory instanceof DoubledViewMemory d) {
            return new DoubledViewSpscQueue(disciplineName, d, spec); // in place; the second copy through the strategy's twin
        }
        if (fixed) {
            return padded ? new PaddedFixedSlotSpscQueue(disciplineName, memory, spec)
                    : new FixedSlotSpscQueue(disciplineName, memory, spec);
        }
        return padded ? new PaddedSegmentSpscQueue(disciplineName, memory, spec) : new SegmentSpscQueue(disciplineName, memory, spec);
    }

    /** A queue whose full ring grows: the memory must be a growable ring (no silent fallback to a fixed one). */
    private static SpscRingQueue growing(String disciplineName, RingMemory memory, QueueSpec spec, boolean fixed) {
        if (!(memory instanceof GrowableRingMemory)) {
            throw new IllegalArgumentException("the spec asks for growth " + spec.growth() + " but " + memory.strategyName()
                    + " memory cannot grow (it is not a GrowableRingMemory): allocate it with a growable"
                    + " strategy such as mirrored-memfd-growable, or drop the growth policy");
        }
        if (seamCopies(memory) && spec.seam() == SeamPlacement.PAD) {
            throw new IllegalArgumentException("spsc grows only rings whose claims and windows are contiguous across the"
                    + " seam, or with seam placement cross; " + memory.strategyName() + " memory is not contiguous and the"
                    + " placement is pad (its padding depends on the capacity)");
        }
        return fixed ? new FixedGrowableSpscQueue(disciplineName, memory, spec) : new GrowableSpscQueue(disciplineName, memory, spec);
    }

    /** Whether the memory's claims or windows copy at the seam: pad and cross then place records differently. */
    static boolean seamCopies(RingMemory memory) {
        return !(memory instanceof org.ringlab.api.MirrorViewMemory)
                && !(memory.capabilities().contains(org.ringlab.api.Capability.ZERO_COPY_CLAIM)
                        && memory.capabilities().contains(org.ringlab.api.Capability.ZERO_COPY_WINDOW));
    }

    /**
     * Writes the header of a new ring (then its magic, with a release store), or checks the one
     * another queue wrote: {@code publication} is {@link SpscDescriptor#PUBLISHED_BY_POSITION} or
     * {@link SpscDescriptor#PUBLISHED_BY_LENGTH_WORD}. {@code clearRing} runs before the magic on
     * a new ring (a length-word ring must start zeroed).
     */
    static void initializeOrAttach(MemorySegment header, long capacity, QueueSpec spec, boolean seamCopies,
                                   int publication, Runnable clearRing) {
        long magic = (long) POSITION.getAcquire(header, MAGIC_OFFSET);
        if (magic == 0) {
            clearRing.run();
            SpscDescriptor.writeFields(header, capacity, spec, publication);
            // Publishes the descriptive fields (and the cleared ring) to an attaching process.
            POSITION.setRelease(header, MAGIC_OFFSET, MAGIC);
        } else {
            SpscDescriptor.checkAttach(header, capacity, spec, seamCopies, publication);
        }
    }

    abstract QueueProducer producerHandle();

    abstract QueueConsumer consumerHandle();

    /** Sets the handles' plain {@code closed} fields (see {@link #close()}). */
    abstract void closeHandles();

    @Override
    public final String disciplineName() {
        ensureOpen();
        return disciplineName;
    }

    @Override
    public final QueueSpec spec() {
        ensureOpen();
        return spec;
    }

    @Override
    public final RingMemory memory() {
        ensureOpen();
        return memory;
    }

    @Override
    public final QueueProducer producer() {
        ensureOpen();
        return producerHandle();
    }

    @Override
    public final QueueConsumer consumer(int index) {
        ensureOpen();
        if (index != 0) {
            throw new IndexOutOfBoundsException("spsc has one consumer (index 0), asked for " + index);
        }
        return consumerHandle();
    }

    /**
     * Closes the queue: every later call on it or its handles throws. The handles read their own
     * plain {@code closed} field (no volatile load on the hot path): a close on the handle's own
     * thread is seen by its next call; a close on another thread is seen eventually, at the latest
     * after the handle's next acquire load (the JIT cannot hoist the read above it), and the JMM
     * guarantees it once a happens-before edge joins the two threads. Memory closed under a
     * handle is caught by the memory itself (its segments' liveness check).
     */
    @Override
    public final void close() {
        closed = true;
        closeHandles();
    }

    /**
     * The refusal of {@code call} on this queue's consumer, at byte {@code position}, from inside
     * its own drain's handler (see {@link QueueChecks#reentered}).
     */
    final IllegalStateException reentered(String call, long position) {
        return QueueChecks.reentered(call, disciplineName + " consumer at byte " + position);
    }

    final void ensureOpen() {
        if (closed) {
            throw closedException();
        }
    }

    final IllegalStateException closedException() {
        return new IllegalStateException(disciplineName + " queue is closed");
    }

    // the one query copy-per-consumer asks each sub-ring's spsc
    // instead of re-implementing its placement and reading its header.

    /** {@link #fitAfter}'s {@code after} that means the producer's next record. */
    public static final long NEXT_RECORD = Long.MIN_VALUE;

    /** {@link #fitAfter}'s answer for a record that does not fit now. */
    public static final long NO_FIT = -1;

    /**
     * Would a record of {@code length} payload bytes fit now? Where its frame would end if the
     * producer wrote it after {@code after} (padding before it at the seam included, by this
     * queue's own placement rule), or {@link #NO_FIT} when the consumer has not yet freed the
     * room: an {@code offer} of such a record right after the call takes it exactly when the
     * answer is not {@code NO_FIT} (consumers only free room meanwhile). {@code after} is
     * {@link #NEXT_RECORD} for the producer's next record (after an outstanding claim's padding:
     * where a replacing claim starts), or an earlier answer, to ask about the record behind that
     * one, as a batch offer would place it. A growable queue answers for its capacity now (its
     * offer may still grow the ring to take a record that does not fit).
     *
     * <p>Side-effect-free: it writes nothing, neither the ring, the header nor the producer's
     * position; it may refresh the producer's cached consumer position (an acquire load of the
     * header). The producer's thread only, like the producer's calls.
     *
     * @throws IllegalArgumentException for a length the spec refuses, or an {@code after} before
     *                                  the producer's next record
     * @throws IllegalStateException    when the queue is closed
     */
    public abstract long fitAfter(long after, int length);

    /** Where {@link #fitAfter}'s record goes when the producer's next byte is {@code position}. */
    static long fitFrom(long after, long position) {
        if (after == NEXT_RECORD) {
            return position;
        }
        if (after < position) {
            throw new IllegalArgumentException("fitAfter(" + after + ", ...): the producer's next record starts at "
                    + position + "; pass NEXT_RECORD or an earlier answer");
        }
        return after;
    }
}
