package org.ringlab.bench.broadcast;

import static org.ringlab.bench.broadcast.BroadcastClaims.RATIO_POOL;
import static org.ringlab.bench.broadcast.BroadcastClaims.num;
import static org.ringlab.bench.broadcast.BroadcastClaims.where;
import static org.ringlab.bench.broadcast.BroadcastExperiment.BROADCAST;
import static org.ringlab.bench.broadcast.BroadcastExperiment.COPY;
import static org.ringlab.bench.broadcast.BroadcastExperiment.GOAL_CONSUMERS;
import static org.ringlab.bench.broadcast.BroadcastExperiment.GOAL_SIZE;
import static org.ringlab.bench.broadcast.BroadcastExperiment.flat;
import static org.ringlab.bench.broadcast.BroadcastExperiment.prose;
import static org.ringlab.bench.util.Cells.cell;
import static org.ringlab.bench.util.Cells.median;
import static org.ringlab.bench.util.Cells.ratios;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

import org.ringlab.bench.report.Chart;
import org.ringlab.bench.harness.Estimate;
import org.ringlab.bench.harness.RoundPool;
import org.ringlab.bench.harness.SeedClaim;
import org.ringlab.bench.harness.Band;
import org.ringlab.bench.harness.Claim;
import org.ringlab.bench.util.Sizes;

/**
 * The in-process figures the claims rest on, per cell ({@code "consumers|size"}, in the
 * profile's order), one group per fork.
 *
 * @param gbps     per {@code "discipline|consumers|size"}: GB/s delivered
 * @param ratio    per cell: each repetition's broadcast / copy GB/s
 * @param bound    per cell: the work bound's expected broadcast / copy
 * @param cpu      per {@code "discipline|consumers|size"}: the producer's CPU ns per record
 * @param copies   per {@code "discipline|consumers|size"}: copies of each record's bytes (counted)
 */
record InProcess(List<String> cells, Map<String, List<double[]>> gbps, Map<String, List<double[]>> ratio,
               Map<String, List<double[]>> bound, Map<String, List<double[]>> cpu, Map<String, Double> copies) {

    /** ringlab's own goals (not the seed's) at the goal cell: broadcast ≥ 3× copy-per-consumer, ≥ 3 GB/s delivered. */
    static final double RATIO_GOAL = 3.0;
    static final double IN_PROCESS_GOAL = 3.0;
    /**
     * Kinds of figure whose round variances pool ({@link RoundPool}), each over every cell
     * (consumers × record size) where it was measured, though a claim is judged at one.
     */
    static final String GBPS_POOL = "in-process broadcast GB/s";
    static final String BOUND_POOL = "measured / expected broadcast-over-copy";
    static final String CPU_POOL = "copy / broadcast producer CPU ratios";

    /**
     * How many times each record's bytes were written: what the producer assembled plus what the
     * queue copied (copy-per-consumer counts its copies; broadcast writes an offered record once
     * into its slot and copies nothing the producer assembled in a claimed slot).
     */
    static double copiesPerRecord(Map<String, Long> counters, long records, int size) {
        long assembled = counters.getOrDefault(FanOut.ASSEMBLED_BYTES, 0L);
        Long queueCopied = counters.get("bytesCopied");
        long copied = queueCopied != null ? queueCopied : counters.getOrDefault(FanOut.OFFERED_BYTES, 0L);
        return (double) (assembled + copied) / ((double) records * size);
    }

    /**
     * Every pooled figure of one kind at each cell where it was measured, so that a claim's
     * interval rests on the round variance of every alike cell (the F test leaves out a cell
     * that varies more), not on its own two forks alone.
     */
    static Map<String, Estimate> everyCell(List<String> cells, Function<String, Estimate> of) {
        Map<String, Estimate> out = new LinkedHashMap<>();
        for (String cell : cells) {
            Estimate e = of.apply(cell);
            if (e != null) {
                out.put(cell, e);
            }
        }
        return out;
    }

    /** Every cell's broadcast / copy GB/s, pooled: the claims' and the ratio chart's one set of intervals. */
    static Map<String, Estimate> broadcastOverCopy(RoundPool pool, InProcess f) {
        Map<String, List<double[]>> g = f.gbps();
        return everyCell(f.cells(), k -> g.containsKey(BROADCAST + "|" + k) && g.containsKey(COPY + "|" + k)
                ? pool.ratioOfForks(RATIO_POOL, g.get(BROADCAST + "|" + k), g.get(COPY + "|" + k)) : null);
    }

    /**
     * broadcast / copy GB/s per record size, a point per consumer count with its pooled 95 %
     * interval (the claims'), and each fork's ratio of medians as dots.
     */
    static Chart ratioChart(InProcess f, BroadcastProfile profile) {
        Map<String, Estimate> e = RoundPool.judge(pool -> broadcastOverCopy(pool, f));
        List<String> sizes = profile.recordSizes().stream().map(s -> Sizes.format(s)).toList();
        Map<String, double[]> point = new LinkedHashMap<>();
        Map<String, double[]> low = new LinkedHashMap<>();
        Map<String, double[]> high = new LinkedHashMap<>();
        Map<String, double[][]> forks = new LinkedHashMap<>();
        for (int consumers : profile.consumers()) {
            String name = BroadcastExperiment.consumersLabel(consumers);
            double[][] v = new double[4][sizes.size()];
            double[][] dots = new double[sizes.size()][];
            for (int si = 0; si < sizes.size(); si++) {
                String k = consumers + "|" + profile.recordSizes().get(si);
                Estimate x = e.getOrDefault(k, Estimate.NONE);
                v[0][si] = x.ratio();
                v[1][si] = x.low();
                v[2][si] = x.high();
                dots[si] = x == Estimate.NONE ? new double[0] : ratios(Chart.forkMedians(f.gbps().get(BROADCAST + "|" + k)),
                        Chart.forkMedians(f.gbps().get(COPY + "|" + k)));
            }
            point.put(name, v[0]);
            low.put(name, v[1]);
            high.put(name, v[2]);
            forks.put(name, dots);
        }
        // Log axis: a t interval is symmetric in the log, and a cell left out of its pool (df 1) spans decades.
        return new Chart("broadcast: broadcast / copy-per-consumer GB/s by record size (95 % interval)", "record size",
                "broadcast GB/s ÷ copy-per-consumer GB/s (1 = as fast; log)", sizes, point, false, true, low, high, 1,
                prose("ratio-chart.whiskers"), forks);
    }

    /**
     * ringlab's own goals in one process (none is a seed's result): broadcast ≥ 3× copy-per-consumer
     * and ≥ 3 GB/s at 4 consumers × 64 KiB, the gain the work bound allows, and the producer's CPU.
     */
    static List<Claim> goals(RoundPool pool, InProcess f, BroadcastProfile profile) {
        int most = profile.consumers().stream().mapToInt(Integer::intValue).max().orElseThrow();
        int largest = profile.recordSizes().stream().mapToInt(Integer::intValue).max().orElseThrow();
        List<Claim> out = new ArrayList<>();
        Map<String, Estimate> ratio = broadcastOverCopy(pool, f);
        Map<String, Estimate> rate = everyCell(f.cells(), k -> f.gbps().containsKey(BROADCAST + "|" + k)
                ? pool.figureOfForks(GBPS_POOL, f.gbps().get(BROADCAST + "|" + k)) : null);
        // Paired: round r's broadcast / copy against round r's work bound, in the same fork.
        Map<String, Estimate> bound = everyCell(f.cells(), k -> ratio.containsKey(k)
                ? pool.ratioOfForks(BOUND_POOL, f.ratio().get(k), f.bound().get(k)) : null);
        Map<String, Estimate> cpuRatio = everyCell(f.cells(), k -> !k.startsWith("1|")
                && f.cpu().containsKey(BROADCAST + "|" + k) && f.cpu().containsKey(COPY + "|" + k)
                ? pool.ratioOfForks(CPU_POOL, f.cpu().get(COPY + "|" + k), f.cpu().get(BROADCAST + "|" + k)) : null);
        String goalCell = GOAL_CONSUMERS + "|" + GOAL_SIZE;
        String goalWhere = where(GOAL_CONSUMERS, GOAL_SIZE);
        String notThere = "not measured: profile " + profile.name() + " has no " + goalWhere + " cell";
        String ratioClaim = prose("goal.ratio", "goal", num(RATIO_GOAL), "where", goalWhere);
        out.add(Claim.goal("broadcast-over-copy", ratio.containsKey(goalCell)
                ? SeedClaim.of(ratioClaim, num(RATIO_GOAL) + "×").atLeast("broadcast / copy GB/s at " + goalWhere,
                        RATIO_GOAL, ratio.get(goalCell)).build().toClaim(String.format(Locale.ROOT,
                        "%.2f vs %.2f GB/s (medians)", median(flat(f.gbps().get(BROADCAST + "|" + goalCell))),
                        median(flat(f.gbps().get(COPY + "|" + goalCell)))))
                : SeedClaim.notMeasured(ratioClaim, num(RATIO_GOAL) + "×",
                        f.cells().contains(goalCell) ? "not measured: both disciplines are needed" : notThere)));
        String rateClaim = prose("goal.rate", "goal", num(IN_PROCESS_GOAL), "where", goalWhere);
        out.add(Claim.goal("in-process-gbps", rate.containsKey(goalCell)
                ? SeedClaim.of(rateClaim, num(IN_PROCESS_GOAL) + " GB/s").atLeast("broadcast GB/s at " + goalWhere,
                        IN_PROCESS_GOAL, rate.get(goalCell)).build().toClaim("")
                : SeedClaim.notMeasured(rateClaim, num(IN_PROCESS_GOAL) + " GB/s",
                        f.cells().contains(goalCell) ? "not measured: broadcast not selected" : notThere)));
        String top = most + "|" + largest;
        List<double[]> expected = f.bound().get(top);
        if (bound.containsKey(top)) {
            out.add(Claim.goal("work-bound", SeedClaim.of(prose("goal.work-bound", "where", where(most, largest),
                            "width", String.format(Locale.ROOT, "%.2f", Band.WIDTH)), "bound here " + cell(flat(expected)) + "×")
                    .within("measured / expected broadcast-over-copy", 1 / Band.WIDTH, Band.WIDTH, bound.get(top))
                    .build().toClaim(String.format(Locale.ROOT, "measured %.2f×, expected %.2f× (medians)",
                            median(flat(f.ratio().get(top))), median(flat(expected))))));
        }
        // The producer's CPU per record: one write per record whatever N for broadcast, N for copy-per-consumer.
        String cpuText = prose("goal.producer-cpu", "size", Sizes.format(largest));
        SeedClaim.Builder cpu = SeedClaim.of(cpuText, "≥ 1");
        List<String> cpuDetail = new ArrayList<>();
        boolean checked = false;
        for (int n : profile.consumers()) {
            List<double[]> pb = f.cpu().get(BROADCAST + "|" + n + "|" + largest);
            List<double[]> pc = f.cpu().get(COPY + "|" + n + "|" + largest);
            if (pb != null && pc != null) {
                cpuDetail.add(String.format(Locale.ROOT, "%d consumer%s: broadcast %.0f, copy %.0f ns/record", n,
                        n == 1 ? "" : "s", median(flat(pb)), median(flat(pc))));
                if (n >= 2) {
                    cpu.atLeast("copy / broadcast producer CPU at " + n + " consumers", 1, cpuRatio.get(n + "|" + largest));
                    checked = true;
                }
            }
        }
        out.add(Claim.goal("producer-cpu", checked ? cpu.build().toClaim(String.join(", ", cpuDetail))
                : SeedClaim.notMeasured(cpuText, "≥ 1",
                "not measured: no thread CPU time, one discipline, or no cell with 2 or more consumers")));
        return out;
    }
}
