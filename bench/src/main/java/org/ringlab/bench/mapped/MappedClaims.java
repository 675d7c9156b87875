package org.ringlab.bench.mapped;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

import org.ringlab.bench.catalogue.SeedCatalogue;
import org.ringlab.bench.catalogue.SeedResult;
import org.ringlab.bench.harness.Estimate;
import org.ringlab.bench.harness.RoundPool;
import org.ringlab.bench.harness.SeedClaim;
import org.ringlab.bench.harness.Claim;
import org.ringlab.bench.util.Stats;

/**
 * Seed 004's results judged from its catalogue: the latency table (each row's figures reported
 * beside the seed's, their ratios to the Disk row judged on runs paired by round) and the
 * prefault table (each configuration's time reported, its speed-up over no preprocessing judged
 * on paired repetitions, and the article's sentences about the table). The timed figure is the
 * seed's whole iteration: open, the configuration's own work, and the write.
 */
final class MappedClaims {

    static final String SEED = "004";
    /** The latency table's columns, as the catalogue's metric names end. */
    static final List<String> COLUMNS = List.of("over1ms", "mean", "p90");
    /** The prefault table's speed-ups over no preprocessing, every configuration's: one kind of figure. */
    static final String PREFAULT_POOL = "prefault speed-up over none";
    /** The bytes the seed writes per iteration (256 MB); a run writing less says so beside each figure. */
    static final long SEED_BYTES = 256L << 20;

    private MappedClaims() {
    }

    /** Every metric the catalogue may name for this experiment. */
    static Set<String> metrics() {
        Set<String> m = new LinkedHashSet<>();
        for (LatencyExperiment.Cell c : LatencyExperiment.cells(java.nio.file.Path.of("."), java.nio.file.Path.of("."))) {
            for (String col : COLUMNS) {
                m.add("mapped.latency-" + c.key() + "-" + col);
                if (!c.key().equals("disk")) {
                    m.add("mapped.latency-" + c.key() + "-" + col + "-vs-disk");
                }
            }
        }
        for (PrefaultExperiment.Config c : PrefaultExperiment.CONFIGS) {
            if (c.seeds()) {
                m.add("mapped.prefault-" + c.key() + "-ms");
                if (!c.key().equals("none")) {
                    m.add("mapped.prefault-" + c.key() + "-speedup");
                }
            }
        }
        m.addAll(List.of("mapped.prefault-prealloc-gain-pct", "mapped.prefault-gain-pct", "mapped.prefault-variants-spread",
                "mapped.prefault-manual-vs-populate"));
        return Set.copyOf(m);
    }

    /** One claim per measurable entry of the catalogue, in its order. */
    static List<Claim> of(List<PrefaultExperiment.Row> rows, long bytes, List<LatencyExperiment.Result> latency) {
        return RoundPool.judge(pool -> {
            List<Claim> claims = new ArrayList<>();
            for (SeedResult r : SeedCatalogue.load(SEED).results()) {
                if (r.measurable()) {
                    String name = r.metric().substring("mapped.".length());
                    claims.add(name.startsWith("latency-") ? latency(r, name, latency, pool) : prefault(r, name, rows, bytes,
                            pool));
                }
            }
            return claims;
        });
    }

    // ---- latency

    private static Claim latency(SeedResult r, String name, List<LatencyExperiment.Result> latency, RoundPool pool) {
        if (latency.isEmpty()) {
            return r.notMeasured("the latency table was not run");
        }
        String rest = name.substring("latency-".length());
        boolean vsDisk = rest.endsWith("-vs-disk");
        if (vsDisk) {
            rest = rest.substring(0, rest.length() - "-vs-disk".length());
        }
        String column = COLUMNS.stream().filter(rest::endsWith).findFirst().orElseThrow(() ->
                new IllegalStateException("catalogue entry " + r.id() + ": no latency column in " + r.metric()));
        String key = rest.substring(0, rest.length() - column.length() - 1);
        Optional<LatencyExperiment.Result> row = latencyRow(latency, key);
        if (row.isEmpty()) {
            return r.notMeasured("the row " + key + " was not measured (see skipped)");
        }
        double[] own = column(row.get(), column);
        if (!vsDisk) {
            return r.judge(SeedClaim.figure(own), row.get().cell().name() + ", " + own.length + " run(s) of "
                    + row.get().count() / Math.max(1, own.length) + " messages: " + values(own));
        }
        Optional<LatencyExperiment.Result> disk = latencyRow(latency, "disk");
        if (disk.isEmpty()) {
            return r.notMeasured("the Disk row was not measured");
        }
        double[] base = column(disk.get(), column);
        String detail = row.get().cell().name() + " " + values(own) + " vs Disk " + values(base) + " per run";
        if (Arrays.stream(own).anyMatch(v -> !(v > 0)) || Arrays.stream(base).anyMatch(v -> !(v > 0))) {
            return r.judge(new Estimate(Double.NaN, Double.NaN, Double.NaN, own.length, own.length,
                    "a run with no record in the column"), detail + "; a run with 0 has no ratio (none of its records"
                    + " took longer than 1 ms)");
        }
        return r.judge(pool.ratioOfForks("latency " + column + " over Disk's", List.of(own), List.of(base)), detail);
    }

    private static Optional<LatencyExperiment.Result> latencyRow(List<LatencyExperiment.Result> latency, String key) {
        return latency.stream().filter(x -> x.cell().key().equals(key)).findFirst();
    }

    private static double[] column(LatencyExperiment.Result r, String column) {
        return switch (column) {
            case "over1ms" -> r.over1msPerMille();
            case "mean" -> r.mean();
            case "p90" -> r.p90();
            default -> throw new IllegalArgumentException("no latency column '" + column + "'");
        };
    }

    // ---- prefault

    private static Claim prefault(SeedResult r, String name, List<PrefaultExperiment.Row> rows, long bytes,
                                  RoundPool pool) {
        if (rows.isEmpty()) {
            return r.notMeasured("the prefault table was not run");
        }
        String size = bytes == SEED_BYTES ? "" : MappedReport.TEXT.text("claim.short-run", bytes >> 20);
        PrefaultExperiment.Row none = row(rows, "none").orElse(null);
        if (none == null) {
            return r.notMeasured("BM_MMap01's row (none) was not measured");
        }
        switch (name) {
            case "prefault-prealloc-gain-pct" -> {
                PrefaultExperiment.Row prealloc = row(rows, "prealloc").orElseThrow();
                // Its own rounds: the same ratio is already in the pool as prealloc's speed-up.
                return r.judge(gain(SeedClaim.ratio(none.total(), prealloc.total())),
                        timings(none, prealloc) + size);
            }
            case "prefault-gain-pct" -> {
                List<PrefaultExperiment.Row> pf = prefaulting(rows);
                double[] gm = perRepetition(pf, v -> Math.exp(Arrays.stream(v).map(Math::log).average().orElse(Double.NaN)));
                return r.judge(gain(SeedClaim.ratio(none.total(), gm)), MappedReport.TEXT.text("claim.gain",
                        median(none.total()), pf.size(), median(gm), median(none.writerFaults()),
                        median(pf.getFirst().writerFaults()), size));
            }
            case "prefault-variants-spread" -> {
                List<PrefaultExperiment.Row> pf = prefaulting(rows);
                double[] spread = perRepetition(pf, v -> Arrays.stream(v).max().orElseThrow() / Arrays.stream(v).min().orElseThrow());
                StringBuilder d = new StringBuilder("slowest / fastest per repetition " + values(spread) + "; medians:");
                pf.forEach(x -> d.append(String.format(Locale.ROOT, " %s %.1f ms,", x.config().label(), median(x.total()))));
                return r.judge(SeedClaim.figure(spread), d.substring(0, d.length() - 1) + size);
            }
            case "prefault-manual-vs-populate" -> {
                PrefaultExperiment.Row populate = row(rows, "populate").orElseThrow();
                PrefaultExperiment.Row manual = row(rows, "manual").orElseThrow();
                return r.judge(SeedClaim.ratio(populate.total(), manual.total()), MappedReport.TEXT.text("claim.manual",
                        median(populate.total()), median(populate.prefault()), median(populate.write()),
                        median(manual.total()), median(manual.prefault()), median(manual.write()), size));
            }
            default -> {
                String key = name.substring("prefault-".length(), name.lastIndexOf('-'));
                Optional<PrefaultExperiment.Row> row = row(rows, key);
                if (row.isEmpty()) {
                    return r.notMeasured("configuration " + key + " was not measured");
                }
                if (name.endsWith("-ms")) {
                    return r.judge(SeedClaim.figure(row.get().total()), timings(row.get()) + size);
                }
                if (name.endsWith("-speedup")) {
                    return r.judge(pool.ratioOfForks(PREFAULT_POOL, List.of(none.total()),
                            List.of(row.get().total())), timings(none, row.get()) + size);
                }
                throw new IllegalStateException("catalogue entry " + r.id() + " names metric " + r.metric()
                        + ", which the mapped experiment does not measure");
            }
        }
    }

    /** The rows the seed calls Prefault (MAP_POPULATE or a manual touch, with or without prealloc and advice). */
    private static List<PrefaultExperiment.Row> prefaulting(List<PrefaultExperiment.Row> rows) {
        return rows.stream().filter(x -> x.config().seeds() && (x.config().key().contains("populate")
                || x.config().key().startsWith("manual"))).toList();
    }

    /** {@code f} of the rows' totals, repetition by repetition. */
    private static double[] perRepetition(List<PrefaultExperiment.Row> rows, Function<double[], Double> f) {
        int n = rows.stream().mapToInt(x -> x.total().length).min().orElse(0);
        double[] out = new double[n];
        for (int i = 0; i < n; i++) {
            final int rep = i;
            out[i] = f.apply(rows.stream().mapToDouble(x -> x.total()[rep]).toArray());
        }
        return out;
    }

    /** A speed-up {@code x} as the per cent of time saved, {@code 100 (1 - 1/x)}, interval ends mapped alike. */
    static Estimate gain(Estimate speedUp) {
        return new Estimate(pct(speedUp.ratio()), pct(speedUp.low()), pct(speedUp.high()), speedUp.rounds(),
                speedUp.samples(), speedUp.method());
    }

    private static double pct(double speedUp) {
        return 100 * (1 - 1 / speedUp);
    }

    private static String timings(PrefaultExperiment.Row... rows) {
        StringBuilder s = new StringBuilder();
        for (PrefaultExperiment.Row x : rows) {
            s.append(s.isEmpty() ? "" : "; ").append(MappedReport.TEXT.text("claim.timings", x.config().label(),
                    median(x.total()), median(x.prefault()), median(x.write()), median(x.writerFaults())));
        }
        return s.toString();
    }

    private static Optional<PrefaultExperiment.Row> row(List<PrefaultExperiment.Row> rows, String key) {
        return rows.stream().filter(x -> x.config().key().equals(key)).findFirst();
    }

    private static double median(double[] v) {
        return Stats.median(v);
    }

    private static String values(double[] v) {
        return Arrays.stream(v).mapToObj(x -> String.format(Locale.ROOT, x >= 10 ? "%.1f" : "%.2f", x))
                .collect(Collectors.joining(", ", "[", "]"));
    }
}
