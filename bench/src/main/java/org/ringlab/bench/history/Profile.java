package org.ringlab.bench.history;

import java.util.List;

import org.ringlab.bench.harness.RepetitionBudget;
import org.ringlab.bench.util.ProfileNames;
import org.ringlab.bench.util.Sizes;

/**
 * How hard the history experiment works. By default every profile measures under seed 000's
 * conditions: its ring of 48 elements of 240 KiB (11.25 MiB, the ring of its pmap listing), and
 * its runs timed whole from a fresh mapping ({@link ColdRun}); the steady state of a ring already
 * faulted in ({@link HistoryCell}) is measured beside them, per element size. More repetitions
 * narrow the spread.
 */
public enum Profile {

    /**
     * The default: the seed's ring, 5 timed repetitions per forked JVM, 2 forks per cell (the
     * fewest {@code diff} judges), then more forks of the claimed pair (up to 6) while a claim is
     * inconclusive and the added fork is expected to end within 35 s of history's start. The
     * cold write run makes 32 of the seed's 256 passes over its ring, so that it stays cheap; a longer
     * budget makes history the largest part of the quick run.
     */
    QUICK(Profile.SEED_RING_BYTES, 5, 5, true, new RepetitionBudget(2, 6, 35), 32),
    /** The seed's ring, 11 timed repetitions per fork, 5 to 15 forks within 10 min; the seed's 256 write passes. */
    FULL(Profile.SEED_RING_BYTES, 5, 11, true, new RepetitionBudget(5, 15, 600), Profile.SEED_WRITE_PASSES),
    /** For tests only (not in --help): a 4 MiB ring, few repetitions, two rounds in this JVM, one write pass. */
    TINY(4 * Sizes.MIB, 1, 3, false, new RepetitionBudget(2, 2, 0), 1);

    /** Seed 000's write test: 48 elements of 20 x 12 x 256 x 4 bytes (its program's 'volume 1'). */
    public static final long SEED_ELEMENT = 20 * 12 * 256 * 4;
    public static final long SEED_SLOTS = 48;
    /** The seed's ring: 11,796,480 bytes, the 11520 kB of its pmap listing. */
    public static final long SEED_RING_BYTES = SEED_ELEMENT * SEED_SLOTS;
    /** The seed's write test puts 256 rings' worth of elements. */
    public static final int SEED_WRITE_PASSES = 256;
    /** Seed 000's read test: 48 elements of 40 x 24 x 256 x 4 bytes ('volume 2'), read 65,536 times over. */
    public static final long SEED_READ_ELEMENT = 40 * 24 * 256 * 4;
    public static final int SEED_READ_PASSES = 65_536;

    /**
     * Element sizes of the steady state: one page, and the seed program's three matrix sizes
     * (60 KiB, 240 KiB, 960 KiB); each divides the seed's ring.
     */
    public static final List<Long> DEFAULT_SIZES = List.of(4 * Sizes.KIB, 60 * Sizes.KIB, SEED_ELEMENT,
            SEED_READ_ELEMENT);

    private final long ringBytes;
    private final int coldWritePasses;
    private final int warmup;
    private final int repetitions;
    private final boolean fork;
    private final RepetitionBudget budget;

    Profile(long ringBytes, int warmup, int repetitions, boolean fork, RepetitionBudget budget, int coldWritePasses) {
        this.budget = budget;
        this.ringBytes = ringBytes;
        this.coldWritePasses = coldWritePasses;
        this.warmup = warmup;
        this.repetitions = repetitions;
        this.fork = fork;
    }

    public static Profile parse(String text) {
        return ProfileNames.parse(Profile.class, text);
    }

    public String id() {
        return ProfileNames.id(this);
    }

    /** Target ring capacity of the steady state: the seed's ring (tiny: 4 MiB); each cell rounds it to its element. */
    public long ringBytes() {
        return ringBytes;
    }

    /** The seed's write and read runs, timed whole; the write run makes {@link #coldWritePasses()} passes. */
    public ColdRun.ColdPlan coldPlan() {
        return new ColdRun.ColdPlan(SEED_ELEMENT, SEED_SLOTS, coldWritePasses, SEED_READ_ELEMENT, SEED_SLOTS,
                SEED_READ_PASSES);
    }

    /** Rings' worth of puts of the cold write run (the seed made {@value #SEED_WRITE_PASSES}). */
    public int coldWritePasses() {
        return coldWritePasses;
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
