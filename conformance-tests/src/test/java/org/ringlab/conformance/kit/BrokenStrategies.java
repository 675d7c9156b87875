package org.ringlab.conformance.kit;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.EnumSet;
import java.util.Set;

import org.ringlab.api.AbstractRingMemory;
import org.ringlab.api.Availability;
import org.ringlab.api.Capability;
import org.ringlab.api.CopyCounters;
import org.ringlab.api.GrowableRingMemory;
import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.RingChecks;
import org.ringlab.api.RingMemory;
import org.ringlab.api.RingSpec;

/**
 * Deliberately broken memory strategies, each one bug away from a correct one, for the proof
 * that the kit catches them: {@code broken = false} builds the correct twin, which must pass
 * (so a failure is the bug's, not the harness's). Not registered anywhere: the tests hand them
 * to {@link Kit#of}.
 */
final class BrokenStrategies {

    private BrokenStrategies() {
    }

    /** A heap strategy whose ring {@code factory} makes; byte-granular, always available. */
    private record Strategy(String name, Set<Capability> capabilities, Factory factory) implements MemoryStrategy {
        @Override
        public Availability availability() {
            return Availability.available();
        }

        @Override
        public long granularity() {
            return 1;
        }

        @Override
        public RingMemory allocate(RingSpec spec) {
            return factory.create(name, RingChecks.checkCapacity(name, spec.capacity(), 1));
        }
    }

    @FunctionalInterface
    private interface Factory {
        RingMemory create(String name, long capacity);
    }

    /**
     * A page-granular strategy (its rings are the correct split ring) that rounds a capacity
     * which is not a multiple of the page up to one, instead of refusing it: a silent fallback
     * the user never hears of. The twin refuses it naming the value.
     */
    static MemoryStrategy roundsUpAPartialPage(boolean broken) {
        MemoryStrategy rings = split(SplitBug.NONE);
        String name = broken ? "broken-rounds-up-a-partial-page" : "page-granular-twin";
        return new MemoryStrategy() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public Availability availability() {
                return Availability.available();
            }

            @Override
            public Set<Capability> capabilities() {
                return rings.capabilities();
            }

            @Override
            public long granularity() {
                return 4096;
            }

            @Override
            public RingMemory allocate(RingSpec spec) {
                long capacity = broken && spec.capacity() > 0 ? Math.ceilDiv(spec.capacity(), 4096) * 4096 // the bug
                        : RingChecks.checkCapacity(name, spec.capacity(), 4096);
                return rings.allocate(RingSpec.ofCapacity(capacity));
            }
        };
    }

    /** A doubled ring whose commit forgets the twin of the bytes that ran past N (at the start). */
    static MemoryStrategy mirrorWriteForgotten(boolean broken) {
        return new Strategy(broken ? "broken-mirror-forgotten" : "doubled-twin", Set.copyOf(EnumSet.of(Capability.ZERO_COPY_WINDOW,
                Capability.ZERO_COPY_CLAIM)), (name, n) -> new HeapRing(name, n, 2 * n) {
            @Override
            protected MemorySegment claimSegment(long position, long length) {
                return memory.asSlice(ringOffset(position), length);
            }

            @Override
            protected void commitClaim(long position, long length) {
                long at = ringOffset(position);
                long inFirstHalf = Math.min(length, capacity - at);
                MemorySegment.copy(memory, at, memory, at + capacity, inFirstHalf);
                if (!broken && inFirstHalf < length) { // the bug: the wrapped part never gets its twin at 0
                    MemorySegment.copy(memory, capacity, memory, 0, length - inFirstHalf);
                }
                mirrorBytes += length;
            }

            @Override
            protected MemorySegment windowSegment(long position, long length) {
                return memory.asSlice(ringOffset(position), length);
            }
        });
    }

    /**
     * A linearizing ring: a window across the seam rotates the ring so that it starts at offset 0
     * (claims across the seam stage in scratch). Broken, it rotates even while a claim it handed
     * out in place is held: what the caller writes into the claim afterwards lands on the bytes
     * of other positions. The twin gathers such a window into scratch instead, as linearize does.
     */
    static MemoryStrategy rotatesUnderAClaim(boolean broken) {
        return new Strategy(broken ? "broken-rotates-under-a-claim" : "linearize-twin", Set.of(),
                (name, n) -> new StagingRing(name, n, 3 * n) {
            // [0, n) the ring, rotated by shift; [n, 2n) claim staging; [2n, 3n) gathered windows.
            private long shift;

            @Override
            long physical(long position) {
                return (ringOffset(position) + shift) % capacity;
            }

            @Override
            protected MemorySegment windowSegment(long position, long length) {
                long at = physical(position);
                if (at + length <= capacity) {
                    return memory.asSlice(at, length).asReadOnly();
                }
                if (!broken && claimOutstanding() && !staged()) {
                    long first = capacity - at;
                    MemorySegment.copy(memory, at, memory, 2 * capacity, first);
                    MemorySegment.copy(memory, 0, memory, 2 * capacity + first, length - first);
                    gatherBytes += length;
                    return memory.asSlice(2 * capacity, length).asReadOnly();
                }
                byte[] ring = memory.asSlice(0, capacity).toArray(ValueLayout.JAVA_BYTE);
                MemorySegment.copy(MemorySegment.ofArray(ring), at, memory, 0, capacity - at);
                MemorySegment.copy(MemorySegment.ofArray(ring), 0, memory, capacity - at, at);
                shift = (shift - at + capacity) % capacity;
                return memory.asSlice(0, length).asReadOnly();
            }
        });
    }

    /** A split ring whose window gathers one byte too few before the seam (and one too many after). */
    static MemoryStrategy offByOneAtTheSeam(boolean broken) {
        return new Strategy(broken ? "broken-seam-off-by-one" : "split-twin", Set.of(), (name, n) -> new StagingRing(name, n, 2 * n) {
            // The upper half is scratch: claims crossing the seam stage there, windows gather there.
            @Override
            protected void writeDirect(long position, MemorySegment src) {
                long at = ringOffset(position);
                long first = Math.min(src.byteSize(), capacity - at); // two parts, nothing staged
                MemorySegment.copy(src, 0, memory, at, first);
                MemorySegment.copy(src, first, memory, 0, src.byteSize() - first);
            }

            @Override
            protected MemorySegment windowSegment(long position, long length) {
                long at = ringOffset(position);
                if (at + length <= capacity) {
                    return memory.asSlice(at, length);
                }
                long first = capacity - at - (broken ? 1 : 0); // the bug: one byte short of the seam
                MemorySegment.copy(memory, at, memory, capacity, first);
                MemorySegment.copy(memory, 0, memory, capacity + first, length - first);
                gatherBytes += length;
                return memory.asSlice(capacity, length);
            }
        });
    }

    /**
     * A split ring of granularity 1 that, broken, lays its bytes out in a lap rounded up to a
     * multiple of 8 (for word copies) and maps positions modulo that: right for every capacity
     * that is a multiple of 8, as all the matrix's byte-granular capacities are.
     */
    static MemoryStrategy padsTheLapToEight(boolean broken) {
        return new Strategy(broken ? "broken-pads-the-lap-to-eight" : "odd-capacity-twin", Set.of(),
                (name, n) -> new HeapRing(name, n, 3 * (Math.ceilDiv(n, 8) * 8)) {
            // [0, lap) the ring, [lap, 2 lap) claim staging, [2 lap, 3 lap) gathered windows.
            private final long lap = broken ? Math.ceilDiv(n, 8) * 8 : n; // the bug: the padded lap
            private boolean staged;

            private void copyIn(MemorySegment src, long at, long length) {
                copyIntoLap(src, memory, lap, at, length);
            }

            @Override
            protected MemorySegment claimSegment(long position, long length) {
                long at = position % lap;
                staged = at + length > lap;
                return staged ? memory.asSlice(lap, length) : memory.asSlice(at, length);
            }

            @Override
            protected void commitClaim(long position, long length) {
                if (staged) {
                    copyIn(memory.asSlice(lap, length), position % lap, length);
                    stagingBytes += length;
                    staged = false;
                }
            }

            @Override
            protected void writeDirect(long position, MemorySegment src) {
                copyIn(src, position % lap, src.byteSize());
            }

            @Override
            protected MemorySegment windowSegment(long position, long length) {
                long at = position % lap;
                if (at + length <= lap) {
                    return memory.asSlice(at, length);
                }
                long first = lap - at;
                MemorySegment.copy(memory, at, memory, 2 * lap, first);
                MemorySegment.copy(memory, 0, memory, 2 * lap + first, length - first);
                gatherBytes += length;
                return memory.asSlice(2 * lap, length);
            }
        });
    }

    /** How one of the split rings below is wrong. */
    enum SplitBug {
        /** None: the correct twin. */
        NONE,
        /** A window starting at the last byte before the seam (offset N-1) and longer than 1 reads its second part from offset 1. */
        WINDOW_AT_THE_LAST_BYTE,
        /** Scratch sized for rings up to 64 KiB: a claim or window across the seam longer than that throws. */
        SCRATCH_OF_64_KIB,
        /** A claim while one is outstanding throws, although a new claim replaces the old one. */
        THROWS_ON_AN_OUTSTANDING_CLAIM,
        /** Declares ZERO_COPY_WINDOW and ZERO_COPY_CLAIM but stages and gathers through scratch (counted honestly). */
        DECLARES_ZERO_COPY_BUT_STAGES,
        /** The same, and its copy counters say 0: only the views' behaviour gives it away. */
        DECLARES_ZERO_COPY_BUT_STAGES_UNCOUNTED,
        /** A header of 1 KiB, below RingMemory.MIN_HEADER_BYTES. */
        HEADER_TOO_SMALL,
        /** A header with a byte left over (not zeroed at allocation). */
        HEADER_NOT_ZEROED,
        /** Every ring gets the same header (a static one), not its own. */
        HEADER_SHARED_BY_ALL_RINGS,
        /** Each ring opens a file of its own (say, for its header) and deletes it on close, but never closes its descriptor. */
        LEAKS_A_DESCRIPTOR,
        /** Its writeFrame, across the seam, stores a word that straddles it in the wrong byte order. */
        FRAME_WORD_REVERSED_ACROSS_THE_SEAM,
        /** Its writeFrame stages a frame that crosses the seam (bytes right, counted as staging the two calls never do). */
        FRAME_STAGED_AT_THE_SEAM,
        /** Its own writeIntRelease, for a word across the seam, stores the bytes past the seam one byte late (from offset 1). */
        RELEASE_WORD_WRAPPED_OFF_BY_ONE,
        /** Its own readIntAcquire loads from the ring offset without the seam: across it, the bytes after the seam come from the wrong place. */
        ACQUIRE_WORD_IGNORES_THE_SEAM,
        /** Its writeThenZeroInt also zeroes the bytes between the payload and the zero int (a frame's padding the two calls leave alone). */
        ZERO_INT_CLEARS_THE_GAP,
        /** Its writeThenZeroInt stages a span that crosses the seam (bytes right, counted as staging the two calls never do). */
        ZERO_INT_STAGED_AT_THE_SEAM,
        /** Its scratch comes from an automatic arena, not the ring's: a staged claim or a gathered window still works after close. */
        SCRATCH_OUTLIVES_CLOSE,
        /** Maps positions with 32-bit arithmetic ({@code (int) position % (int) capacity}): right while positions stay below 2^31. */
        THIRTY_TWO_BIT_POSITIONS,
        /** Stages and gathers at the seam (declaring no zero-copy capability) and counts none of it. */
        COUNTS_NOTHING,
        /** The strategy declares CONCURRENT_READ; its rings answer no capability. */
        RING_CAPABILITIES_DIFFER
    }

    private static final java.util.concurrent.atomic.AtomicLong RING_FILES = new java.util.concurrent.atomic.AtomicLong();

    private static final MemorySegment ONE_HEADER_FOR_ALL = Arena.global().allocate(RingMemory.MIN_HEADER_BYTES, 64);

    /**
     * A split ring written directly, as a third party would: the plain modulo ring, claims across
     * the seam staged in scratch, windows across it gathered into scratch reused by the next
     * window; with {@code bug} the one realistic mistake.
     */
    static MemoryStrategy split(SplitBug bug) {
        Set<Capability> capabilities = bug == SplitBug.DECLARES_ZERO_COPY_BUT_STAGES
                || bug == SplitBug.DECLARES_ZERO_COPY_BUT_STAGES_UNCOUNTED
                ? Set.of(Capability.ZERO_COPY_WINDOW, Capability.ZERO_COPY_CLAIM) : Set.of();
        boolean uncounted = bug == SplitBug.DECLARES_ZERO_COPY_BUT_STAGES_UNCOUNTED || bug == SplitBug.COUNTS_NOTHING;
        String name = bug == SplitBug.NONE ? "split-twin" : "broken-" + bug.name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
        Set<Capability> declared = bug == SplitBug.RING_CAPABILITIES_DIFFER ? Set.of(Capability.CONCURRENT_READ) : capabilities;
        return new Strategy(name, declared, (n0, n) -> new HeapRing(n0, n, n, capabilities) {
            private final long scratchBytes = bug == SplitBug.SCRATCH_OF_64_KIB ? Math.min(n, 64 * 1024) : n;
            private final Arena scratchArena = bug == SplitBug.SCRATCH_OUTLIVES_CLOSE ? Arena.ofAuto() : arena;
            private final MemorySegment writeScratch = scratchArena.allocate(scratchBytes);
            private final MemorySegment readScratch = scratchArena.allocate(scratchBytes);

            /** Where {@code position} lives: the ring's own mapping, or (bug) the same in 32-bit arithmetic. */
            private long offsetOf(long position) {
                return bug == SplitBug.THIRTY_TWO_BIT_POSITIONS ? (int) position % (int) capacity : ringOffset(position);
            }
            private final MemorySegment ownHeader = bug == SplitBug.HEADER_TOO_SMALL ? arena.allocate(1024, 64)
                    : bug == SplitBug.HEADER_SHARED_BY_ALL_RINGS ? ONE_HEADER_FOR_ALL : header;
            private boolean staged;
            private boolean outstanding;
            private final java.nio.file.Path ownFile = bug == SplitBug.LEAKS_A_DESCRIPTOR
                    ? java.nio.file.Path.of(System.getProperty("java.io.tmpdir"), name + "-ring-" + RING_FILES.incrementAndGet()) : null;
            private final java.nio.channels.FileChannel ownChannel = ownFile == null ? null : open(ownFile);

            @Override
            protected void release() {
                super.release();
                if (ownFile != null) {
                    try {
                        java.nio.file.Files.deleteIfExists(ownFile);
                    } catch (java.io.IOException e) {
                        throw new java.io.UncheckedIOException(e);
                    }
                    // The bug: ownChannel is never closed.
                }
            }

            {
                if (bug == SplitBug.HEADER_NOT_ZEROED) {
                    header.set(java.lang.foreign.ValueLayout.JAVA_BYTE, 100, (byte) 1);
                }
            }

            @Override
            protected MemorySegment headerSegment() {
                return ownHeader;
            }

            @Override
            protected MemorySegment claimSegment(long position, long length) {
                if (bug == SplitBug.THROWS_ON_AN_OUTSTANDING_CLAIM && outstanding) {
                    throw new IllegalStateException("a claim is outstanding: commit it first");
                }
                outstanding = true;
                long at = offsetOf(position);
                staged = at + length > capacity;
                return staged ? writeScratch.asSlice(0, length) : memory.asSlice(at, length);
            }

            @Override
            protected void commitClaim(long position, long length) {
                outstanding = false;
                if (staged) {
                    copyIn(writeScratch, offsetOf(position), length);
                    if (!uncounted) {
                        stagingBytes += length;
                    }
                    staged = false;
                }
            }

            @Override
            protected void writeDirect(long position, MemorySegment src) {
                if (bug == SplitBug.THROWS_ON_AN_OUTSTANDING_CLAIM && outstanding) {
                    throw new IllegalStateException("a claim is outstanding: commit it first");
                }
                outstanding = false;
                copyIn(src, offsetOf(position), src.byteSize());
            }

            /**
             * A third party's own writeFrame: the word and the payload stored straight in when the
             * frame does not cross the seam, else the word by its own int path and the payload in
             * two parts; with a FRAME_ bug, one mistake at the seam.
             */
            @Override
            protected void writeFrameDirect(long position, int value, MemorySegment payload) {
                outstanding = false;
                long at = offsetOf(position);
                long length = payload.byteSize();
                if (at + Integer.BYTES + length <= capacity) {
                    memory.set(java.lang.foreign.ValueLayout.JAVA_INT_UNALIGNED, at, value);
                    MemorySegment.copy(payload, 0, memory, at + Integer.BYTES, length);
                    return;
                }
                if (bug == SplitBug.FRAME_STAGED_AT_THE_SEAM) {
                    writeScratch.set(java.lang.foreign.ValueLayout.JAVA_INT_UNALIGNED, 0, value);
                    MemorySegment.copy(payload, 0, writeScratch, Integer.BYTES, length);
                    copyIn(writeScratch, at, Integer.BYTES + length);
                    stagingBytes += Integer.BYTES + length;
                    return;
                }
                if (bug == SplitBug.FRAME_WORD_REVERSED_ACROSS_THE_SEAM && at + Integer.BYTES > capacity) {
                    // The bug: the straddling word's bytes by hand, in the wrong order.
                    boolean little = java.nio.ByteOrder.nativeOrder() != java.nio.ByteOrder.LITTLE_ENDIAN;
                    for (int i = 0; i < Integer.BYTES; i++) {
                        int shift = 8 * (little ? i : Integer.BYTES - 1 - i);
                        memory.set(java.lang.foreign.ValueLayout.JAVA_BYTE, (at + i) % capacity, (byte) (value >>> shift));
                    }
                } else {
                    writeIntDirect(position, value); // its own int path (staged across the seam), as writeInt counts it
                }
                copyIn(payload, (at + Integer.BYTES) % capacity, length);
            }

            /**
             * A third party's own writeThenZeroInt: the payload and the zero int stored straight in
             * when the span does not cross the seam, else the payload in two parts and the int by
             * its own path; with a ZERO_INT_ bug, one mistake.
             */
            @Override
            protected void writeThenZeroIntDirect(long position, MemorySegment payload, long zeroPosition) {
                outstanding = false;
                long at = offsetOf(position);
                long length = payload.byteSize();
                long gap = zeroPosition - position - length;
                if (bug == SplitBug.ZERO_INT_CLEARS_THE_GAP) {
                    for (long g = 0; g < gap; g++) {
                        memory.set(java.lang.foreign.ValueLayout.JAVA_BYTE, (at + length + g) % capacity, (byte) 0);
                    }
                }
                if (at + length + gap + Integer.BYTES <= capacity) {
                    MemorySegment.copy(payload, 0, memory, at, length);
                    memory.set(java.lang.foreign.ValueLayout.JAVA_INT_UNALIGNED, at + length + gap, 0);
                    return;
                }
                if (bug == SplitBug.ZERO_INT_STAGED_AT_THE_SEAM) {
                    MemorySegment.copy(payload, 0, writeScratch, 0, length);
                    writeScratch.set(java.lang.foreign.ValueLayout.JAVA_INT_UNALIGNED, length, 0);
                    copyIn(writeScratch.asSlice(0, length), at, length);
                    copyIn(writeScratch.asSlice(length, Integer.BYTES), (at + length + gap) % capacity, Integer.BYTES);
                    stagingBytes += length + Integer.BYTES;
                    return;
                }
                copyIn(payload, at, length);
                writeIntDirect(zeroPosition, 0); // its own int path (staged across the seam), as writeInt counts it
            }

            /**
             * A third party's own release store: in place, one store where the word does not cross
             * the seam; across it, with a bug, the part past the seam one byte off.
             */
            @Override
            protected void writeIntReleaseDirect(long position, int value) {
                long at = offsetOf(position);
                if (bug == SplitBug.RELEASE_WORD_WRAPPED_OFF_BY_ONE && at + Integer.BYTES > capacity) {
                    java.lang.invoke.VarHandle.releaseFence();
                    boolean little = java.nio.ByteOrder.nativeOrder() == java.nio.ByteOrder.LITTLE_ENDIAN;
                    for (int i = 0; i < Integer.BYTES; i++) {
                        int shift = 8 * (little ? i : Integer.BYTES - 1 - i);
                        long o = at + i;
                        memory.set(java.lang.foreign.ValueLayout.JAVA_BYTE, o < capacity ? o : o - capacity + 1, // the bug: + 1
                                (byte) (value >>> shift));
                    }
                    return;
                }
                super.writeIntReleaseDirect(position, value);
            }

            /** A third party's own acquire load; with a bug, across the seam the second part is read from past N's start. */
            @Override
            protected int readIntAcquireDirect(long position) {
                long at = offsetOf(position);
                if (bug == SplitBug.ACQUIRE_WORD_IGNORES_THE_SEAM && at + Integer.BYTES > capacity) {
                    boolean little = java.nio.ByteOrder.nativeOrder() == java.nio.ByteOrder.LITTLE_ENDIAN;
                    int value = 0;
                    for (int i = 0; i < Integer.BYTES; i++) {
                        int shift = 8 * (little ? i : Integer.BYTES - 1 - i);
                        long o = at + i;
                        // The bug: the bytes past the seam from the end of the ring again, not its start.
                        value |= (memory.get(java.lang.foreign.ValueLayout.JAVA_BYTE, o < capacity ? o : capacity - 1) & 0xFF) << shift;
                    }
                    java.lang.invoke.VarHandle.acquireFence();
                    return value;
                }
                return super.readIntAcquireDirect(position);
            }

            private void copyIn(MemorySegment src, long at, long length) {
                copyIntoLap(src, memory, capacity, at, length);
            }

            @Override
            protected MemorySegment windowSegment(long position, long length) {
                long at = offsetOf(position);
                if (at + length <= capacity) {
                    return memory.asSlice(at, length);
                }
                long first = capacity - at;
                MemorySegment.copy(memory, at, readScratch, 0, first);
                // The WINDOW_AT_THE_LAST_BYTE bug: from offset N-1 the rest is read one byte late.
                long from = bug == SplitBug.WINDOW_AT_THE_LAST_BYTE && first == 1 ? 1 : 0;
                MemorySegment.copy(memory, from, readScratch, first, length - first);
                if (!uncounted) {
                    gatherBytes += length;
                }
                return readScratch.asSlice(0, length);
            }
        });
    }

    /** {@code length} bytes of {@code src} into a ring of {@code lap} bytes from offset {@code at}, the rest from its start. */
    private static void copyIntoLap(MemorySegment src, MemorySegment ring, long lap, long at, long length) {
        long first = Math.min(length, lap - at);
        MemorySegment.copy(src, 0, ring, at, first);
        MemorySegment.copy(src, first, ring, 0, length - first);
    }

    private static java.nio.channels.FileChannel open(java.nio.file.Path file) {
        try {
            return java.nio.channels.FileChannel.open(file, java.nio.file.StandardOpenOption.CREATE_NEW,
                    java.nio.file.StandardOpenOption.READ, java.nio.file.StandardOpenOption.WRITE);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** A growable ring whose windows keep reading the memory from before the last grow. */
    static MemoryStrategy staleViewAfterGrowth(boolean broken) {
        return new Strategy(broken ? "broken-stale-after-growth" : "growable-twin", Set.of(Capability.GROWABLE),
                (name, n) -> new StaleGrowable(name, n, broken));
    }

    /**
     * A {@link HeapRing} whose claims across the seam stage in {@code [n, 2n)} and are copied in
     * at commit, in two parts, counted as staging; the rest in place at {@link #physical}.
     */
    abstract static class StagingRing extends HeapRing {
        private boolean staged;

        StagingRing(String name, long capacity, long bytes) {
            super(name, capacity, bytes);
        }

        /** Where {@code position} lives in the ring's first {@code capacity} bytes. */
        long physical(long position) {
            return ringOffset(position);
        }

        @Override
        protected MemorySegment claimSegment(long position, long length) {
            long at = physical(position);
            staged = at + length > capacity;
            return staged ? memory.asSlice(capacity, length) : memory.asSlice(at, length);
        }

        @Override
        protected void commitClaim(long position, long length) {
            if (staged) {
                long at = physical(position);
                long first = Math.min(length, capacity - at);
                MemorySegment.copy(memory, capacity, memory, at, first);
                MemorySegment.copy(memory, capacity + first, memory, 0, length - first);
                stagingBytes += length;
                staged = false;
            }
        }

        /** Whether the outstanding claim lives in the staging half. */
        boolean staged() {
            return staged;
        }
    }

    /** Memory from an arena of the ring's own (so stale segments throw after close), and a header. */
    abstract static class HeapRing extends AbstractRingMemory {
        final Arena arena = Arena.ofShared();
        MemorySegment memory;
        final MemorySegment header;
        long mirrorBytes;
        long stagingBytes;
        long gatherBytes;

        HeapRing(String name, long capacity, long bytes) {
            // Claims no capability: a queue assumes claims and windows may copy at the seam.
            this(name, capacity, bytes, Set.of());
        }

        /** With the capabilities its strategy declares, which a queue on it reads (spsc pads unless both zero-copy ones). */
        HeapRing(String name, long capacity, long bytes, Set<Capability> capabilities) {
            super(name, capacity, capabilities, 1);
            this.memory = arena.allocate(bytes, 64);
            this.header = arena.allocate(RingMemory.MIN_HEADER_BYTES, 64);
        }

        @Override
        protected MemorySegment headerSegment() {
            return header;
        }

        @Override
        public CopyCounters copyCounters() {
            ensureOpen();
            return new CopyCounters(mirrorBytes, 0, 0, stagingBytes, gatherBytes);
        }

        @Override
        protected void release() {
            arena.close();
        }
    }

    /**
     * Grows by copying the live range into new memory, where writes then go; broken, its windows
     * keep slicing {@code view}, which the grow forgets to move. Claims across the seam stage in
     * scratch memory.
     */
    static final class StaleGrowable extends HeapRing implements GrowableRingMemory {
        private final boolean broken;
        private MemorySegment view;
        private MemorySegment staged;

        StaleGrowable(String name, long capacity, boolean broken) {
            super(name, capacity, capacity);
            this.broken = broken;
            this.view = memory;
        }

        @Override
        protected MemorySegment claimSegment(long position, long length) {
            long at = ringOffset(position);
            staged = at + length > capacity ? arena.allocate(length) : null;
            return staged != null ? staged : memory.asSlice(at, length);
        }

        @Override
        protected void commitClaim(long position, long length) {
            if (staged != null) {
                writeDirect(position, staged.asSlice(0, length));
                stagingBytes += length;
                staged = null;
            }
        }

        @Override
        protected void writeDirect(long position, MemorySegment src) {
            long at = ringOffset(position);
            long first = Math.min(src.byteSize(), capacity - at);
            MemorySegment.copy(src, 0, memory, at, first);
            MemorySegment.copy(src, first, memory, 0, src.byteSize() - first);
        }

        @Override
        protected MemorySegment windowSegment(long position, long length) {
            long at = ringOffset(position);
            if (at + length <= capacity) {
                return view.asSlice(at, length);
            }
            MemorySegment gathered = arena.allocate(length);
            MemorySegment.copy(view, at, gathered, 0, capacity - at);
            MemorySegment.copy(view, 0, gathered, capacity - at, length - (capacity - at));
            return gathered;
        }

        @Override
        public void grow(long newCapacity, long liveFrom, long liveTo) {
            MemorySegment next = arena.allocate(newCapacity, 64);
            for (long p = liveFrom; p < liveTo; p++) {
                next.set(java.lang.foreign.ValueLayout.JAVA_BYTE, p % newCapacity,
                        memory.get(java.lang.foreign.ValueLayout.JAVA_BYTE, ringOffset(p)));
            }
            memory = next;
            if (!broken) { // the bug: view still points at the old memory
                view = next;
            }
            capacityGrown(newCapacity);
        }
    }
}
