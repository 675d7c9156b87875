package org.ringlab.api;

import java.lang.foreign.MemorySegment;

/**
 * The bytes of one ring, as a {@link MemoryStrategy} allocated them.
 *
 * <p>Positions are 64-bit and monotonic: byte {@code p} of the stream lives at
 * {@code p mod capacity()}, and the strategy maps that to memory. The ring holds the last
 * {@code capacity()} committed bytes.
 *
 * <h2>Write path</h2>
 * {@link #claim(long, long)} returns a writable contiguous segment for
 * {@code [position, position + length)}; the caller fills it, then {@link #commit(long, long)}
 * makes it part of the ring (a doubled ring writes its mirror copy then, a split ring copies
 * from scratch). Claims never go backwards: a claim's position must be at least the end of the
 * last commit. A new claim replaces an uncommitted one. {@link #write(long, MemorySegment)}
 * does claim, copy and commit in one call, in the cheapest way the strategy has.
 *
 * <h2>Read path</h2>
 * {@link #window(long, long)} returns one contiguous read-only segment for any
 * {@code length <= capacity()}. On zero-copy strategies it is a view of the ring itself and
 * stays valid until the bytes are overwritten; on others it may be scratch memory that is
 * valid until the next {@code window} call.
 *
 * <h2>Header</h2>
 * {@link #header()} is a small region beside the ring, at least {@link #MIN_HEADER_BYTES}
 * long, zeroed when the memory is created: queues keep their counters there. It lives in the
 * same memory as the ring, so when another process maps the ring (a named file) it sees the
 * same header.
 *
 * <h2>Threads</h2>
 * One writer thread. Strategies with {@link Capability#CONCURRENT_READ} also allow one reader
 * thread calling {@code window} at the same time; publication between the two is the job of
 * the queue discipline on top. Others are single-threaded.
 *
 * <h2>Publishing through one word</h2>
 * {@link #writeIntRelease(long, int)} and {@link #readIntAcquire(long)} are the one ordered
 * pair of the SPI: a release store of one int the ring already holds, and an acquire load of
 * one int. A reader thread whose {@code readIntAcquire} sees the value sees every byte the
 * writer wrote before its {@code writeIntRelease} ({@code write}, {@code writeInt},
 * {@code writeFrame}, committed claims), wherever the strategy keeps them: a doubled ring's
 * twin copy, a split ring's staged copy (copied in by its commit), and so on. A queue can then
 * publish a record through its own length word instead of a position in the header
 * ({@code spsc} does). For a word that does not cross the seam and is 4-byte aligned the
 * store must be single-copy atomic (a concurrent reader sees the old or the new value, never a
 * mix); a word across the seam is written and read as {@code writeInt}/{@code readInt} do,
 * fenced, for one thread.
 *
 * <h2>Shape</h2>
 * A memory says by its type how a queue may reach its bytes, so a discipline picks its
 * implementation with a type switch, never from a {@code null} return or a registry look-up.
 * The type says which views a queue may touch in place; within one type the queue's spec (record
 * mode, seam placement, growth policy) and two capability questions refine the choice: whether
 * a claim or window across the seam is the ring's own memory or a copy
 * ({@link Capability#ZERO_COPY_CLAIM}, {@link Capability#ZERO_COPY_WINDOW}), and whether another
 * thread may read windows meanwhile ({@link Capability#CONCURRENT_READ}). The capabilities never
 * stand in for a type: no queue reaches a view its memory's type does not have.
 * <ul>
 *   <li>{@link MirrorViewMemory}: the same pages twice back to back; the queue may read and
 *       write the 2N {@link MirrorViewMemory#mirrorView() view} in place, with nothing to commit;</li>
 *   <li>{@link SegmentPathMemory}: only through {@code claim}/{@code commit}/{@code window}
 *       (the strategy copies a mirror, stages, gathers or rotates there);</li>
 *   <li>{@link GrowableRingMemory}, a segment-path memory whose capacity can change. A queue
 *       grows it only when its spec carries a {@link GrowthPolicy} (a growth policy on any other
 *       memory is refused, never ignored); without one it is an ordinary segment-path memory.</li>
 *   <li>{@link LapViewMemory}, a segment-path memory whose one lap may be read and written in
 *       place for any range that does not cross the seam (split, linearize): a queue may keep
 *       segments of its {@link LapViewMemory#lapView() lap view} for ranges it reuses every lap
 *       and goes through the strategy only for ranges that cross. Optional: a strategy that is
 *       not one (the growable ring, every {@link AbstractRingMemory} of a third party) is
 *       reached through claim/commit/window as before.</li>
 *   <li>{@link DoubledViewMemory}, a segment-path memory on a 2N array holding every byte
 *       twice (doubled): a queue may write and read its 2N
 *       {@link DoubledViewMemory#doubledView() view} in place and makes the second write through
 *       the strategy's {@link DoubledViewMemory#twin twin}, its mechanism. Optional too.</li>
 * </ul>
 * The type is sealed to those two roots. A third-party strategy extends
 * {@link AbstractRingMemory} (a segment-path memory: it supplies the mapping of positions to
 * memory and its release, passes its capabilities and granularity to the constructor, and its
 * {@code copyCounters()} calls {@code ensureOpen()} first) or hands a mirror mapping to
 * {@link MirroredRingMemory}.
 *
 * <h2>Lifetime</h2>
 * {@link #close()} releases everything (mappings, descriptors, files it created); closing
 * twice is harmless. After close every method but {@code close}, {@code isOpen} and
 * {@code capacity} throws {@link IllegalStateException} ({@code strategyName}, {@code capabilities},
 * {@code granularity}, {@code copyCounters}, {@code header}, {@code mirrorView}, {@code lapView}, {@code doubledView} included), and
 * so does any access through a segment obtained earlier: never a JVM crash.
 */
public sealed interface RingMemory extends AutoCloseable permits MirrorViewMemory, SegmentPathMemory {

    /** Every strategy gives at least this many header bytes (more where its granularity is larger). */
    long MIN_HEADER_BYTES = 4096;

    /** Name of the strategy that allocated this memory. */
    String strategyName();

    /** Capacity in bytes. */
    long capacity();

    /** A writable contiguous segment for {@code [position, position + length)}. */
    MemorySegment claim(long position, long length);

    /** Publishes {@code length} bytes of the outstanding claim at {@code position}. */
    void commit(long position, long length);

    /** Writes {@code src} at {@code position}: claim, copy, commit. */
    default void write(long position, MemorySegment src) {
        long length = src.byteSize();
        MemorySegment.copy(src, 0, claim(position, length), 0, length);
        commit(position, length);
    }

    /**
     * Writes {@code value} (native byte order) at {@code position}, as {@link #write} of its 4
     * bytes would, without making a segment: a queue's length word on its allocation-free path.
     */
    default void writeInt(long position, int value) {
        claim(position, Integer.BYTES).set(java.lang.foreign.ValueLayout.JAVA_INT_UNALIGNED, 0, value);
        commit(position, Integer.BYTES);
    }

    /**
     * The int (native byte order) at {@code position}, as a {@link #window} would show it, without
     * making a segment where the strategy can (the same threading rules as {@code window}).
     */
    default int readInt(long position) {
        return window(position, Integer.BYTES).get(java.lang.foreign.ValueLayout.JAVA_INT_UNALIGNED, 0);
    }

    /**
     * A release store of {@code value} (native byte order) over the 4 bytes at {@code position},
     * which the ring already holds: {@code position + 4} at most the end of the last write or
     * commit, and {@code position} at least that end minus {@code capacity()} (a queue rewrites
     * the zero word it wrote earlier; this call goes back to it, the one write that may). It
     * leaves the same bytes and copy counters as {@link #writeInt} of the value would, drops an
     * outstanding claim as {@code writeInt} does, and does not move the end of the last write.
     * Everything written before it is visible to a reader whose {@link #readIntAcquire} of the
     * word returns {@code value} (see "Publishing through one word" above).
     *
     * <p>The default is {@code VarHandle.releaseFence()} then the write of the int through a
     * claim of its 4 bytes at {@code position} and its commit, ignoring the rule that claims
     * never go backwards: correct for a strategy whose claim of an aligned word inside one lap
     * is a view of the ring itself (the int is then one aligned store). A strategy that stages
     * such a claim, or whose {@code writeInt} refuses a position behind its last write, must
     * override it; {@link AbstractRingMemory} already checks the range and calls its own
     * {@code writeIntReleaseDirect}, whose default is the fence and {@code writeIntDirect}.
     *
     * @throws IllegalArgumentException when {@code position} is outside that range (the message names it)
     * @throws IllegalStateException    after {@link #close()}
     */
    default void writeIntRelease(long position, int value) {
        java.lang.invoke.VarHandle.releaseFence(); // orders every earlier write before the word's store
        claim(position, Integer.BYTES).set(java.lang.foreign.ValueLayout.JAVA_INT_UNALIGNED, 0, value);
        commit(position, Integer.BYTES);
    }

    /**
     * An acquire load of the int (native byte order) at {@code position}, the value
     * {@link #readInt} would return: every byte the writer wrote before the
     * {@link #writeIntRelease} that stored this value is visible to this thread's later reads.
     * The default is {@code readInt} then {@code VarHandle.acquireFence()}.
     *
     * @throws IllegalStateException after {@link #close()}
     */
    default int readIntAcquire(long position) {
        int value = readInt(position);
        java.lang.invoke.VarHandle.acquireFence(); // orders the reads after this one behind it
        return value;
    }

    /**
     * Copies {@code [position, position + length)} to {@code dst} at {@code dstOffset}: the bytes a
     * {@link #window} would show, without making a segment where the strategy can (a split ring
     * copies the two parts straight out; a linearizing ring still rotates, its mechanism).
     */
    default void read(long position, MemorySegment dst, long dstOffset, long length) {
        MemorySegment.copy(window(position, length), 0, dst, dstOffset, length);
    }

    /** One contiguous read-only segment for {@code [position, position + length)}. */
    MemorySegment window(long position, long length);

    /**
     * The header region beside the ring (at least {@link #MIN_HEADER_BYTES}, aligned to at
     * least 64 bytes): shared exactly as the ring is, never part of any position's bytes.
     */
    MemorySegment header();

    /**
     * What this memory can do, answered by the memory itself (the capabilities of the strategy
     * that allocated it). Throws {@link IllegalStateException} after {@link #close()}.
     */
    java.util.Set<Capability> capabilities();

    /**
     * The unit this memory's capacity is a multiple of (the allocating strategy's granularity),
     * and the unit a growable ring grows by. Throws {@link IllegalStateException} after {@link #close()}.
     */
    long granularity();

    /** Bytes moved beyond the single copy of the data, since allocation; throws after {@link #close()}. */
    CopyCounters copyCounters();

    /** False once {@link #close()} ran; the one query that answers after close. */
    boolean isOpen();

    @Override
    void close();

    /**
     * A frame in one call: {@code value} (native byte order) at {@code position}, then the
     * bytes of {@code payload} from {@code position + 4}, exactly as {@link #writeInt} of the
     * value followed by {@link #write} of the payload would leave the ring, its copy counters and
     * its commit state (at and across the seam alike): a queue's length word and record on its
     * allocation-free path. The default is those two calls; a strategy that overrides it (one
     * use-after-close check, one range check for the whole frame) must write the same bytes and
     * count the same copies, which the conformance kit checks against the two calls.
     */
    default void writeFrame(long position, int value, MemorySegment payload) {
        writeInt(position, value);
        write(position + Integer.BYTES, payload);
    }

    /**
     * A record's payload and the zero word after its frame in one call: {@code payload} at
     * {@code position}, then a zero int at {@code zeroPosition}, leaving the ring, its copy
     * counters and its commit state exactly as {@link #write} of the payload followed by
     * {@link #writeInt writeInt(zeroPosition, 0)} would (at and across the seam alike; the
     * bytes between the payload's end and the zero word are not written). A queue that
     * publishes through length words writes a record's payload and the next terminator with it,
     * then releases the record's word ({@link #writeIntRelease}).
     *
     * <p>The zero word goes forwards of the payload and both lie in one lap:
     * {@code position + payload.byteSize() <= zeroPosition} and
     * {@code zeroPosition + 4 - position <= capacity()}. The default checks that, then makes the
     * two calls; a strategy that overrides it (one use-after-close check, one range check for the
     * whole span) must write the same bytes and count the same copies, which the conformance
     * kit checks against the two calls.
     *
     * @throws IllegalArgumentException when the zero word overlaps the payload, the span is longer
     *                                  than the ring, or a position is negative or goes backwards
     *                                  (the message names it)
     * @throws IllegalStateException    after {@link #close()}
     */
    default void writeThenZeroInt(long position, MemorySegment payload, long zeroPosition) {
        RingChecks.checkZeroIntAfter(position, payload.byteSize(), zeroPosition, capacity());
        write(position, payload);
        writeInt(zeroPosition, 0);
    }
}
