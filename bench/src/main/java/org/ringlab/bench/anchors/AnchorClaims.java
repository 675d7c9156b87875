package org.ringlab.bench.anchors;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

import org.ringlab.api.SeamPlacement;
import org.ringlab.bench.harness.Estimate;
import org.ringlab.bench.harness.RatioClaim;
import org.ringlab.bench.harness.RoundPool;
import org.ringlab.bench.harness.Claim;
import org.ringlab.bench.util.Stats;

/**
 * ringlab's own goals against its peers and each strategy's mechanism, judged from intervals:
 * every figure comes as one group of repetitions per forked JVM (round), the compared anchors' rounds interleaved (A B A B), and every ratio's
 * interval is a t interval over those rounds with round variances pooled by kind of ratio
 * ({@link RoundPool}), judged by {@link RatioClaim} (met, missed,
 * or inconclusive with the interval). Pure: the same samples give the same claims.
 *
 * @param samples  anchor → its samples, one {@link AnchorSamples} per round, in round order
 * @param mirrored the anchor every strategy is compared with: spsc on the default mirrored strategy
 */
record AnchorClaims(Map<String, List<AnchorSamples>> samples, String mirrored) {

    /** Doubled: one extra copy of the frame, so at most this much slower than mirrored. */
    static final double DOUBLED_AT_MOST = 1.25;
    /** Split and linearize with records padded to the next lap: nearly mirrored. */
    static final double PADDED_AT_MOST = 1.15;
    /** A strategy's extra cost over mirrored may exceed its mechanism's cost by at most this. */
    static final double BEYOND_MECHANISM_NS = 3;
    static final double TWO_THREADS_OVER_AGRONA = 1.5;
    static final double DRAIN_ONE_THREAD = 1.5;
    static final int SMALL = 0; // size index of the 64-byte record

    AnchorClaims {
        samples = new LinkedHashMap<>(samples);
    }

    /** Per round, one repetition array of {@code figure} of {@code anchor}. */
    List<double[]> groups(String anchor, Function<AnchorSamples, double[]> figure) {
        return samples.get(anchor).stream().map(figure).toList();
    }

    static Function<AnchorSamples, double[]> path(int sizeIndex) {
        return s -> s.path()[sizeIndex];
    }

    static Function<AnchorSamples, double[]> mechanism(int sizeIndex) {
        return s -> s.mechanism()[sizeIndex];
    }

    /** Per repetition, the path with the mechanism's time taken out: what the queue costs on this memory. */
    static Function<AnchorSamples, double[]> pathLessMechanism(int sizeIndex) {
        return s -> java.util.stream.IntStream.range(0, s.path()[sizeIndex].length)
                .mapToDouble(i -> s.path()[sizeIndex][i] - s.mechanism()[sizeIndex][i]).toArray();
    }

    boolean has(String anchor) {
        return samples.containsKey(anchor);
    }

    /**
     * Every interval the claims and the strategy table show, made together so that they share the
     * pooled round variances ({@link RoundPool}): one pool per size for the one-thread path over
     * mirrored's (with, at 64 bytes, spsc against JCTools and drain(1) against drain(32) on one
     * thread, one-thread ratios too), one per size for the path less the mechanism over mirrored's,
     * and one for the two-thread ratios (their rounds vary far more).
     */
    Intervals intervals() {
        return RoundPool.judge(this::intervals);
    }

    private Intervals intervals(RoundPool pool) {
        Map<String, Estimate> byKey = new LinkedHashMap<>();
        if (has(mirrored)) {
            for (int i = 0; i < AnchorSamples.SIZES.length; i++) {
                for (String anchor : samples.keySet()) {
                    if (Anchors.strategyOf(anchor) == null || anchor.equals(mirrored)) {
                        continue;
                    }
                    byKey.put(overKey(anchor, i), pool.paired(ONE_THREAD + i, groups(anchor, path(i)),
                            groups(mirrored, path(i))));
                    byKey.put(beyondKey(anchor, i), pool.paired(BEYOND + i, groups(anchor, pathLessMechanism(i)),
                            groups(mirrored, path(i))));
                }
            }
            String jctools = JctoolsSpscArrayAnchor.NAME;
            if (has(jctools)) {
                byKey.put(jctools, pool.paired(ONE_THREAD + SMALL, groups(mirrored, path(SMALL)),
                        groups(jctools, path(SMALL))));
            }
            if (has(Anchors.AGRONA)) {
                Function<AnchorSamples, double[]> rate = s -> s.rate()[SMALL];
                byKey.put(Anchors.AGRONA, pool.paired(TWO_THREADS, groups(mirrored, rate), groups(Anchors.AGRONA, rate)));
            }
            // drain(1) over drain(32) in ns on one thread (columns 0, 1); drain(32) over drain(1) in records/µs on two (3, 2).
            if (!samples.get(mirrored).stream().allMatch(s -> Double.isNaN(s.drain()[0][0]))) {
                byKey.put(DRAIN + 0, pool.paired(ONE_THREAD + SMALL, groups(mirrored, s -> s.drain()[0]),
                        groups(mirrored, s -> s.drain()[1])));
            }
            if (!samples.get(mirrored).stream().allMatch(s -> Double.isNaN(s.drain()[3][0]))) {
                byKey.put(DRAIN + 1, pool.paired(TWO_THREADS, groups(mirrored, s -> s.drain()[3]),
                        groups(mirrored, s -> s.drain()[2])));
            }
        }
        return new Intervals(byKey);
    }

    private static final String ONE_THREAD = "one-thread path over mirrored's, size ";
    private static final String BEYOND = "path less mechanism over mirrored's, size ";
    private static final String TWO_THREADS = "two threads";
    private static final String DRAIN = "drain, threads ";

    private static String overKey(String anchor, int sizeIndex) {
        return "over " + anchor + " " + sizeIndex;
    }

    private static String beyondKey(String anchor, int sizeIndex) {
        return "beyond " + anchor + " " + sizeIndex;
    }

    /** The pooled intervals of one set of samples, by what they compare. */
    record Intervals(Map<String, Estimate> byKey) {

        private Estimate get(String key) {
            return byKey.getOrDefault(key, Estimate.NONE);
        }

        /** {@code anchor}'s one-thread path over mirrored's, paired by round. */
        Estimate overMirrored(String anchor, int sizeIndex) {
            return get(overKey(anchor, sizeIndex));
        }

        /** The path of {@code anchor} less its mechanism, over mirrored's path, paired by round. */
        Estimate lessMechanismOverMirrored(String anchor, int sizeIndex) {
            return get(beyondKey(anchor, sizeIndex));
        }
    }

    /** Median of every repetition of {@code figure} over all rounds. */
    double median(String anchor, Function<AnchorSamples, double[]> figure) {
        return Stats.of(groups(anchor, figure).stream().flatMapToDouble(java.util.Arrays::stream)
                .filter(Double::isFinite).toArray()).median();
    }

    /** Every claim, in report order. */
    List<Claim> all() {
        Intervals in = intervals();
        List<Claim> claims = new ArrayList<>();
        claims.add(Claim.goal("spsc-over-agrona-two-threads", twoThreadsOverAgrona(in)));
        claims.add(Claim.goal("spsc-vs-jctools-one-thread", oneThreadAgainstJctools(in)));
        for (String anchor : samples.keySet()) {
            String strategy = Anchors.strategyOf(anchor);
            if (strategy == null || anchor.equals(mirrored)) {
                continue;
            }
            RatioClaim bound = ratioBound(anchor);
            if (bound != null) {
                claims.add(Claim.goal("path-over-mirrored." + anchor, has(mirrored)
                        ? bound.judge(in.overMirrored(anchor, SMALL), String.format(Locale.ROOT,
                        "%s %.1f ns, %s %.1f ns CPU per record", anchor, median(anchor, path(SMALL)), mirrored,
                        median(mirrored, path(SMALL)))) : bound.notMeasured(mirrored + " did not run")));
            }
            claims.add(Claim.goal("beyond-mechanism." + anchor, beyondMechanism(in, anchor)));
        }
        claims.add(Claim.goal("drain-batch-one-thread", drainOneThread(in)));
        claims.add(Claim.goal("drain-batch-two-threads", drainTwoThreads(in)));
        return claims;
    }

    /** ringlab's per-strategy ratio goal for an spsc anchor, or null where it names none (cross: the mechanism claim only). */
    static RatioClaim ratioBound(String anchor) {
        String base = Anchors.strategyOf(anchor);
        boolean crossing = Anchors.seamOf(anchor) == SeamPlacement.CROSS;
        if (base.equals("doubled")) {
            return RatioClaim.atMost(String.format(Locale.ROOT, "%s costs at most %.2f× spsc@mirrored per 64-byte "
                    + "record on one thread (one extra copy of the frame)", anchor, DOUBLED_AT_MOST),
                    "≤ " + DOUBLED_AT_MOST + "× (target)", DOUBLED_AT_MOST);
        }
        if ((base.equals("split") || base.equals("linearize")) && !crossing) {
            return RatioClaim.atMost(String.format(Locale.ROOT, "%s, records padded to the next lap, costs at most "
                    + "%.2f× spsc@mirrored per 64-byte record on one thread", anchor, PADDED_AT_MOST),
                    "≤ " + PADDED_AT_MOST + "× (target)", PADDED_AT_MOST);
        }
        return null;
    }

    /**
     * "The extra cost is the mechanism": {@code anchor}'s path with its mechanism's time taken
     * out (per repetition, measured back to back in the same JVM) over mirrored's path, judged
     * against 1 + 3 ns / mirrored's median, i.e. at most 3 ns per record above what the memory
     * has to do. The ratio interval is also printed in ns (× mirrored's median).
     */
    Claim beyondMechanism(Intervals in, String anchor) {
        String text = String.format(Locale.ROOT, "%s's extra one-thread cost over spsc@mirrored is within %.0f ns of "
                + "its mechanism's cost, 64-byte records", anchor, BEYOND_MECHANISM_NS);
        if (!has(mirrored)) {
            return RatioClaim.atMost(text, "≤ +3 ns (target)", 1).notMeasured(mirrored + " did not run");
        }
        double base = median(mirrored, path(SMALL));
        RatioClaim claim = RatioClaim.atMost(text, "≤ +3 ns (target)", 1 + BEYOND_MECHANISM_NS / base);
        Estimate e = in.lessMechanismOverMirrored(anchor, SMALL);
        double extra = median(anchor, path(SMALL)) - base;
        double mechanism = median(anchor, mechanism(SMALL));
        double bytes = median(anchor, s -> s.mechanismBytes()[SMALL]);
        return claim.judge(e, String.format(Locale.ROOT, "extra %+.1f ns, mechanism %.1f ns (%.2f B/record); "
                        + "beyond the mechanism %+.1f ns [%+.1f, %+.1f] (threshold %.3f× = +%.0f ns on mirrored's %.1f ns)",
                extra, mechanism, bytes, (e.ratio() - 1) * base, (e.low() - 1) * base, (e.high() - 1) * base,
                claim.threshold(), BEYOND_MECHANISM_NS, base));
    }

    Claim twoThreadsOverAgrona(Intervals in) {
        RatioClaim claim = RatioClaim.atLeast(String.format(Locale.ROOT, "spsc on the default mirrored strategy moves "
                + "at least %.1f× the 64-byte records/µs of Agrona's OneToOneRingBuffer, two threads",
                TWO_THREADS_OVER_AGRONA), "≥ 1.5× (goal)", TWO_THREADS_OVER_AGRONA);
        if (!has(mirrored) || !has(Anchors.AGRONA)) {
            return claim.notMeasured((has(mirrored) ? Anchors.AGRONA : "spsc on the default mirrored strategy")
                    + " did not run");
        }
        Function<AnchorSamples, double[]> rate = s -> s.rate()[SMALL];
        return claim.judge(in.get(Anchors.AGRONA), String.format(
                Locale.ROOT, "%s %.2f, %s %.2f records/µs", mirrored, median(mirrored, rate), Anchors.AGRONA,
                median(Anchors.AGRONA, rate)));
    }

    Claim oneThreadAgainstJctools(Intervals in) {
        RatioClaim claim = RatioClaim.atMost("spsc on the default mirrored strategy costs no more CPU per 64-byte "
                + "record than JCTools' SpscArrayQueue, one thread", "≤ 1× (target)", 1.0);
        String jctools = JctoolsSpscArrayAnchor.NAME;
        if (!has(mirrored) || !has(jctools)) {
            return claim.notMeasured((has(mirrored) ? jctools : "spsc on the default mirrored strategy") + " did not run");
        }
        return claim.judge(in.get(jctools),
                String.format(Locale.ROOT, "%s %.1f ns, %s %.1f ns CPU per record", mirrored,
                        median(mirrored, path(SMALL)), jctools, median(jctools, path(SMALL))));
    }

    Claim drainOneThread(Intervals in) {
        RatioClaim claim = RatioClaim.atLeast(String.format(Locale.ROOT, "drain(32) is at least %.1f× as fast as "
                + "drain(1) per record on one thread (the consumer's CPU, draining a filled ring), spsc on the default "
                + "mirrored strategy (the mechanism behind seed 001's batching, beside the peers)",
                DRAIN_ONE_THREAD), "≥ 1.5× (goal)", DRAIN_ONE_THREAD);
        return drain(in, claim, 0, 1, "ns CPU per record", true);
    }

    Claim drainTwoThreads(Intervals in) {
        RatioClaim claim = RatioClaim.atLeast("drain(32) is not slower than drain(1) with a producer and a consumer "
                + "thread, spsc on the default mirrored strategy", "≥ 1× (target)", 1.0);
        return drain(in, claim, 3, 2, "records/µs", false);
    }

    /** Column {@code num} over column {@code den} of the drain figures (ns: drain(1) over drain(32), the speed-up). */
    private Claim drain(Intervals in, RatioClaim claim, int num, int den, String unit, boolean nanos) {
        if (!has(mirrored) || samples.get(mirrored).stream().allMatch(s -> Double.isNaN(s.drain()[num][0]))) {
            return claim.notMeasured("spsc on the default mirrored strategy did not run");
        }
        int one = nanos ? num : den;
        int batch = nanos ? den : num;
        return claim.judge(in.get(DRAIN + (nanos ? 0 : 1)), String.format(Locale.ROOT,
                "drain(1) %.2f, drain(32) %.2f %s", median(mirrored, s -> s.drain()[one]),
                median(mirrored, s -> s.drain()[batch]), unit));
    }
}
