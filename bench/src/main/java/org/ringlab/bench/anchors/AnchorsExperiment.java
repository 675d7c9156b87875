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
import org.ringlab.bench.report.Measurement;
import org.ringlab.bench.report.Progress;
import org.ringlab.bench.report.RunContext;
import org.ringlab.bench.report.Table;
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
public final class AnchorsExperiment implements Experiment {

    static final String ID = "anchors";
    static final double GOAL = 1.5;
    private static final List<String> LATENCY_COLUMNS = AnchorSamples.LATENCY_COLUMNS;
    private static final int[] SIZES = AnchorSamples.SIZES;
    private static final java.time.Duration CHILD_TIMEOUT = java.time.Duration.ofMinutes(30);

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String seed() {
        return "—";
    }

    @Override
    public String description() {
        return "spsc on every memory strategy beside Agrona OneToOneRingBuffer, JCTools SpscArrayQueue and the "
                + "LMAX Disruptor: records/µs, GB/s, round-trip latency percentiles";
    }

    @Override
    public ExperimentResult run(RunContext context) {
        AnchorsProfile profile = AnchorsProfile.parse(context.profile());
        List<String> skipped = new ArrayList<>();
        List<String> anchors = selectAnchors(context, skipped);
        Progress progress = context.progress();
        for (String s : skipped) {
            progress.note("skipped " + s);
        }
        String mirrored = mirroredAnchor(anchors);
        Map<String, List<AnchorSamples>> rounds = context.fork()
                ? forked(anchors, profile, progress, mirrored, context.seed())
                : oneRound(interleaved(anchors, profile, progress, mirrored, context.seed()));
        AnchorClaims judged = new AnchorClaims(rounds, mirrored);
        Map<String, AnchorSamples> samples = new LinkedHashMap<>();
        rounds.forEach((anchor, r) -> samples.put(anchor, AnchorSamples.concat(r)));
        int[] forks = forkIndices(rounds.values().iterator().next());
        int reps = forks.length;

        List<Measurement> measurements = new ArrayList<>();
        List<String> all = anchors;
        anchors = anchors.stream().filter(a -> profile.measuresTwoThreads(a, mirrored)).toList(); // the two-thread figures
        List<String> twoThreadAnchors = anchors;
        // size -> anchor -> per-repetition figures
        Map<Integer, Map<String, double[]>> rate = new LinkedHashMap<>();
        Map<Integer, Map<String, double[]>> bandwidth = new LinkedHashMap<>();
        for (int i = 0; i < SIZES.length; i++) {
            int size = SIZES[i];
            Map<String, double[]> r = new LinkedHashMap<>();
            Map<String, double[]> g = new LinkedHashMap<>();
            for (String anchor : anchors) {
                r.put(anchor, samples.get(anchor).rate()[i]);
                g.put(anchor, samples.get(anchor).bandwidth()[i]);
                measurements.add(new Measurement(ID, labels(anchor, size), "throughput", "records/us", true, false,
                        r.get(anchor), forks));
                measurements.add(new Measurement(ID, labels(anchor, size), "bandwidth", "GB/s", true, false,
                        g.get(anchor), forks));
            }
            rate.put(size, r);
            bandwidth.put(size, g);
        }
        // size -> anchor -> per-repetition CPU ns per record on one thread
        Map<Integer, Map<String, double[]>> path = new LinkedHashMap<>();
        for (int i = 0; i < SIZES.length; i++) {
            Map<String, double[]> p = new LinkedHashMap<>();
            for (String anchor : all) {
                p.put(anchor, samples.get(anchor).path()[i]);
                measurements.add(new Measurement(ID, labels(anchor, SIZES[i]), "one-thread path", "ns CPU/record",
                        false, false, p.get(anchor), forks));
                AnchorSamples a = samples.get(anchor);
                if (Anchors.strategyOf(anchor) != null) {
                    measurements.add(new Measurement(ID, labels(anchor, SIZES[i]), "mechanism", "ns CPU/record",
                            false, false, a.mechanism()[i], forks));
                    measurements.add(new Measurement(ID, labels(anchor, SIZES[i]), "mechanism bytes", "bytes/record",
                            false, true, a.mechanismBytes()[i], forks));
                }
            }
            path.put(SIZES[i], p);
        }
        // anchor -> column (p50 … max) -> per-repetition nanoseconds
        Map<String, double[][]> latency = new LinkedHashMap<>();
        for (String anchor : anchors) {
            double[][] columns = samples.get(anchor).latency();
            latency.put(anchor, columns);
            for (int c = 0; c < LATENCY_COLUMNS.size(); c++) {
                measurements.add(new Measurement(ID, labels(anchor, AnchorsProfile.SMALL_RECORD),
                        "round trip " + LATENCY_COLUMNS.get(c), "ns", false, false, columns[c], forks));
            }
        }

        // spsc over Agrona, paired by round.
        Map<Integer, Map<String, double[]>> ratios = new LinkedHashMap<>();
        for (int s : SIZES) {
            Map<String, double[]> bySpsc = new LinkedHashMap<>();
            double[] agrona = rate.get(s).get(Anchors.AGRONA);
            if (agrona != null) {
                for (String anchor : anchors) {
                    if (Anchors.strategyOf(anchor) != null) {
                        double[] spsc = rate.get(s).get(anchor);
                        double[] ratio = new double[reps];
                        for (int i = 0; i < reps; i++) {
                            ratio[i] = spsc[i] / agrona[i];
                        }
                        bySpsc.put(anchor, ratio);
                        Map<String, String> labels = labels(anchor, s);
                        labels.put("baseline", Anchors.AGRONA);
                        measurements.add(new Measurement(ID, labels, "throughput ratio", "x", true, false, ratio, forks));
                    }
                }
            }
            ratios.put(s, bySpsc);
        }

        if (mirrored != null && AnchorSamples.measuresDrain(mirrored)) {
            AnchorSamples d = samples.get(mirrored);
            for (int c = 0; c < AnchorSamples.DRAIN_COLUMNS.size(); c++) {
                boolean oneThread = c < DrainRuns.BATCHES.length;
                measurements.add(new Measurement(ID, labels(mirrored, AnchorsProfile.SMALL_RECORD),
                        AnchorSamples.DRAIN_COLUMNS.get(c), oneThread ? "ns CPU/record" : "records/us", !oneThread,
                        false, d.drain()[c], forks));
            }
        }

        List<Claim> claims = judged.all();
        List<Table> tables = new ArrayList<>(List.of(AnchorTables.throughputTable(anchors, rate, bandwidth, ratios, reps),
                AnchorTables.latencyTable(anchors, latency, reps, profile), AnchorTables.pathTable(all, path, reps)));
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
                profile.id(), measurements, tables, AnchorTables.charts(anchors, rate, bandwidth, latency, forks), claims,
                notes(profile, context.fork(), rounds.values().iterator().next().size(),
                        all.stream().filter(a -> !twoThreadAnchors.contains(a) && !Anchors.oneThreadOnly(a)).toList()),
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
            for (int round = -1; round < reps; round++) {
                for (String anchor : order(seed, "anchors throughput " + Sizes.format(SIZES[i]), round, shared)) {
                    progress.step(anchor + " × " + Sizes.format(SIZES[i]) + " × "
                            + (round < 0 ? "warm-up" : "repetition " + (round + 1) + "/" + reps));
                    samples.get(anchor).measureThroughput(resolved.get(anchor), i, round, profile);
                }
            }
        }
        for (int round = 0; round < reps; round++) {
            for (String anchor : order(seed, "anchors round trip", round, shared)) {
                progress.step(anchor + " × round trip × " + Sizes.format(AnchorsProfile.SMALL_RECORD)
                        + " × repetition " + (round + 1) + "/" + reps);
                samples.get(anchor).measureLatency(resolved.get(anchor), round, profile);
            }
        }
        for (int i = 0; i < SIZES.length; i++) {
            for (int round = -1; round < reps; round++) {
                for (String anchor : order(seed, "anchors one-thread path " + Sizes.format(SIZES[i]), round, anchors)) {
                    progress.step(anchor + " × one-thread path × " + Sizes.format(SIZES[i]) + " × "
                            + (round < 0 ? "warm-up" : "repetition " + (round + 1) + "/" + reps));
                    samples.get(anchor).measurePath(resolved.get(anchor), i, round, profile);
                }
            }
        }
        for (String anchor : anchors) {
            if (AnchorSamples.measuresDrain(anchor)) {
                samples.get(anchor).measureDrain(anchor, profile, AnchorSamples.DrainOrders.draw(seed, anchor, 0, reps));
            }
        }
        return samples;
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
        AnchorSamples expected = AnchorSamples.empty(reps);
        double[][][] got = {s.rate(), s.bandwidth(), s.latency(), s.path(), s.mechanism(), s.mechanismBytes(), s.drain()};
        double[][][] want = {expected.rate(), expected.bandwidth(), expected.latency(), expected.path(),
            expected.mechanism(), expected.mechanismBytes(), expected.drain()};
        for (int k = 0; k < got.length; k++) {
            if (got[k] == null || got[k].length != want[k].length) {
                throw new IllegalStateException(anchor + ": the child sent " + s + ", expected " + want[k].length
                        + " rows of " + reps + " values");
            }
            for (double[] row : got[k]) {
                if (row == null || row.length != reps) {
                    throw new IllegalStateException(anchor + ": the child sent " + s + ", expected rows of " + reps
                            + " values");
                }
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

    private static Map<String, String> labels(String anchor, int size) {
        Map<String, String> labels = new LinkedHashMap<>();
        labels.put("anchor", anchor);
        labels.put("size", size + " B");
        return labels;
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
