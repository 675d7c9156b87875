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
 * <h2>Shape</h2>
 * A memory says by its type how a queue may reach its bytes, so a discipline picks its
 * implementation with a type switch, never from a {@code null} return, a capability flag or a
 * registry look-up:
 * <ul>
 *   <li>{@link MirrorViewMemory}: the same pages twice back to back; the queue may read and
 *       write the 2N {@link MirrorViewMemory#mirrorView() view} in place, with nothing to commit;</li>
 *   <li>{@link SegmentPathMemory}: only through {@code claim}/{@code commit}/{@code window}
 *       (the strategy copies a mirror, stages, gathers or rotates there);</li>
 *   <li>{@link GrowableRingMemory}, a segment-path memory whose capacity can change.</li>
 *   <li>{@link LapViewMemory}, a segment-path memory whose one lap may be read and written in
 *       place for any range that does not cross the seam (split, linearize): a queue may keep
 *       segments of its {@link LapViewMemory#lapView() lap view} for ranges it reuses every lap
 *       and goes through the strategy only for ranges that cross. Optional: a strategy that is
 *       not one (doubled, the growable ring, every {@link AbstractRingMemory} of a third party)
 *       is reached through claim/commit/window as before.</li>
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
 * {@code granularity}, {@code copyCounters}, {@code header}, {@code mirrorView} included), and
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
}
