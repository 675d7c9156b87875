package org.ringlab.bench.history;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import org.ringlab.bench.harness.RepetitionBudget;
import org.ringlab.bench.util.Environment;
import org.ringlab.bench.util.Sizes;

/**
 * How hard the history experiment works. The ring must dwarf the last-level cache so that a
 * put and a whole-history read are memory-bound, as in seed 000's measurements; more
 * repetitions narrow the spread.
 */
public enum Profile {

    /**
     * The default: a ring of about twice the last-level cache, 5 timed repetitions per forked
     * JVM, 2 forks per cell (the fewest {@code diff} judges), then more forks of the claimed pair
     * (up to 6) while a claim is inconclusive and the added fork is expected to end within 35 s
     * of history's start: on two idle cores the two rounds take about 28 s and each added one
     * about 3.5 s, so up to 2 more fit; a longer budget makes history the largest part of the
     * quick run's 4 minutes.
     */
    QUICK(2, 32 * Sizes.MIB, 5, 5, true, true, new RepetitionBudget(2, 6, 35)),
    /** Four times the last-level cache, 11 timed repetitions per fork, 5 to 15 forks within 10 min. */
    FULL(4, 64 * Sizes.MIB, 5, 11, true, true, new RepetitionBudget(5, 15, 600)),
    /** For tests only (not in --help): a 4 MiB ring, few repetitions, two rounds in this JVM. */
    TINY(0, 4 * Sizes.MIB, 1, 3, false, false, new RepetitionBudget(2, 2, 0));

    /** Element sizes of seed 000's range: one page up to a 1 MiB matrix. */
    public static final List<Long> DEFAULT_SIZES = List.of(4 * Sizes.KIB, 64 * Sizes.KIB, Sizes.MIB);

    private final int cacheMultiple;
    private final long minRingBytes;
    private final int warmup;
    private final int repetitions;
    private final boolean fork;
    private final boolean documented;
    private final RepetitionBudget budget;

    Profile(int cacheMultiple, long minRingBytes, int warmup, int repetitions, boolean fork, boolean documented,
            RepetitionBudget budget) {
        this.budget = budget;
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

    /** Rounds (forks per cell) and the time the claimed pair's extra rounds may take. */
    public RepetitionBudget budget() {
        return budget;
    }

    /** Timed repetitions per round (per forked JVM). */
    public int repetitions() {
        return repetitions;
    }

    /** Whether each cell runs in a fresh JVM by default. */
    public boolean fork() {
        return fork;
    }
}
