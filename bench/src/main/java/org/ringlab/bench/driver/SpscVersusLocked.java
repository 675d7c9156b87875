package org.ringlab.bench.driver;

import static org.ringlab.bench.util.Cells.cell;
import static org.ringlab.bench.util.Cells.fmt;
import static org.ringlab.bench.util.Cells.median;
import static org.ringlab.bench.util.Cells.ratioCell;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

import org.ringlab.api.MemoryStrategy;
import org.ringlab.bench.driver.scenario.DriverPools;
import org.ringlab.bench.driver.scenario.ForkChart;
import org.ringlab.bench.driver.scenario.SeedEntries;
import org.ringlab.bench.harness.Claim;
import org.ringlab.bench.harness.ForkedRows;
import org.ringlab.bench.harness.RoundOrder;
import org.ringlab.bench.harness.SeedClaim;
import org.ringlab.bench.report.Chart;
import org.ringlab.bench.report.Measurement;
import org.ringlab.bench.report.Table;
import org.ringlab.bench.util.FixedMirrors;

/**
 * Part (a): {@code spsc} against {@code locked-list} on every selected strategy, two threads and
 * one. Each strategy runs in {@link DriverProfile#forks()} child JVMs, one per round; a round
 * runs one child per strategy in a seeded order drawn afresh, and inside a child the disciplines
 * run in each repetition's drawn order ({@link DriverPartTask}). A fork is a paired round of
 * the claims, so their intervals carry JVM-to-JVM noise, and a strategy's figure does not depend
 * on which strategies ran before it.
 */
final class SpscVersusLocked {

    /** Row fields of a child: two threads (records/µs), one thread (ns/record), lock-wait share. */
    private static final int TWO = 0;
    private static final int ONE = 1;
    private static final int WAIT = 2;

    /** One strategy's forks and the row of each discipline. */
    private record Figures(ForkedRows rows, List<String> disciplines) {

        List<double[]> groups(String discipline, int field) {
            return rows.groups(field * disciplines.size() + disciplines.indexOf(discipline));
        }

        double[] flat(String discipline, int field) {
            return DriverParts.flat(groups(discipline, field));
        }
    }

    private SpscVersusLocked() {
    }

    /** (a)'s strategies: every selected one, or without {@code everyFixedMirror} all but the other fixed mirrors. */
    static List<MemoryStrategy> strategies(DriverParts run) {
        return run.profile.everyFixedMirror() ? run.selection.strategies() : run.selection.strategies().stream()
                .filter(s -> !FixedMirrors.repeats(s, run.main.name())).toList();
    }

    static void run(DriverParts run) {
        List<String> disciplines = java.util.stream.Stream.of(DriverExperiment.SPSC, DriverExperiment.LOCKED)
                .filter(run::has).toList();
        if (disciplines.isEmpty()) {
            return;
        }
        List<MemoryStrategy> measured = new ArrayList<>(strategies(run));
        List<String> repeats = run.selection.strategies().stream().filter(s -> !measured.contains(s))
                .map(MemoryStrategy::name).toList();
        if (!repeats.isEmpty()) {
            run.notes.add(DriverParts.prose("a-leaves-out", "profile", run.profile.name(), "repeats",
                    String.join(", ", repeats), "main", run.main.name()));
        }
        Map<String, List<double[][]>> forks = new LinkedHashMap<>();
        measured.forEach(s -> forks.put(s.name(), new ArrayList<>()));
        for (int f = 0; f < run.profile.forks(); f++) {
            for (MemoryStrategy s : RoundOrder.shuffled(run.context.seed(), "driver (a) strategies", f,
                    measured.stream().filter(x -> forks.containsKey(x.name())).toList(), MemoryStrategy::name)) {
                run.context.progress().step("spsc vs locked-list × " + s.name() + " (fork " + (f + 1) + ")");
                try {
                    forks.get(s.name()).add(run.run(run.task(DriverPartTask.SPSC_VS_LOCKED, s.name(), disciplines, f)));
                } catch (RuntimeException e) {
                    run.skipped.add("spsc vs locked-list × " + s.name() + ": FAILED: " + e.getMessage());
                    run.context.progress().note("driver: " + s.name() + " failed: " + e.getMessage());
                    forks.remove(s.name());
                }
            }
        }
        Map<String, Figures> figures = new LinkedHashMap<>();
        forks.forEach((name, rows) -> figures.put(name, new Figures(new ForkedRows(rows), disciplines)));
        figures.forEach((name, f) -> measure(run, name, f));
        table(run, figures);
        judge(run, figures);
    }

    private static void measure(DriverParts run, String strategy, Figures f) {
        for (String d : f.disciplines()) {
            Map<String, String> l = Measurement.labels("part", "spsc-vs-locked", "strategy", strategy, "discipline", d,
                    "threads", "two threads", "consumer", "poll one");
            run.measure(l, "throughput", "records/us", true, f.groups(d, TWO));
            run.measure(DriverParts.with(l, "threads", "one thread"), "time", "ns/record", false, f.groups(d, ONE));
            run.measure(l, "lockWait", "%", false, DriverParts.map(f.groups(d, WAIT), x -> 100 * x));
        }
        if (f.disciplines().size() == 2) {
            Map<String, String> pair = Measurement.labels("part", "spsc-vs-locked", "strategy", strategy);
            run.measure(DriverParts.with(pair, "threads", "two threads"), "spscOverLocked", "x", true,
                    ratioGroups(f.groups(DriverExperiment.SPSC, TWO), f.groups(DriverExperiment.LOCKED, TWO)));
            run.measure(DriverParts.with(pair, "threads", "one thread"), "spscOverLocked", "x", true,
                    ratioGroups(f.groups(DriverExperiment.LOCKED, ONE), f.groups(DriverExperiment.SPSC, ONE)));
        }
    }

    private static List<double[]> ratioGroups(List<double[]> num, List<double[]> den) {
        return java.util.stream.IntStream.range(0, num.size())
                .mapToObj(i -> org.ringlab.bench.util.Cells.ratios(num.get(i), den.get(i))).toList();
    }

    private static void table(DriverParts run, Map<String, Figures> figures) {
        boolean spsc = run.has(DriverExperiment.SPSC);
        boolean locked = run.has(DriverExperiment.LOCKED);
        String s = DriverExperiment.SPSC;
        String l = DriverExperiment.LOCKED;
        List<List<String>> rows = new ArrayList<>();
        int n = 0;
        for (var e : figures.entrySet()) {
            Figures f = e.getValue();
            n = f.rows().forks().size() * f.rows().forks().getFirst()[0].length;
            rows.add(List.of(e.getKey(), spsc ? cell(f.flat(s, TWO)) : "—", locked ? cell(f.flat(l, TWO)) : "—",
                    spsc && locked ? ratioCell(f.flat(s, TWO), f.flat(l, TWO)) : "—",
                    locked ? cell(DriverParts.flat(DriverParts.map(f.groups(l, WAIT), x -> 100 * x))) + " %" : "—",
                    spsc ? cell(f.flat(s, ONE)) : "—", locked ? cell(f.flat(l, ONE)) : "—",
                    spsc && locked ? ratioCell(f.flat(l, ONE), f.flat(s, ONE)) : "—"));
        }
        run.tables.add(new Table(DriverParts.prose("a-table", "clock", DriverParts.clock(), "n", n),
                List.of("strategy", "spsc 2 threads", "locked-list 2 threads", "spsc / locked-list",
                        "locked-list lock wait", "spsc 1 thread", "locked-list 1 thread", "spsc speed-up"), rows));
        if (figures.isEmpty()) {
            return;
        }
        List<String> names = List.copyOf(figures.keySet());
        Map<String, List<List<double[]>>> series = new LinkedHashMap<>();
        for (String d : figures.values().iterator().next().disciplines()) {
            series.put(d, names.stream().map(x -> figures.get(x).groups(d, TWO)).toList());
        }
        run.charts.add(ForkChart.of("driver (a): spsc vs locked-list, 64-byte records, two threads",
                Chart.MEMORY_STRATEGY_AXIS, "records per µs", names, series, false,
                "whiskers: min–max of the " + n + " repetitions; dots: each fork's median"));
    }

    private static void judge(DriverParts run, Map<String, Figures> figures) {
        if (figures.values().stream().anyMatch(f -> f.disciplines().size() < 2) || !figures.containsKey(run.main.name())) {
            return; // the seed's entries of (a) are listed as not measured at the end of the run
        }
        String s = DriverExperiment.SPSC;
        String l = DriverExperiment.LOCKED;
        Figures m = figures.get(run.main.name());
        String others = figures.entrySet().stream().filter(e -> !e.getKey().equals(run.main.name()))
                .map(e -> String.format(Locale.ROOT, "%s %.1f×", e.getKey(),
                        median(e.getValue().flat(s, TWO)) / median(e.getValue().flat(l, TWO))))
                .collect(Collectors.joining(", "));
        String on = "on " + run.main.name();
        String lockWait = String.format(Locale.ROOT, "locked-list lock wait %.1f %% of the two threads' time, %s",
                100 * median(m.flat(l, WAIT)), others.isEmpty() ? "no other strategy" : "other strategies " + others);
        double goal = DriverExperiment.EVERY_STRATEGY_GOAL;
        run.claims.addAll(pool -> {
            List<Claim> c = new ArrayList<>();
            c.addAll(SeedEntries.judge("driver.spsc-over-locked", pool.ratioOfForks(DriverPools.TWO_THREAD_THROUGHPUT,
                    m.groups(s, TWO), m.groups(l, TWO)), on + "; " + lockWait));
            c.addAll(SeedEntries.judge("driver.locked-lock-wait", SeedClaim.figureOfForks(
                    DriverParts.map(m.groups(l, WAIT), x -> 100 * x)), on));
            double[] spscWait = m.flat(s, WAIT);
            c.addAll(SeedEntries.judgeExact("driver.spsc-lock-wait", java.util.Arrays.stream(spscWait)
                    .map(x -> 100 * x).max().orElse(Double.NaN), "the largest of " + spscWait.length
                    + " repetitions " + on + ": spsc reports no lock wait"));
            c.addAll(SeedEntries.judge("driver.locked-ms-per-million", SeedClaim.figureOfForks(
                    DriverParts.map(m.groups(l, TWO), r -> 1000 / r)), "two threads " + on));
            c.addAll(SeedEntries.judge("driver.spsc-ms-per-million", SeedClaim.figureOfForks(
                    DriverParts.map(m.groups(s, TWO), r -> 1000 / r)), "two threads " + on));
            // ringlab's own goal, not the seed's: the ring at least 5× the list on every strategy.
            SeedClaim.Builder every = SeedClaim.of("ringlab goal: spsc ≥ " + fmt(goal) + "× locked-list on every "
                    + "memory strategy (1 producer + 1 consumer thread, 64-byte records)", "goal ≥ " + fmt(goal) + "×");
            figures.forEach((name, f) -> every.atLeast(name + " spsc / locked-list (records/µs)", goal,
                    pool.ratioOfForks(DriverPools.TWO_THREAD_THROUGHPUT, f.groups(s, TWO), f.groups(l, TWO))));
            c.add(Claim.goal("spsc-over-locked-every-strategy", every.build().toClaim("")));
            return c;
        });
    }
}
