package org.ringlab.bench.growth;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import org.ringlab.bench.util.Sizes;

/** How far the growth experiment grows each buffer, and how often. Appends are 1 MiB (seed 002's step). */
public enum GrowthProfile {

    /**
     * 64 MiB, five repetitions, each in a fresh JVM; the evaluation: 64 and 65 MiB, two each (the
     * fewest forks diff judges: peak/final is deterministic to a few pages, and the step-time
     * ratios are 10x off their thresholds).
     */
    QUICK(64 * Sizes.MIB, 5, 2, true, true),
    /** 1 GiB, five repetitions, each in a fresh JVM; the evaluation: 1 GiB and 1 GiB + 1 MiB, five each. */
    FULL(Sizes.GIB, 5, 5, true, true),
    /** For tests only (not in --help): 4 MiB, two repetitions, all in this JVM; the evaluation: 4 and 5 MiB. */
    TINY(4 * Sizes.MIB, 2, 2, false, false);

    /** Bytes per append: seed 002 grows its buffer a megabyte at a time. */
    public static final long CHUNK_BYTES = Sizes.MIB;

    private final long targetBytes;
    private final int repetitions;
    private final int caseRepetitions;
    private final boolean fork;
    private final boolean documented;

    GrowthProfile(long targetBytes, int repetitions, int caseRepetitions, boolean fork, boolean documented) {
        this.targetBytes = targetBytes;
        this.repetitions = repetitions;
        this.caseRepetitions = caseRepetitions;
        this.fork = fork;
        this.documented = documented;
    }

    public static GrowthProfile parse(String text) {
        for (GrowthProfile p : values()) {
            if (p.id().equals(text)) {
                return p;
            }
        }
        throw new IllegalArgumentException("unknown profile '" + text + "'; allowed: " + String.join(", ",
                Arrays.stream(values()).filter(p -> p.documented).map(GrowthProfile::id).toList()));
    }

    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    public long targetBytes() {
        return targetBytes;
    }

    public int repetitions() {
        return repetitions;
    }

    /**
     * The evaluation's two final sizes (seed 002's best and worst case for copy-doubling):
     * exactly the power of two {@link #targetBytes()}, and one append past it, where doubling
     * has just allocated twice the data beside the old copy.
     */
    public List<Long> caseTargets() {
        return List.of(targetBytes, targetBytes + CHUNK_BYTES);
    }

    /** Repetitions per final size in the evaluation (two sizes, so fewer than {@link #repetitions()} in quick). */
    public int caseRepetitions() {
        return caseRepetitions;
    }

    /** Whether each repetition runs in a fresh JVM by default. */
    public boolean fork() {
        return fork;
    }
}
