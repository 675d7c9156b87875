package org.ringlab.conformance.kit;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

import org.ringlab.api.Capability;
import org.ringlab.api.CopyCounters;
import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.RingMemory;

/**
 * The extra bytes a strategy documents it moves ({@link CopyCounters}), predicted from the
 * calls made on its ring, so the memory contract can compare the counters exactly after every
 * action. One instance per ring (models keep state, e.g. linearize's rotation): pass a
 * supplier to {@link Kit#withCopyCountModel}.
 *
 * <p>The kit calls the five {@code protected} callbacks after each call it makes on the ring
 * ({@code claimed} when a claim is handed out, before the caller fills it: windows may come
 * between it and the claim's commit; an abandoned claim gets no {@code claimCommitted}: it must
 * move nothing) and
 * compares {@link #expected()} with {@link RingMemory#copyCounters()}. A model adds to the
 * protected counters, one per field of {@link CopyCounters}; each starts at 0. The
 * capabilities' bounds ({@link #capabilityBounds}) are checked as well, model or not.
 *
 * <pre>{@code
 * // A ring that gathers every window crossing the seam into scratch and stages nothing:
 * Kit.forStrategies("my-ring").withCopyCountModel("my-ring", () -> new CopyCountModel() {
 *     @Override
 *     protected void windowed(long position, long length, long capacity) {
 *         if (position % capacity + length > capacity) {
 *             gatherBytes += length;
 *         }
 *     }
 * });
 * }</pre>
 *
 * <p>The kit knows the rules ringlab's strategies document (the table in {@link CopyCounters})
 * by name ({@link #documentedFor}); a third-party strategy reuses one of the factories
 * ({@link #mirrorEveryCommit()} for a doubled ring, {@link #stageAndGatherAtTheSeam()} for a
 * split one, …), writes its own as above, or gets the capability bounds only.
 */
public abstract class CopyCountModel {

    /** Bytes written a second time to keep a mirror copy ({@link CopyCounters#mirrorBytes()}). */
    protected long mirrorBytes;
    /** Bytes moved by rotating the ring ({@link CopyCounters#rotationBytes()}). */
    protected long rotationBytes;
    /** Rotations ({@link CopyCounters#rotations()}). */
    protected long rotations;
    /** Bytes staged in scratch by claims and copied in on commit ({@link CopyCounters#stagingBytes()}). */
    protected long stagingBytes;
    /** Bytes gathered into scratch by windows ({@link CopyCounters#gatherBytes()}). */
    protected long gatherBytes;
    /** Bytes moved by growing ({@link CopyCounters#growthBytes()}). */
    protected long growthBytes;
    /** Grows ({@link CopyCounters#grows()}). */
    protected long grows;

    /** A model that predicts nothing moved until its callbacks say otherwise. */
    protected CopyCountModel() {
    }

    /**
     * A claim of {@code length} bytes at {@code position} handed out, before the caller fills it:
     * windows may come before its {@link #claimCommitted commit} (or before a write drops it).
     */
    protected void claimed(long position, long length, long capacity) {
    }

    /** A claim of {@code claimed} bytes at {@code position}, committed with {@code committed} bytes ({@code committed <= claimed}). */
    protected void claimCommitted(long position, long claimed, long committed, long capacity) {
    }

    /** A {@code write} of {@code length} bytes at {@code position}. */
    protected void written(long position, long length, long capacity) {
    }

    /** A window of {@code length} bytes at {@code position}. */
    protected void windowed(long position, long length, long capacity) {
    }

    /** A grow from {@code capacity} to {@code newCapacity} keeping {@code [liveFrom, liveTo)}. */
    protected void grew(long capacity, long newCapacity, long liveFrom, long liveTo) {
    }

    /** The counters the ring must report now. */
    public CopyCounters expected() {
        return new CopyCounters(mirrorBytes, rotationBytes, rotations, stagingBytes, gatherBytes, growthBytes, grows);
    }

    /** No extra byte, ever: a mirrored ring. */
    public static CopyCountModel none() {
        return new CopyCountModel() {
        };
    }

    /** Every committed byte written a second time ({@code doubled}). */
    public static CopyCountModel mirrorEveryCommit() {
        return new CopyCountModel() {
            @Override
            protected void claimCommitted(long position, long claimed, long committed, long capacity) {
                mirrorBytes += committed;
            }

            @Override
            protected void written(long position, long length, long capacity) {
                mirrorBytes += length;
            }
        };
    }

    /**
     * {@code split}: a claim whose claimed range crosses the seam is staged and its committed
     * bytes copied in; a window crossing the seam is gathered; {@code write} copies in two parts.
     */
    public static CopyCountModel stageAndGatherAtTheSeam() {
        return new CopyCountModel() {
            @Override
            protected void claimCommitted(long position, long claimed, long committed, long capacity) {
                if (position % capacity + claimed > capacity) {
                    stagingBytes += committed;
                }
            }

            @Override
            protected void windowed(long position, long length, long capacity) {
                if (position % capacity + length > capacity) {
                    gatherBytes += length;
                }
            }
        };
    }

    /** The linearize ring's temp, 64 KiB: a rotation whose smaller part fits goes through it. */
    static final long LINEARIZE_TEMP = 64 * 1024;

    /**
     * {@code linearize}: a window crossing the (rotated) seam rotates the ring by its offset s,
     * counted as N + min(s, N - s) bytes when that smaller part fits the ring's 64 KiB temp (it
     * is parked there and the rest moved over it), else N + gcd(N, s) (blocks along the cycles);
     * claims crossing it when claimed are staged like split's. Not under a claim held in place
     * (claimed, not staged, not yet committed nor dropped by a write): then a crossing window is
     * gathered into scratch ({@code gatherBytes}) and nothing rotates.
     */
    public static CopyCountModel rotateOnRead() {
        return new CopyCountModel() {
            long shift;
            /** A claim is outstanding; whether it was staged when claimed. */
            boolean held;
            boolean staged;

            private long physical(long position, long capacity) {
                return (position % capacity + shift) % capacity;
            }

            @Override
            protected void claimed(long position, long length, long capacity) {
                held = true;
                staged = physical(position, capacity) + length > capacity;
            }

            @Override
            protected void claimCommitted(long position, long claimed, long committed, long capacity) {
                // Staged or not was decided when claimed (a caller that never said so: now).
                if (held ? staged : physical(position, capacity) + claimed > capacity) {
                    stagingBytes += committed;
                }
                held = false;
            }

            @Override
            protected void written(long position, long length, long capacity) {
                held = false; // a write drops an outstanding claim
            }

            @Override
            protected void windowed(long position, long length, long capacity) {
                long at = physical(position, capacity);
                if (at + length > capacity) {
                    if (held && !staged) {
                        gatherBytes += length;
                        return;
                    }
                    long smaller = Math.min(at, capacity - at);
                    rotationBytes += capacity + (smaller <= LINEARIZE_TEMP ? smaller : gcd(capacity, at));
                    rotations++;
                    shift = (shift - at + capacity) % capacity;
                }
            }
        };
    }

    /**
     * The growable mirrored ring: nothing but, per grow whose live range wraps, the smaller part
     * of it that fits (the wrapped tail behind the old end, else the head to the new end).
     */
    public static CopyCountModel moveTheSmallerPartOnGrowth() {
        return new CopyCountModel() {
            long shift;

            @Override
            protected void grew(long n, long newCapacity, long liveFrom, long liveTo) {
                long length = liveTo - liveFrom;
                long from = (liveFrom % n + shift) % n;
                long to = from;
                if (from + length > n) {
                    long tail = from + length - n;
                    long head = n - from;
                    if (n + tail <= newCapacity && tail <= head) {
                        growthBytes += tail;
                    } else {
                        to = newCapacity - head;
                        growthBytes += head;
                    }
                }
                grows++;
                shift = Math.floorMod(to - liveFrom % newCapacity, newCapacity);
            }
        };
    }

    /**
     * The rule the strategy documents, when the kit knows it: ringlab's strategies by name and
     * capability. Empty for a strategy it does not know.
     */
    public static Optional<Supplier<CopyCountModel>> documentedFor(MemoryStrategy strategy) {
        return switch (strategy.name()) {
            case "doubled" -> Optional.of(CopyCountModel::mirrorEveryCommit);
            case "split" -> Optional.of(CopyCountModel::stageAndGatherAtTheSeam);
            case "linearize" -> Optional.of(CopyCountModel::rotateOnRead);
            default -> !strategy.has(Capability.MIRRORED) ? Optional.empty()
                    : strategy.has(Capability.GROWABLE) ? Optional.of(CopyCountModel::moveTheSmallerPartOnGrowth)
                    : Optional.of(CopyCountModel::none);
        };
    }

    /**
     * What the capabilities alone promise, for a strategy without an exact model: no counter
     * negative; zero-copy claims stage nothing; zero-copy windows gather and rotate nothing; a
     * mirrored ring writes no mirror copy; a ring that cannot grow moves nothing for growth.
     * The violated promises, empty when all hold.
     */
    public static List<String> capabilityBounds(MemoryStrategy strategy, CopyCounters c) {
        List<String> broken = new ArrayList<>();
        if (c.mirrorBytes() < 0 || c.rotationBytes() < 0 || c.rotations() < 0 || c.stagingBytes() < 0
                || c.gatherBytes() < 0 || c.growthBytes() < 0 || c.grows() < 0) {
            broken.add("a counter is negative");
        }
        if (strategy.has(Capability.ZERO_COPY_CLAIM) && c.stagingBytes() != 0) {
            broken.add("ZERO_COPY_CLAIM but stagingBytes " + c.stagingBytes());
        }
        if (strategy.has(Capability.ZERO_COPY_WINDOW) && (c.gatherBytes() != 0 || c.rotationBytes() != 0)) {
            broken.add("ZERO_COPY_WINDOW but gatherBytes " + c.gatherBytes() + ", rotationBytes " + c.rotationBytes());
        }
        if (strategy.has(Capability.MIRRORED) && c.mirrorBytes() != 0) {
            broken.add("MIRRORED but mirrorBytes " + c.mirrorBytes());
        }
        if (!strategy.has(Capability.GROWABLE) && (c.growthBytes() != 0 || c.grows() != 0)) {
            broken.add("not GROWABLE but growthBytes " + c.growthBytes() + ", grows " + c.grows());
        }
        return broken;
    }

    static long gcd(long a, long b) {
        while (b != 0) {
            long t = a % b;
            a = b;
            b = t;
        }
        return a;
    }
}
