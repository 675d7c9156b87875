package org.ringlab.bench.growth;

import java.util.ArrayList;
import java.util.List;

import org.ringlab.bench.util.ProfileNames;
import org.ringlab.bench.util.Sizes;

/**
 * How far the growth experiment grows each buffer, and how often. Appends are 1 MiB (seed 002's
 * step). The evaluation runs seed 002's two test conditions in every profile: its copy example
 * (128 MiB of data, then one byte: doubling allocates 256 MiB) and its realloc program (1 MiB
 * to 69 MiB, realloc to exactly each size); the full profile adds a power-of-two size for
 * ringlab's own growth-speed goal. {@link #targetBytes()} is {@code ringlab growth --target}'s default.
 */
public enum GrowthProfile {

    /**
     * The seed's two conditions, two repetitions each, each in a fresh JVM (peak, faults, moves
     * and RSS steps are deterministic to a few pages; two repetitions pair the step-time goal).
     */
    QUICK(64 * Sizes.MIB, 5, 2, true, 128 * Sizes.MIB, 69 * Sizes.MIB, 0),
    /** The seed's two conditions and 1 GiB, five repetitions each in a fresh JVM. */
    FULL(Sizes.GIB, 5, 5, true, 128 * Sizes.MIB, 69 * Sizes.MIB, Sizes.GIB),
    /** For tests only (not in --help): 4 MiB + 1 byte and 1 … 5 MiB, two repetitions, all in this JVM. */
    TINY(4 * Sizes.MIB, 2, 2, false, 4 * Sizes.MIB, 5 * Sizes.MIB, 0);

    /** Bytes per append: seed 002 grows its buffer a megabyte at a time. */
    public static final long CHUNK_BYTES = Sizes.MIB;

    private final long targetBytes;
    private final int repetitions;
    private final int caseRepetitions;
    private final boolean fork;
    private final long copyDataBytes;
    private final long reallocBytes;
    private final long powerOfTwoBytes;

    GrowthProfile(long targetBytes, int repetitions, int caseRepetitions, boolean fork, long copyDataBytes,
                  long reallocBytes, long powerOfTwoBytes) {
        this.targetBytes = targetBytes;
        this.repetitions = repetitions;
        this.caseRepetitions = caseRepetitions;
        this.fork = fork;
        this.copyDataBytes = copyDataBytes;
        this.reallocBytes = reallocBytes;
        this.powerOfTwoBytes = powerOfTwoBytes;
    }

    public static GrowthProfile parse(String text) {
        return ProfileNames.parse(GrowthProfile.class, text);
    }

    public String id() {
        return ProfileNames.id(this);
    }

    public long targetBytes() {
        return targetBytes;
    }

    public int repetitions() {
        return repetitions;
    }

    /** The evaluation's workloads, in order: seed 002's copy example, its realloc program, then any goal size. */
    public List<GrowthCase> cases() {
        List<GrowthCase> cases = new ArrayList<>(List.of(GrowthCase.seedCopy(copyDataBytes),
                GrowthCase.seedRealloc(reallocBytes)));
        if (powerOfTwoBytes > 0) {
            cases.add(GrowthCase.powerOfTwo(powerOfTwoBytes));
        }
        return List.copyOf(cases);
    }

    /** Repetitions per workload in the evaluation (several workloads, so fewer than {@link #repetitions()} in quick). */
    public int caseRepetitions() {
        return caseRepetitions;
    }

    /** Whether each repetition runs in a fresh JVM by default. */
    public boolean fork() {
        return fork;
    }
}
