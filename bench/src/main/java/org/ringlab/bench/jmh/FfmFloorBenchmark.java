package org.ringlab.bench.jmh;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;
import org.ringlab.api.support.DeferredUnmap;
import org.ringlab.api.support.InFlight;
import org.ringlab.bench.report.ForExperiment;

/**
 * The floor under {@link AnchorsPathBenchmark}'s {@code spsc@mirrored-memfd}: only the checked
 * FFM accesses one 64-byte record needs on the length-word protocol, on a segment of a shared
 * arena (as every ringlab memory's), with no queue logic: copy the record in, a plain int store
 * (the terminator) and a release int store (the word), an acquire int load (the consumer's
 * word), the copy out, a release long store (the consumer position). Frames advance through a
 * 1 MiB ring as the queue's do. What spsc costs above {@code floor} is its own logic (checks,
 * in-flight brackets, branches); what {@code floor} costs above JCTools' path is the price of
 * FFM's checked accesses (liveness, bounds, read-only, alignment) on a shared arena.
 *
 * <ul>
 *   <li>{@code floor}: the accesses above, copies by {@link MemorySegment#copy};</li>
 *   <li>{@code floorWithProducerRelease}: plus a release long store of a producer position per
 *       record (what spsc on the mirror view paid before it stored that position on its cold
 *       paths only);</li>
 *   <li>{@code floorLongCopies}: {@code floor} with each 64-byte copy as eight long loads and
 *       stores instead of {@code MemorySegment.copy} (are small bulk copies worth a loop?);</li>
 *   <li>{@code floorGlobalScope}: {@code floor} through segments reinterpreted into the global
 *       scope, which has no liveness check (what would an unchecked ring save?);</li>
 *   <li>{@code floorWithBrackets}: {@code floor} inside a producer's and a consumer's
 *       {@link InFlight} bracket, as every queue call is (what does the close
 *       rule cost per record?).</li>
 * </ul>
 * ns per record; with {@code -prof gc} all are 0 B/op.
 *
 * <p>Each benchmark spells the access sequence out in its own body, on purpose: with the
 * producer's and the consumer's halves as two shared helper methods, {@code floor} measured
 * 17.8-19.5 ns where the spelled-out body measures 14.2-15.0 (two idle cores, interleaved with
 * JCTools at 12.3-13.4 in both; docs/anchors.md): the helpers' second read of the position across the release
 * store is not free, and a floor must be the least the accesses cost.
 */
@ForExperiment("anchors")
public class FfmFloorBenchmark extends JmhRun {

    private static final VarHandle INT = ValueLayout.JAVA_INT.varHandle();
    private static final VarHandle LONG = ValueLayout.JAVA_LONG.varHandle();
    private static final ValueLayout.OfLong LONG_UNALIGNED = ValueLayout.JAVA_LONG_UNALIGNED;
    private static final long RING = 1 << 20;
    private static final long CONSUMER_POSITION = 256;
    private static final long PRODUCER_POSITION = 128;

    /** The record's bytes; 64 as in AnchorsPathBenchmark's headline figure (the long loop assumes a multiple of 8). */
    @Param({"64"})
    public int recordSize;

    private Arena arena;
    private MemorySegment ring;
    private MemorySegment globalRing;
    private MemorySegment globalHeader;
    private MemorySegment header;
    private MemorySegment source;
    private MemorySegment destination;
    private long frame;
    private InFlight producerFlight;
    private InFlight consumerFlight;
    private long position;

    @Setup(Level.Trial)
    public void setUp() {
        if (recordSize % Long.BYTES != 0) {
            throw new IllegalArgumentException("recordSize must be a multiple of 8 (the long-wise copy), got " + recordSize);
        }
        arena = Arena.ofShared();
        ring = arena.allocate(RING + 4096, 4096); // room for the last frame's terminator past the end
        header = arena.allocate(384, 128);
        producerFlight = DeferredUnmap.register(header); // as a queue's producer and consumer handles take theirs
        consumerFlight = DeferredUnmap.register(header);
        globalRing = ring.reinterpret(Arena.global(), null);
        globalHeader = header.reinterpret(Arena.global(), null);
        source = MemorySegment.ofArray(new byte[recordSize]); // heap, as the anchor's caller passes
        source.fill((byte) 7);
        destination = MemorySegment.ofArray(new byte[recordSize]);
        frame = (4 + recordSize + 7) & -8;
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        arena.close();
    }

    @Benchmark
    public int floor() {
        long at = position;
        long o = at & (RING - 1);
        long end = at + frame;
        MemorySegment r = ring;
        MemorySegment.copy(source, 0, r, o + 4, recordSize);
        r.set(ValueLayout.JAVA_INT, end & (RING - 1), 0);
        INT.setRelease(r, o, 4 + recordSize); // publishes the payload and the terminator
        int word = (int) INT.getAcquire(r, o);
        MemorySegment.copy(r, o + 4, destination, 0, word - 4);
        LONG.setRelease(header, CONSUMER_POSITION, end); // frees the frame for the producer
        position = end;
        return word;
    }

    @Benchmark
    public int floorWithProducerRelease() {
        long at = position;
        long o = at & (RING - 1);
        long end = at + frame;
        MemorySegment r = ring;
        MemorySegment.copy(source, 0, r, o + 4, recordSize);
        r.set(ValueLayout.JAVA_INT, end & (RING - 1), 0);
        INT.setRelease(r, o, 4 + recordSize); // publishes the payload and the terminator
        LONG.setRelease(header, PRODUCER_POSITION, end); // a per-record producer position, which spsc does not store
        int word = (int) INT.getAcquire(r, o);
        MemorySegment.copy(r, o + 4, destination, 0, word - 4);
        LONG.setRelease(header, CONSUMER_POSITION, end); // frees the frame for the producer
        position = end;
        return word;
    }

    @Benchmark
    public int floorLongCopies() {
        long at = position;
        long o = at & (RING - 1);
        long end = at + frame;
        MemorySegment r = ring;
        MemorySegment s = source;
        MemorySegment d = destination;
        int n = recordSize;
        for (int i = 0; i < n; i += 8) {
            r.set(LONG_UNALIGNED, o + 4 + i, s.get(LONG_UNALIGNED, i));
        }
        r.set(ValueLayout.JAVA_INT, end & (RING - 1), 0);
        INT.setRelease(r, o, 4 + n); // publishes the payload and the terminator
        int word = (int) INT.getAcquire(r, o);
        for (int i = 0, len = word - 4; i < len; i += 8) {
            d.set(LONG_UNALIGNED, i, r.get(LONG_UNALIGNED, o + 4 + i));
        }
        LONG.setRelease(header, CONSUMER_POSITION, end); // frees the frame for the producer
        position = end;
        return word;
    }

    @Benchmark
    public int floorGlobalScope() {
        long at = position;
        long o = at & (RING - 1);
        long end = at + frame;
        MemorySegment r = globalRing;
        MemorySegment.copy(source, 0, r, o + 4, recordSize);
        r.set(ValueLayout.JAVA_INT, end & (RING - 1), 0);
        INT.setRelease(r, o, 4 + recordSize); // publishes the payload and the terminator
        int word = (int) INT.getAcquire(r, o);
        MemorySegment.copy(r, o + 4, destination, 0, word - 4);
        LONG.setRelease(globalHeader, CONSUMER_POSITION, end); // frees the frame for the producer
        position = end;
        return word;
    }

    @Benchmark
    public int floorWithBrackets() {
        int word;
        long end;
        boolean outer = producerFlight.enter();
        try {
            long at = position;
            long o = at & (RING - 1);
            end = at + frame;
            MemorySegment r = ring;
            MemorySegment.copy(source, 0, r, o + 4, recordSize);
            r.set(ValueLayout.JAVA_INT, end & (RING - 1), 0);
            INT.setRelease(r, o, 4 + recordSize); // publishes the payload and the terminator
        } finally {
            if (outer) {
                producerFlight.exit();
            }
        }
        outer = consumerFlight.enter();
        try {
            long o = position & (RING - 1);
            MemorySegment r = ring;
            word = (int) INT.getAcquire(r, o);
            MemorySegment.copy(r, o + 4, destination, 0, word - 4);
            LONG.setRelease(header, CONSUMER_POSITION, end); // frees the frame for the producer
        } finally {
            if (outer) {
                consumerFlight.exit();
            }
        }
        position = end;
        return word;
    }
}
