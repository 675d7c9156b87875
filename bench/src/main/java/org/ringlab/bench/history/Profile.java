package org.ringlab.bench.history;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import org.ringlab.bench.util.Environment;
import org.ringlab.bench.util.Sizes;

/**
 * How hard the history experiment works. The ring must dwarf the last-level cache so that a
 * put and a whole-history read are memory-bound, as in seed 000's measurements; more
 * repetitions narrow the spread.
 */
public enum Profile {

    /**
     * The default: a ring of about twice the last-level cache, 11 timed repetitions (enough
     * for a median that survives a few preempted ones on a shared 2-core machine).
     */
    QUICK(2, 32 * Sizes.MIB, 5, 11, true, true),
    /** Four times the last-level cache, 31 timed repetitions. */
    FULL(4, 64 * Sizes.MIB, 5, 31, true, true),
    /** For tests only (not in --help): a 4 MiB ring, few repetitions, no forked JVMs. */
    TINY(0, 4 * Sizes.MIB, 1, 3, false, false);

    /** Element sizes of seed 000's range: one page up to a 1 MiB matrix. */
    public static final List<Long> DEFAULT_SIZES = List.of(4 * Sizes.KIB, 64 * Sizes.KIB, Sizes.MIB);

    private final int cacheMultiple;
    private final long minRingBytes;
    private final int warmup;
    private final int repetitions;
    private final boolean fork;
    private final boolean documented;

    Profile(int cacheMultiple, long minRingBytes, int warmup, int repetitions, boolean fork, boolean documented) {
        this.cacheMultiple = cacheMultiple;
        this.minRingBytes = minRingBytes;
        this.warmup = warmup;
        this.repetitions = repetitions;
        this.fork = fork;
        this.documented = documented;
    }

    public static Profile parse(String text) {
        for (Profile p : values()) {
            if (p.id().equals(text)) {
                return p;
            }
        }
        throw new IllegalArgumentException("unknown profile '" + text + "'; allowed: " + documentedIds());
    }

    public static String documentedIds() {
        return String.join(", ", Arrays.stream(values()).filter(p -> p.documented).map(Profile::id).toList());
    }

    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * Target ring capacity: the next power of two of {@code cacheMultiple ×} the last-level
     * cache, at least {@code minRingBytes} (also the answer when the cache size is unknown).
     */
    public long ringBytes() {
        long llc = Environment.lastLevelCacheBytes().orElse(0L);
        long wanted = Math.max(minRingBytes, llc * cacheMultiple);
        return Long.highestOneBit(wanted) == wanted ? wanted : Long.highestOneBit(wanted) << 1;
    }

    public int warmup() {
        return warmup;
    }

    public int repetitions() {
        return repetitions;
    }

    /** Whether each cell runs in a fresh JVM by default. */
    public boolean fork() {
        return fork;
    }
}
