package org.ringlab.bench.anchors;

import java.time.Duration;
import java.util.Arrays;
import java.util.Locale;

import org.ringlab.bench.harness.JitWarmup;
import org.ringlab.bench.harness.RepetitionBudget;

/**
 * How much the anchors experiment moves. Each throughput repetition moves a fixed number of
 * records (64-byte and large), after one discarded warm-up repetition per anchor and size;
 * each latency repetition times a fixed number of round trips after its own warm-up.
 */
enum AnchorsProfile {

    /** For tests only (not in --help): a few seconds. */
    TINY(20_000, 2_000, 300, 100, 3, false, true, new RepetitionBudget(1, 1, 0), JitWarmup.LOOPS),
    /**
     * The default run: four rounds of one child JVM per anchor, each child short (a warm-up rule of
     * 50 ms at least and 50 ms quiet where full waits 150 and 100, one timed repetition of 250,000
     * and 25,000 records: a second one, from the same JVM, adds nothing to the interval). The
     * one-thread figures vary little inside a child and much between children (the JIT's
     * decisions, the host's episodes), so a round is the unit of every interval, and four rounds
     * give each ratio 3 degrees of freedom of its own where two gave 1 (t 3.18 against 12.7).
     * A child costs about 1.2-1.6 s, most of it the JVM's start and the warm-ups, so four
     * rounds of fourteen anchors cost more than two rounds of longer children did (five took
     * 108-118 s, too much of quick's five minutes); no round is added beyond four.
     */
    QUICK(250_000, 25_000, 10_000, 2_000, 1, true, false, new RepetitionBudget(4, 4, 0),
            new JitWarmup(Duration.ofMillis(50), Duration.ofMillis(50), Duration.ofSeconds(1))),
    /** The seeds' scale: minutes. */
    FULL(20_000_000, 2_000_000, 500_000, 50_000, 5, true, true, new RepetitionBudget(3, 6, 900), JitWarmup.LOOPS);

    /** The small record: ringlab's goals are stated for 64-byte records. */
    static final int SMALL_RECORD = 64;
    /** The large record, where GB/s is the figure that matters. */
    static final int LARGE_RECORD = 4096;
    /** Every queue's ring, in bytes (the slot anchors get as many slots as fit). */
    static final int RING_BYTES = 1 << 20;

    private final long smallRecords;
    private final long largeRecords;
    private final int roundTrips;
    private final int roundTripWarmup;
    private final int repetitions;
    private final boolean documented;
    private final boolean everyMirrorOnTwoThreads;
    private final RepetitionBudget rounds;
    private final JitWarmup warmup;

    AnchorsProfile(long smallRecords, long largeRecords, int roundTrips, int roundTripWarmup, int repetitions,
                   boolean documented, boolean everyMirrorOnTwoThreads, RepetitionBudget rounds, JitWarmup warmup) {
        this.rounds = rounds;
        this.warmup = warmup;
        this.everyMirrorOnTwoThreads = everyMirrorOnTwoThreads;
        this.smallRecords = smallRecords;
        this.largeRecords = largeRecords;
        this.roundTrips = roundTrips;
        this.roundTripWarmup = roundTripWarmup;
        this.repetitions = repetitions;
        this.documented = documented;
    }

    static AnchorsProfile parse(String text) {
        for (AnchorsProfile p : values()) {
            if (p.id().equals(text)) {
                return p;
            }
        }
        throw new IllegalArgumentException("unknown profile '" + text + "'; allowed: " + String.join(", ",
                Arrays.stream(values()).filter(p -> p.documented).map(AnchorsProfile::id).toList()));
    }

    String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * Whether this profile measures {@code anchor}'s two-thread figures (throughput, bandwidth,
     * round trips) beside its one-thread path; {@code mirrored} is spsc on the default mirrored
     * strategy (null when it does not run). Never for a seam-crossing spsc
     * ({@link Anchors#oneThreadOnly}). Quick also leaves them out for spsc on another mirrored
     * mapping of a fixed ring (file, shm, tmpfile, the JNA binding of memfd): the same spsc code
     * on the same shape of memory, two views of one set of pages, so their two-thread figures
     * repeat the default's, and measuring them took about 6.5 s of the quick run. Their
     * one-thread path and its claims stay, and the full profile measures every anchor.
     */
    boolean measuresTwoThreads(String anchor, String mirrored) {
        if (Anchors.oneThreadOnly(anchor)) {
            return false;
        }
        return everyMirrorOnTwoThreads || !Anchors.onAnotherFixedMirror(anchor, mirrored);
    }

    /** Records per throughput repetition for records of {@code size} bytes. */
    long records(int size) {
        return size == SMALL_RECORD ? smallRecords : largeRecords;
    }

    int roundTrips() {
        return roundTrips;
    }

    int roundTripWarmup() {
        return roundTripWarmup;
    }

    /** Repetitions per child JVM (per round). */
    int repetitions() {
        return repetitions;
    }

    /**
     * Rounds of a forked run: in each, one child JVM per anchor, one after the other in an order drawn
     * afresh each round, so the claims pair round k of every anchor; rounds are added while a claim is inconclusive.
     * An unforked run is one round.
     */
    RepetitionBudget rounds() {
        return rounds;
    }

    /** The warm-up rule of every timed loop of a child: the path, the mechanism's replay and the drains. */
    JitWarmup warmup() {
        return warmup;
    }
}
