package org.ringlab.bench.growth;

import java.util.Arrays;
import java.util.Locale;

import org.ringlab.bench.util.Sizes;

/** How far the growth experiment grows each buffer, and how often. Appends are 1 MiB (seed 002's step). */
public enum GrowthProfile {

    /** 64 MiB, five repetitions, each in a fresh JVM. */
    QUICK(64 * Sizes.MIB, 5, true, true),
    /** 1 GiB, five repetitions, each in a fresh JVM. */
    FULL(Sizes.GIB, 5, true, true),
    /** For tests only (not in --help): 4 MiB, two repetitions, all in this JVM. */
    TINY(4 * Sizes.MIB, 2, false, false);

    /** Bytes per append: seed 002 grows its buffer a megabyte at a time. */
    public static final long CHUNK_BYTES = Sizes.MIB;

    private final long targetBytes;
    private final int repetitions;
    private final boolean fork;
    private final boolean documented;

    GrowthProfile(long targetBytes, int repetitions, boolean fork, boolean documented) {
        this.targetBytes = targetBytes;
        this.repetitions = repetitions;
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

    /** Whether each repetition runs in a fresh JVM by default. */
    public boolean fork() {
        return fork;
    }
}
