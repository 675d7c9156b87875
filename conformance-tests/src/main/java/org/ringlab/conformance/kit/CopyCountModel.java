package org.ringlab.conformance.kit;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

import org.ringlab.api.Capability;
import org.ringlab.api.CopyCounters;
import org.ringlab.api.MemoryStrategy;

/**
 * The extra bytes a strategy documents it moves ({@link CopyCounters}), predicted from the
 * calls made on its ring, so the memory contract can compare the counters exactly after every
 * action. One instance per ring (models keep state, e.g. linearize's rotation).
 *
 * <p>The kit knows the rules ringlab's strategies document (the table in {@link CopyCounters});
 * a third-party strategy either reuses one of them ({@link #mirrorEveryCommit()} for a doubled
 * ring, …) or gets the capability bounds only ({@link #capabilityBounds}).
 */
public abstract class CopyCountModel {

    long mirror;
    long rotation;
    long rotations;
    long staging;
    long gather;
    long growth;
    long grows;

    /** A claim of {@code claimed} bytes at {@code position}, committed with {@code committed} bytes. */
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

    public final CopyCounters expected() {
        return new CopyCounters(mirror, rotation, rotations, staging, gather, growth, grows);
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
                mirror += committed;
            }

            @Override
            protected void written(long position, long length, long capacity) {
                mirror += length;
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
                    staging += committed;
                }
            }

            @Override
            protected void windowed(long position, long length, long capacity) {
                if (position % capacity + length > capacity) {
                    gather += length;
                }
            }
        };
    }

    /**
     * {@code linearize}: a window crossing the (rotated) seam rotates the ring by its offset s,
     * counted as N + gcd(N, s) bytes; claims crossing it are staged like split's.
     */
    public static CopyCountModel rotateOnRead() {
        return new CopyCountModel() {
            long shift;

            private long physical(long position, long capacity) {
                return (position % capacity + shift) % capacity;
            }

            @Override
            protected void claimCommitted(long position, long claimed, long committed, long capacity) {
                if (physical(position, capacity) + claimed > capacity) {
                    staging += committed;
                }
            }

            @Override
            protected void windowed(long position, long length, long capacity) {
                long at = physical(position, capacity);
                if (at + length > capacity) {
                    rotation += capacity + gcd(capacity, at);
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
                        growth += tail;
                    } else {
                        to = newCapacity - head;
                        growth += head;
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
