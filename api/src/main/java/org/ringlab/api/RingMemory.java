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
 * <h2>Lifetime</h2>
 * {@link #close()} releases everything (mappings, descriptors, files it created); closing
 * twice is harmless. After close every method but {@code close}, {@code capacity} and
 * {@code isOpen} throws {@link IllegalStateException}, and so does any access through a
 * segment obtained earlier: never a JVM crash.
 */
public interface RingMemory extends AutoCloseable {

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

    /** One contiguous read-only segment for {@code [position, position + length)}. */
    MemorySegment window(long position, long length);

    /**
     * The header region beside the ring (at least {@link #MIN_HEADER_BYTES}, aligned to at
     * least 64 bytes): shared exactly as the ring is, never part of any position's bytes.
     */
    MemorySegment header();

    /**
     * What this memory can do: by default the capabilities of the registered strategy of the
     * same name, none when there is no such strategy (the safe answer: a queue then assumes
     * windows and claims may copy at the seam).
     */
    default java.util.Set<Capability> capabilities() {
        return Registries.memoryStrategies().find(strategyName()).map(MemoryStrategy::capabilities)
                .orElse(java.util.Set.of());
    }

    /**
     * The whole ring as one segment of {@code 2 × capacity()} bytes in which the bytes of
     * position {@code p} start at offset {@code p mod capacity()} and run on contiguously for up
     * to {@code capacity()} bytes, written and read in place with nothing to commit (the two
     * views of a mirror mapping); {@code null} when the memory has no such view (it mirrors by
     * copying, stages or rotates). For a queue's hot path, which then needs no per-call checks
     * or slices: the queue keeps its own positions and offsets. The segment belongs to the
     * ring, so it throws after {@link #close()}; a growable ring offers none, since a grow
     * would unmap it.
     */
    default MemorySegment mirrorView() {
        return null;
    }

    /** Bytes moved beyond the single copy of the data, since allocation. */
    CopyCounters copyCounters();

    boolean isOpen();

    @Override
    void close();
}
