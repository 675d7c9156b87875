package org.ringlab.bench.broadcast;

import static org.ringlab.bench.broadcast.BroadcastExperiment.BROADCAST;
import static org.ringlab.bench.broadcast.BroadcastExperiment.COPY;
import static org.ringlab.bench.broadcast.BroadcastExperiment.flat;
import static org.ringlab.bench.broadcast.BroadcastExperiment.prose;
import static org.ringlab.bench.util.Cells.median;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import org.ringlab.bench.catalogue.SeedCatalogue;
import org.ringlab.bench.catalogue.SeedResult;
import org.ringlab.bench.harness.Estimate;
import org.ringlab.bench.harness.RoundPool;
import org.ringlab.bench.harness.Claim;
import org.ringlab.bench.util.Sizes;

/**
 * Seed 003's catalogue judged on what the broadcast experiment measured: every measurable entry
 * gets a claim, judged on its metric's figure or not measured with the reason. The figures and
 * bands come from the catalogue; this class only knows which measurement is which metric.
 */
final class BroadcastClaims {

    static final String SEED = "003";
    /** The best packet size's pipe GB/s (framed packets from a child JVM through the hub). */
    static final String PIPE_GBPS = "broadcast.pipe-gbps";
    /** A packet's round trip through a child that echoes it, under load. */
    static final String PING_RTT = "broadcast.ping-rtt";
    /** A vmsplice zero-copy pipe's GB/s over the framed-packet path's. */
    static final String ZERO_COPY = "broadcast.zero-copy-over-pipe";
    /** broadcast / copy-per-consumer GB/s at 1 producer × 1 consumer, as a gain in per cent. */
    static final String GAIN_ONE = "broadcast.gain-1-to-1";
    /** broadcast / copy-per-consumer GB/s at the most consumers. */
    static final String GAIN_N = "broadcast.gain-1-to-n";
    /** Copies per record of broadcast (the producer's assembly included). */
    static final String BROADCAST_COPIES = "broadcast.broadcast-copies-per-record";
    /** Copies per record of copy-per-consumer at one consumer. */
    static final String BASELINE_COPIES = "broadcast.baseline-copies-per-record";
    /** (baseline copies − broadcast copies) / N per record. */
    static final String MEMCPY_SAVED = "broadcast.memcpy-layers-saved";

    static final Set<String> METRICS = Set.of(PIPE_GBPS, PING_RTT, ZERO_COPY, GAIN_ONE, GAIN_N, BROADCAST_COPIES,
            BASELINE_COPIES, MEMCPY_SAVED);

    /** Not measured by any run of this experiment yet: the reason the report prints. */
    static final Map<String, String> NOT_BUILT = Map.of(
            PING_RTT, "ringlab has no echo path between processes yet: the pipe run is one-way",
            ZERO_COPY, "ringlab has no vmsplice pipe path yet: the pipe run copies through user space");

    /** Kinds of figure whose round variances pool ({@link RoundPool}). */
    static final String RATIO_POOL = "broadcast / copy GB/s ratios";
    static final String PIPE_POOL = "pipe GB/s";

    private BroadcastClaims() {
    }

    static SeedCatalogue catalogue() {
        return SeedCatalogue.load(SEED);
    }

    /**
     * The pipe's figures: per packet size (in the profile's order), its GB/s, a group per fork.
     *
     * @param packets the packet sizes
     * @param gbps    per packet size, GB/s a group per fork
     * @param best    the index of the packet size with the highest median, the one judged
     */
    record Pipes(List<Integer> packets, List<List<double[]>> gbps, int best) {
    }

    /**
     * Every measurable entry of seed 003, judged on {@code inProcess} (null when not measured) and
     * {@code pipes} (null when not measured); {@code absent} says why a missing figure is missing.
     */
    static List<Claim> seedClaims(RoundPool pool, InProcess inProcess, Pipes pipes,
                                  BroadcastProfile profile, Function<String, String> absent) {
        Map<String, Function<SeedResult, Claim>> judged = new LinkedHashMap<>();
        if (inProcess != null) {
            inProcess(pool, inProcess, profile, judged);
        }
        if (pipes != null) {
            // Every packet size feeds the pool; the best one is judged.
            List<Estimate> each = pipes.gbps().stream().map(g -> pool.figureOfForks(PIPE_POOL, g)).toList();
            String others = IntStream.range(0, each.size()).filter(i -> i != pipes.best()).mapToObj(i ->
                    Sizes.format(pipes.packets().get(i)) + " " + num(each.get(i).ratio()) + " GB/s")
                    .collect(Collectors.joining(", "));
            judged.put(PIPE_GBPS, e -> e.judge(each.get(pipes.best()), "pipe GB/s with " + Sizes.format(pipes.packets()
                    .get(pipes.best())) + " packets (the best packet size)" + (others.isEmpty() ? ""
                    : "; other packet sizes: " + others)));
        }
        List<Claim> out = new ArrayList<>();
        for (SeedResult e : catalogue().results()) {
            if (!e.measurable() || !e.experiment().equals(BroadcastExperiment.ID)) {
                continue;
            }
            Function<SeedResult, Claim> j = judged.get(e.metric());
            out.add(j != null ? j.apply(e) : e.notMeasured("not measured: " + (NOT_BUILT.containsKey(e.metric())
                    ? NOT_BUILT.get(e.metric()) : absent.apply(e.metric()))));
        }
        return out;
    }

    private static void inProcess(RoundPool pool, InProcess f, BroadcastProfile profile,
                                  Map<String, Function<SeedResult, Claim>> judged) {
        int most = profile.consumers().stream().mapToInt(Integer::intValue).max().orElseThrow();
        int largest = profile.recordSizes().stream().mapToInt(Integer::intValue).max().orElseThrow();
        Map<String, Estimate> ratio = InProcess.broadcastOverCopy(pool, f);
        String one = 1 + "|" + largest;
        String top = most + "|" + largest;
        if (ratio.containsKey(one)) {
            Estimate r = ratio.get(one);
            Estimate gain = new Estimate((r.ratio() - 1) * 100, (r.low() - 1) * 100, (r.high() - 1) * 100, r.rounds(),
                    r.samples(), r.method());
            judged.put(GAIN_ONE, e -> e.judge(gain, prose("claim.gain-one", "where", where(1, largest), "broadcast",
                    num(gbps(f, BROADCAST, one)), "copy", num(gbps(f, COPY, one)), "bound", boundDetail(f, one))));
        }
        if (ratio.containsKey(top)) {
            Estimate r = ratio.get(top);
            judged.put(GAIN_N, e -> e.judge(r, prose("claim.gain-n", "where", where(most, largest), "broadcast",
                    num(gbps(f, BROADCAST, top)), "copy", num(gbps(f, COPY, top)), "bound", boundDetail(f, top))));
        }
        // Copies per record are counted, not timed: every cell must show the same count.
        Map<String, Double> b = copies(f, BROADCAST);
        Map<String, Double> c = copies(f, COPY);
        if (!b.isEmpty()) {
            judged.put(BROADCAST_COPIES, e -> exact(e, b, "broadcast copies per record"));
        }
        Map<String, Double> baselineOne = new LinkedHashMap<>(c);
        baselineOne.keySet().removeIf(cell -> !cell.startsWith("1|"));
        if (!baselineOne.isEmpty()) {
            judged.put(BASELINE_COPIES, e -> exact(e, baselineOne, "copy-per-consumer copies per record at 1 consumer; "
                    + "at every cell: " + describe(c)));
        }
        Map<String, Double> saved = new LinkedHashMap<>();
        c.forEach((cell, v) -> {
            if (b.containsKey(cell)) {
                saved.put(cell, (v - b.get(cell)) / Integer.parseInt(cell.substring(0, cell.indexOf('|'))));
            }
        });
        if (!saved.isEmpty()) {
            judged.put(MEMCPY_SAVED, e -> exact(e, saved, "(copy-per-consumer − broadcast copies per record) ÷ N"));
        }
    }

    /** Judges the cell whose figure lies furthest from the entry's (all alike when the mechanism holds). */
    private static Claim exact(SeedResult e, Map<String, Double> cells, String what) {
        String worst = cells.entrySet().stream().max(Comparator.comparingDouble(x -> Math.abs(x.getValue() - e.value())))
                .orElseThrow().getKey(); // the first of equals, as the cells' order has them
        boolean alike = cells.values().stream().distinct().count() == 1;
        return e.judgeExact(cells.get(worst), what + (alike ? ", the same in every cell: "
                : ", judged at " + cellName(worst) + " (furthest from the seed's); every cell: ") + describe(cells));
    }

    /** Copies per record of {@code discipline} per cell: what the producer assembled and the queue copied. */
    static Map<String, Double> copies(InProcess f, String discipline) {
        Map<String, Double> out = new LinkedHashMap<>();
        for (String cell : f.cells()) {
            Double v = f.copies().get(discipline + "|" + cell);
            if (v != null) {
                out.put(cell, v);
            }
        }
        return out;
    }

    private static String describe(Map<String, Double> cells) {
        return cells.entrySet().stream().map(x -> cellName(x.getKey()) + " " + num(x.getValue()))
                .collect(Collectors.joining(", "));
    }

    private static String cellName(String cell) {
        int bar = cell.indexOf('|');
        return cell.substring(0, bar) + "×" + Sizes.format(Integer.parseInt(cell.substring(bar + 1)));
    }

    private static String boundDetail(InProcess f, String cell) {
        List<double[]> expected = f.bound().get(cell);
        return expected == null ? "" : String.format(Locale.ROOT, "; the work allows %s× here (work bound, medians)",
                num(median(flat(expected))));
    }

    private static double gbps(InProcess f, String discipline, String cell) {
        return median(flat(f.gbps().get(discipline + "|" + cell)));
    }

    static String where(int consumers, int size) {
        return String.format(Locale.ROOT, "1 producer × %d consumer%s, %s records", consumers, consumers == 1 ? "" : "s",
                Sizes.format(size));
    }

    static String num(double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e6) {
            return Long.toString((long) v);
        }
        double a = Math.abs(v);
        return String.format(Locale.ROOT, a >= 100 ? "%.0f" : a >= 10 ? "%.1f" : "%.2f", v);
    }
}
