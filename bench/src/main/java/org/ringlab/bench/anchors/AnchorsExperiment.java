package org.ringlab.bench.anchors;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import org.ringlab.api.Availability;
import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.Registries;
import org.ringlab.api.SeamPlacement;
import org.ringlab.bench.harness.Fork;
import org.ringlab.bench.harness.RepetitionBudget;
import org.ringlab.bench.harness.RoundOrder;
import org.ringlab.bench.harness.Claim;
import org.ringlab.bench.report.Experiment;
import org.ringlab.bench.report.ExperimentResult;
import org.ringlab.bench.report.Progress;
import org.ringlab.bench.report.RunContext;
import org.ringlab.bench.report.Table;
import org.ringlab.bench.util.DeclaredExperiment;
import org.ringlab.bench.util.Sizes;
import org.ringlab.bench.util.TextTable;

/**
 * The {@code anchors} experiment: ringlab's {@code spsc} on every available memory strategy
 * beside Agrona's OneToOneRingBuffer, JCTools' SpscArrayQueue and the LMAX Disruptor, in one
 * run, on the same work per record (copy in on a producer thread, copy out on a consumer
 * thread). Throughput for 64-byte and 4 KiB records, round-trip latency percentiles for
 * 64-byte records, and ringlab's goal: spsc at least 1.5× Agrona with 64-byte records.
 *
 * <p>With {@link RunContext#fork()} each anchor runs in a child JVM of its own, so the call
 * sites the anchors share stay monomorphic; without, all run here with repetitions
 * interleaved. The spsc/Agrona ratios pair the samples of the same repetition.
 */
public final class AnchorsExperiment extends DeclaredExperiment implements Experiment {

    static final String ID = "anchors";
    static final double GOAL = 1.5;
    private static final int[] SIZES = AnchorSamples.SIZES;
    private static final java.time.Duration CHILD_TIMEOUT = java.time.Duration.ofMinutes(30);

    public AnchorsExperiment() {
        super(ID, "—", "spsc on every memory strategy beside Agrona OneToOneRingBuffer, JCTools SpscArrayQueue and the "
                + "LMAX Disruptor: records/µs, GB/s, round-trip latency percentiles", Set.of());
    }

    @Override
    public ExperimentResult run(RunContext context) {
        AnchorsProfile profile = AnchorsProfile.parse(context.profile());
        List<String> skipped = new ArrayList<>();
        List<String> all = selectAnchors(context, skipped);
        Progress progress = context.progress();
        skipped.forEach(s -> progress.note("skipped " + s));
        String mirrored = mirroredAnchor(all);
        Map<String, List<AnchorSamples>> rounds = context.fork()
                ? forked(all, profile, progress, mirrored, context.seed())
                : oneRound(interleaved(all, profile, progress, mirrored, context.seed()));
        AnchorClaims judged = new AnchorClaims(rounds, mirrored);
        Map<String, AnchorSamples> samples = new LinkedHashMap<>();
        rounds.forEach((anchor, r) -> samples.put(anchor, AnchorSamples.concat(r)));
        List<String> twoThreads = all.stream().filter(a -> profile.measuresTwoThreads(a, mirrored)).toList();
        AnchorTables figures = new AnchorTables(samples, all, twoThreads, forkIndices(rounds.values().iterator().next()));

        List<Claim> claims = judged.all();
        List<Table> tables = new ArrayList<>(List.of(figures.throughputTable(), figures.latencyTable(profile),
                figures.pathTable()));
        if (mirrored != null) {
            tables.add(StrategyTable.of(judged, all));
            tables.add(StrategyTable.drain(judged, claims));
        }
        for (Table table : tables) {
            context.out().println(table.title());
            context.out().print(TextTable.render(table.headers(), table.rows(), 1, false));
            context.out().println();
        }
        context.out().flush();
        return new ExperimentResult(ID, seed(), "Anchors: spsc beside Agrona, JCTools and the Disruptor",
                profile.id(), figures.measurements(ID, mirrored), tables, figures.charts(), claims,
                notes(profile, context.fork(), rounds.values().iterator().next().size(),
                        all.stream().filter(a -> !twoThreads.contains(a) && !Anchors.oneThreadOnly(a)).toList()),
                skipped);
    }

    /**
     * Repetition {@code round}'s order of {@code anchors} under {@code scope}: a seeded shuffle
     * drawn afresh and recorded ({@link RoundOrder}); a warm-up ({@code round < 0}) runs them as listed.
     */
    private static List<String> order(long seed, String scope, int round, List<String> anchors) {
        return round < 0 ? anchors : RoundOrder.shuffled(seed, scope, round, anchors, a -> a);
    }

    /**
     * In this JVM, repetitions interleaved: warm-up then repetition k of every anchor, in an
     * order drawn afresh, before repetition k + 1 of any, so a noisy neighbour slows all anchors
     * of a round, not one anchor's every sample. The anchors share call sites here (see the notes).
     */
    private static Map<String, AnchorSamples> interleaved(List<String> anchors, AnchorsProfile profile,
                                                          Progress progress, String mirrored, long seed) {
        int reps = profile.repetitions();
        progress.plan(2 * SIZES.length * anchors.size() * (reps + 1) + anchors.size() * reps);
        Map<String, AnchorSamples> samples = new LinkedHashMap<>();
        anchors.forEach(a -> samples.put(a, AnchorSamples.empty(reps)));
        Map<String, Anchors.Resolved> resolved = new LinkedHashMap<>();
        anchors.forEach(a -> resolved.put(a, Anchors.resolve(a))); // once: every queue opens from it
        List<String> shared = anchors.stream().filter(a -> profile.measuresTwoThreads(a, mirrored)).toList();
        anchors.stream().filter(a -> !shared.contains(a)).forEach(a -> samples.get(a).leaveTwoThreadFiguresOut());
        for (int i = 0; i < SIZES.length; i++) {
            int size = i;
            repeat(seed, "anchors throughput " + Sizes.format(SIZES[i]), -1, reps, shared, progress,
                    Sizes.format(SIZES[i]), (a, r) -> samples.get(a).measureThroughput(resolved.get(a), size, r, profile));
        }
        repeat(seed, "anchors round trip", 0, reps, shared, progress,
                "round trip × " + Sizes.format(AnchorsProfile.SMALL_RECORD),
                (a, r) -> samples.get(a).measureLatency(resolved.get(a), r, profile));
        for (int i = 0; i < SIZES.length; i++) {
            int size = i;
            repeat(seed, "anchors one-thread path " + Sizes.format(SIZES[i]), -1, reps, anchors, progress,
                    "one-thread path × " + Sizes.format(SIZES[i]),
                    (a, r) -> samples.get(a).measurePath(resolved.get(a), size, r, profile));
        }
        for (String anchor : anchors) {
            if (AnchorSamples.measuresDrain(anchor)) {
                samples.get(anchor).measureDrain(anchor, profile, AnchorSamples.DrainOrders.draw(seed, anchor, 0, reps));
            }
        }
        return samples;
    }

    /**
     * Repetitions {@code from} (−1: a warm-up first) to {@code reps − 1}, each running
     * {@code anchors} in the order drawn for it under {@code scope}, every one a progress step.
     */
    private static void repeat(long seed, String scope, int from, int reps, List<String> anchors, Progress progress,
                               String what, java.util.function.BiConsumer<String, Integer> measure) {
        for (int round = from; round < reps; round++) {
            for (String anchor : order(seed, scope, round, anchors)) {
                progress.step(anchor + " × " + what + " × "
                        + (round < 0 ? "warm-up" : "repetition " + (round + 1) + "/" + reps));
                measure.accept(anchor, round);
            }
        }
    }

    /**
     * Rounds of child JVMs ({@link AnchorsChild}): in each round one per anchor, one after the
     * other in a seeded order drawn afresh ({@link RoundOrder}, recorded in results.json), so
     * round k of every anchor ran at about the same time and none always runs last; after the
     * profile's minimum, another round while a claim is inconclusive and the budget allows.
     */
    private static Map<String, List<AnchorSamples>> forked(List<String> anchors, AnchorsProfile profile,
                                                           Progress progress, String mirrored, long seed) {
        RepetitionBudget budget = profile.rounds();
        progress.plan(anchors.size() * budget.minRounds());
        Map<String, List<AnchorSamples>> rounds = new LinkedHashMap<>();
        anchors.forEach(a -> rounds.put(a, new ArrayList<>()));
        long start = System.nanoTime();
        int done = 0;
        boolean decisive = false;
        while (budget.allowsAnother(done, (System.nanoTime() - start) / 1e9, decisive)) {
            if (done >= budget.minRounds()) {
                progress.note("anchors: round " + (done + 1) + " of at most " + budget.maxRounds()
                        + ", a claim is still inconclusive");
                progress.plan(anchors.size());
            }
            for (String anchor : order(seed, "anchors", done, anchors)) {
                boolean twoThreads = profile.measuresTwoThreads(anchor, mirrored);
                progress.step(anchor + " (child JVM, round " + (done + 1) + ": " + (twoThreads
                        ? Sizes.format(AnchorsProfile.SMALL_RECORD) + " and " + Sizes.format(AnchorsProfile.LARGE_RECORD)
                        + " throughput, round trips, " : "") + "one-thread path and mechanism"
                        + (AnchorSamples.measuresDrain(anchor) ? ", drain(32) vs drain(1)" : "") + ")");
                rounds.get(anchor).add(child(new AnchorsChild(profile.id(), anchor, twoThreads,
                        AnchorSamples.measuresDrain(anchor) ? AnchorSamples.DrainOrders.draw(seed, anchor, done,
                                profile.repetitions()) : null), profile, progress));
            }
            done++;
            decisive = new AnchorClaims(rounds, mirrored).all().stream().noneMatch(
                    c -> c.verdict() == Claim.Verdict.INCONCLUSIVE);
        }
        return rounds;
    }

    private static AnchorSamples child(AnchorsChild task, AnchorsProfile profile, Progress progress) {
        AnchorSamples s = Fork.run(task, CHILD_TIMEOUT, line -> progress.note("(child) " + line));
        checkShape(s, profile.repetitions(), task.anchor());
        return s;
    }

    private static Map<String, List<AnchorSamples>> oneRound(Map<String, AnchorSamples> samples) {
        Map<String, List<AnchorSamples>> rounds = new LinkedHashMap<>();
        samples.forEach((a, s) -> rounds.put(a, List.of(s)));
        return rounds;
    }

    /** Per repetition of the concatenated rounds, the round (fork) it came from. */
    static int[] forkIndices(List<AnchorSamples> rounds) {
        return java.util.stream.IntStream.range(0, rounds.size())
                .flatMap(r -> java.util.stream.IntStream.generate(() -> r).limit(rounds.get(r).path()[0].length))
                .toArray();
    }

    /** spsc on the default mirrored strategy when it runs, else null (the comparisons are then not measured). */
    static String mirroredAnchor(List<String> anchors) {
        return Registries.defaultMirrored().chosen().map(m -> Anchors.spscOn(m.name())).filter(anchors::contains)
                .orElse(null);
    }

    /** A child's record has one row per size (or latency column) and one value per repetition. */
    static void checkShape(AnchorSamples s, int reps, String anchor) {
        AnchorSamples want = AnchorSamples.empty(reps);
        for (java.util.function.Function<AnchorSamples, double[][]> t : AnchorSamples.TABLES) {
            double[][] got = t.apply(s);
            if (got == null || got.length != t.apply(want).length
                    || java.util.Arrays.stream(got).anyMatch(row -> row == null || row.length != reps)) {
                throw new IllegalStateException(anchor + ": the child sent " + s + ", expected " + t.apply(want).length
                        + " rows of " + reps + " values");
            }
        }
    }

    /** The third-party anchors, then spsc on every strategy that passes the filters and is available. */
    private static List<String> selectAnchors(RunContext context, List<String> skipped) {
        List<String> anchors = new ArrayList<>(Anchors.THIRD_PARTY);
        if (!context.wantsDiscipline(Anchors.SPSC)) {
            skipped.add("spsc: not in the discipline filter " + context.disciplines());
            return anchors;
        }
        Set<String> unknown = new TreeSet<>(context.strategies());
        List<String> crossing = new ArrayList<>();
        for (MemoryStrategy strategy : Registries.memoryStrategies().all()) {
            unknown.remove(strategy.name());
            if (!context.wantsStrategy(strategy.name())) {
                continue;
            }
            Availability availability = Anchors.spscAvailability(strategy, AnchorsProfile.RING_BYTES);
            if (availability.isAvailable()) {
                anchors.add(Anchors.spscOn(strategy.name()));
                if (Anchors.seamCopies(strategy)) {
                    crossing.add(Anchors.spscOn(strategy.name(), SeamPlacement.CROSS));
                }
            } else {
                skipped.add(Anchors.spscOn(strategy.name()) + ": " + availability.reason());
            }
        }
        anchors.addAll(crossing); // one thread only: after every anchor the two-thread tables show
        for (String name : unknown) {
            skipped.add("strategy filter '" + name + "': not a memory strategy (known: "
                    + Registries.memoryStrategies().names() + ")");
        }
        return anchors;
    }

    /** {@code oneThreadHere}: anchors whose two-thread figures this profile leaves out ({@link AnchorsProfile#measuresTwoThreads}). */
    private static List<String> notes(AnchorsProfile profile, boolean fork, int rounds, List<String> oneThreadHere) {
        String small = Long.toString(profile.records(AnchorsProfile.SMALL_RECORD));
        String large = Long.toString(profile.records(AnchorsProfile.LARGE_RECORD));
        List<String> notes = new ArrayList<>(List.of(
                prose("work", "spins", AnchorDriver.SPINS_BEFORE_YIELD, "placement",
                        org.ringlab.bench.util.TwoCpus.placement(), "ring", Sizes.format(AnchorsProfile.RING_BYTES)),
                prose("spsc"), prose("jctools"), prose("disruptor"),
                prose("throughput", "small", small, "large", large), prose("path", "small", small, "large", large),
                prose("goal"), prose("latency", "roundTrips", profile.roundTrips(), "warmup", profile.roundTripWarmup()),
                fork ? prose("forked", "rounds", rounds, "repetitions", profile.repetitions()) : prose("not-forked"),
                prose("mechanism", "beyond", (int) AnchorClaims.BEYOND_MECHANISM_NS),
                prose("drain", "fill", DrainRuns.FILL), prose("seed")));
        RepetitionBudget budget = profile.rounds();
        if (fork && budget.maxRounds() > budget.minRounds()) {
            notes.add(prose("adds-rounds", "maxRounds", budget.maxRounds(), "seconds", (int) budget.seconds()));
        }
        if (!oneThreadHere.isEmpty()) {
            notes.add(prose("one-thread-here", "profile", profile.id(), "anchors", String.join(", ", oneThreadHere)));
        }
        return notes;
    }

    private static String prose(String section, Object... keyValues) {
        return org.ringlab.bench.report.Prose.of(AnchorsExperiment.class, "notes.md", section, keyValues);
    }
}
