package org.ringlab.bench.broadcast;

import static org.ringlab.bench.util.Cells.cell;
import static org.ringlab.bench.util.Cells.median;
import static org.ringlab.bench.util.Cells.ratioCell;
import static org.ringlab.bench.util.Cells.ratios;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.QueueDiscipline;
import org.ringlab.bench.util.Environment;
import org.ringlab.bench.report.Chart;
import org.ringlab.bench.harness.Fork;
import org.ringlab.bench.harness.PooledClaims;
import org.ringlab.bench.util.Strategies;
import org.ringlab.bench.report.Experiment;
import org.ringlab.bench.util.DeclaredExperiment;
import org.ringlab.bench.report.ExperimentOptions;
import org.ringlab.bench.report.ExperimentResult;
import org.ringlab.bench.report.Measurement;
import org.ringlab.bench.report.Prose;
import org.ringlab.bench.report.RunContext;
import org.ringlab.bench.report.Table;
import org.ringlab.bench.util.Sizes;

/**
 * Seed 003 (taskBus's QSARC hub), re-measured: one producer and 1, 2, 4 consumer threads, each
 * reading every byte of every record, {@code broadcast} (each record assembled once, in its slot)
 * against {@code copy-per-consumer} (taskBus before its redesign: assembled in the producer's own
 * buffer, then copied into each consumer's queue) for record sizes from 64 B to 64 KiB; then
 * framed packets from a child JVM through a real OS pipe, reassembled by {@code StreamFramer}
 * into a {@code broadcast} queue, GB/s and bad headers. Each repetition runs the two disciplines
 * in a seeded order drawn afresh ({@link BroadcastFork}); every repetition is kept as a sample. The
 * seed's results are judged from its catalogue ({@link BroadcastClaims}); ringlab's own goals carry
 * {@code goal.} ids.
 */
public final class BroadcastExperiment extends DeclaredExperiment implements Experiment {

    static final String ID = "broadcast";
    static final String SEED = "003_d4a13714bb0f294c.txt";
    static final String BROADCAST = "broadcast";
    static final String COPY = "copy-per-consumer";
    /** The cell of ringlab's own throughput goals ({@link InProcess#goals}): 4 consumers, 64 KiB records. */
    static final int GOAL_CONSUMERS = 4;
    static final int GOAL_SIZE = 64 * 1024;
    /** A fork's child JVM that takes longer is stuck; quick's forks take a few seconds, full's a few minutes. */
    static final Duration TIMEOUT = Duration.ofMinutes(20);

    public BroadcastExperiment() {
        super(ID, SEED,
                "taskBus QSARC: 1 producer × 1/2/4 consumers, single-copy broadcast vs copy-per-consumer, "
                        + "framed packets through OS pipes between processes",
                BroadcastClaims.METRICS);
    }

    /** Section {@code section} of broadcast's notes.md. */
    static String prose(String section, Object... keyValues) {
        return Prose.of(BroadcastExperiment.class, "notes.md", section, keyValues);
    }

    @Override
    public Optional<ExperimentOptions> options() {
        return Optional.of(new BroadcastRunOptions());
    }

    @Override
    public ExperimentResult run(RunContext context) {
        BroadcastProfile profile = BroadcastProfile.named(context.profile());
        boolean assembly = context.options(BroadcastRunOptions.class, BroadcastRunOptions::new).assembly();
        try {
            return new Run(context, profile, assembly).run();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("broadcast experiment interrupted", e);
        }
    }

    private static final class Run {
        final RunContext context;
        final BroadcastProfile profile;
        /** Whether the producer assembles each record (seed 003's conditions) or offers one prepared once. */
        final boolean assembly;
        /** What the seed's claims are judged on: null until (unless) measured. */
        InProcess inProcessFigures;
        BroadcastClaims.Pipes pipeFigures;
        final List<String> skipped = new ArrayList<>();
        final List<String> notes = new ArrayList<>();
        final List<Measurement> measurements = new ArrayList<>();
        final List<Table> tables = new ArrayList<>();
        final List<Chart> charts = new ArrayList<>();
        final PooledClaims claims = new PooledClaims();
        final Map<String, QueueDiscipline> disciplines = new LinkedHashMap<>();
        MemoryStrategy strategy;
        /** The work bound's table, shown after the pipe table (whose place tests and readers know). */
        final List<Table> workBoundTables = new ArrayList<>();

        Run(RunContext context, BroadcastProfile profile, boolean assembly) {
            this.context = context;
            this.profile = profile;
            this.assembly = assembly;
        }

        /** Why a seed figure of {@code metric} has no measurement in this run. */
        private String absent(String metric) {
            if (metric.equals(BroadcastClaims.PIPE_GBPS)) {
                return strategy == null ? "no memory strategy" : "discipline broadcast not selected";
            }
            if (strategy == null) {
                return "no memory strategy";
            }
            if (!assembly) {
                return "--no-assembly: the producer offered records prepared once, not seed 003's assembling producer";
            }
            if (disciplines.size() < 2 && !metric.equals(BroadcastClaims.BROADCAST_COPIES)) {
                return "both broadcast and copy-per-consumer are needed; measured: " + disciplines.keySet();
            }
            if (metric.equals(BroadcastClaims.BROADCAST_COPIES)) {
                return "discipline broadcast not selected";
            }
            return "profile " + profile.name() + " has no " + (metric.equals(BroadcastClaims.GAIN_N) ? "" : "1-consumer ")
                    + "cell for it (consumers " + profile.consumers() + ")";
        }

        ExperimentResult run() throws InterruptedException {
            String loadBefore = Environment.loadAverage();
            select();
            if (strategy != null) {
                notes.add(prose("profile", "profile", profile.name(), "strategy", strategy.name(), "forks",
                        profile.forks(), "warmups", profile.warmups(), "repetitions", profile.repetitions(), "pipeRuns",
                        profile.pipeRuns() + (profile.pipeRuns() == 1 ? " pipe run" : " pipe runs"), "seed",
                        context.seed()));
                notes.add(context.fork() ? prose("forked") : prose("not-forked", "forks", profile.forks()));
                List<BroadcastFork.Result> forks = disciplines.isEmpty() ? List.of() : measure();
                inProcess(forks);
                if (disciplines.containsKey(BROADCAST)) { // between processes: framed packets through a pipe
                    pipeFigures = PipeFigures.judge(profile, strategy.name(), forks, measurements, tables, claims, notes);
                }
                tables.addAll(workBoundTables);
                notes.add(prose(assembly ? "assembly" : "no-assembly"));
                notes.add(prose("machine"));
                notes.add(prose("load", "before", loadBefore, "after", Environment.loadAverage()));
            }
            // Judged once every part has run (the fields are final by then), so alike figures of every cell pool.
            claims.addAll(pool -> BroadcastClaims.seedClaims(pool, assembly ? inProcessFigures : null, pipeFigures,
                    profile, this::absent));
            if (inProcessFigures != null) {
                claims.addAll(pool -> InProcess.goals(pool, inProcessFigures, profile));
            }
            return new ExperimentResult(ID, SEED, "broadcast: seed 003's single-copy broadcast (QSARC)", profile.name(),
                    measurements, tables, charts, claims.judge(), notes, skipped);
        }

        private void select() {
            Strategies.Selection chosen = Strategies.select(ID, context.filters(), List.of(BROADCAST, COPY), skipped);
            disciplines.putAll(chosen.disciplines());
            if (chosen.main() == null) {
                skipped.add("every figure: no available memory strategy passes the filter " + context.strategies());
                return;
            }
            // One strategy: with the default seam placement (pad) broadcast slots never cross the seam.
            strategy = chosen.main();
            if (chosen.strategies().size() > 1) {
                notes.add(prose("one-strategy", "strategy", strategy.name()));
            }
        }

        // ---- the forks: each a paired round of the in-process cells and the pipe ----

        /** {@link BroadcastProfile#forks()} forks, each in a fresh JVM with {@code --fork}, else in this one. */
        private List<BroadcastFork.Result> measure() {
            List<String> names = List.copyOf(disciplines.keySet());
            boolean pipes = disciplines.containsKey(BROADCAST);
            context.progress().plan(profile.forks());
            List<BroadcastFork.Result> forks = new ArrayList<>();
            for (int f = 0; f < profile.forks(); f++) {
                BroadcastFork task = BroadcastFork.drawn(profile, strategy.name(), names, pipes, context.seed(),
                        assembly, f);
                context.progress().step(String.format(Locale.ROOT, "broadcast fork %d of %d: %s × %s consumers × %s%s",
                        f + 1, profile.forks(), String.join(" vs ", names), profile.consumers(),
                        profile.recordSizes().stream().map(Sizes::format).toList(), pipes
                                ? "; child JVM → pipe → StreamFramer → broadcast × "
                                + profile.pipePackets().stream().map(Sizes::format).toList() + " packets" : ""));
                forks.add(context.fork() ? Fork.run(task, TIMEOUT, line -> context.progress().note("(child) " + line))
                        : task.measure());
            }
            return forks;
        }

        /** One group per fork of what {@code of} takes from cell (consumers, size) of every fork. */
        private static List<double[]> groups(List<BroadcastFork.Result> forks, int consumers, int size,
                                             Function<BroadcastFork.Cell, double[]> of) {
            return forks.stream().map(f -> of.apply(cellOf(f, consumers, size))).toList();
        }

        private static BroadcastFork.Cell cellOf(BroadcastFork.Result fork, int consumers, int size) {
            return fork.cells().stream().filter(c -> c.consumers() == consumers && c.size() == size).findFirst()
                    .orElseThrow();
        }

        // ---- in one process: broadcast vs copy-per-consumer ----

        private void inProcess(List<BroadcastFork.Result> forks) {
            if (disciplines.isEmpty()) {
                return;
            }
            List<String> order = List.copyOf(disciplines.keySet());
            int sizes = profile.recordSizes().size();
            List<List<String>> rows = new ArrayList<>();
            List<List<String>> boundRows = new ArrayList<>();
            Map<String, double[]> series = new LinkedHashMap<>();
            Map<String, double[][]> seriesReps = new LinkedHashMap<>(); // per series and size: the repetitions' GB/s
            Map<String, double[][]> seriesForks = new LinkedHashMap<>(); // per series and size: each fork's median
            Map<String, List<double[]>> gbpsGroups = new LinkedHashMap<>(); // "discipline|consumers|size" -> per fork
            Map<String, List<double[]>> ratioGroups = new LinkedHashMap<>(); // "consumers|size" -> broadcast / copy
            Map<String, List<double[]>> cpuGroups = new LinkedHashMap<>(); // producer CPU ns/record per fork
            Map<String, List<double[]>> boundGroups = new LinkedHashMap<>(); // "consumers|size" -> expected ratio
            Map<String, Double> copiesPerRecord = new LinkedHashMap<>(); // "discipline|consumers|size" -> copies
            List<String> cells = new ArrayList<>(); // "consumers|size", in the profile's order
            for (int consumers : profile.consumers()) {
                for (int si = 0; si < sizes; si++) {
                    int size = profile.recordSizes().get(si);
                    String cell = consumers + "|" + size;
                    cells.add(cell);
                    long records = profile.recordsFor(size);
                    List<double[]> assemble = groups(forks, consumers, size, BroadcastFork.Cell::assemblyNanos);
                    List<double[]> write = groups(forks, consumers, size, BroadcastFork.Cell::writeNanos);
                    List<double[]> read = groups(forks, consumers, size, BroadcastFork.Cell::readNanos);
                    List<double[]> bound = new ArrayList<>();
                    for (int f = 0; f < write.size(); f++) {
                        double[] b = new double[write.get(f).length];
                        for (int r = 0; r < b.length; r++) {
                            b[r] = new WorkBound.Costs(assemble.get(f)[r], write.get(f)[r], read.get(f)[r])
                                    .bound(consumers, assembly);
                        }
                        bound.add(b);
                    }
                    List<String> boundRow = new ArrayList<>(List.of(Integer.toString(consumers), Sizes.format(size)));
                    for (String d : List.of(BROADCAST, COPY)) {
                        int k = order.indexOf(d);
                        List<double[]> pc = k < 0 ? null : groups(forks, consumers, size, c -> c.producerCpu()[k]);
                        boundRow.add(pc == null ? "—" : cell(flat(pc)));
                        if (pc != null && Arrays.stream(flat(pc)).noneMatch(Double::isNaN)) {
                            cpuGroups.put(d + "|" + cell, pc);
                            measurements.add(Measurement.ofForks(ID, labels(d, consumers, size), "producerCpu",
                                    "ns/record", false, false, pc));
                        }
                    }
                    boundRow.addAll(List.of(assembly ? cell(flat(assemble)) : "—", cell(flat(write)), cell(flat(read)),
                            cell(flat(bound)) + "×"));
                    measurements.add(Measurement.ofForks(ID, Measurement.labels("part", "work bound", "size",
                            Sizes.format(size), "consumers", consumersLabel(consumers)), "expectedBroadcastOverCopy", "x",
                            true, false, bound));
                    List<String> row = new ArrayList<>(List.of(Integer.toString(consumers), Sizes.format(size),
                            Long.toString(records)));
                    for (String d : List.of(BROADCAST, COPY)) {
                        int k = order.indexOf(d);
                        if (k < 0) {
                            row.add("—");
                            continue;
                        }
                        List<double[]> g = groups(forks, consumers, size, c -> c.gbps()[k]);
                        row.add(cell(flat(g)));
                        Map<String, String> labels = labels(d, consumers, size);
                        measurements.add(Measurement.ofForks(ID, labels, "delivered", "GB/s", true, false, g));
                        double copies = InProcess.copiesPerRecord(cellOf(forks.getFirst(), consumers, size).counters()
                                .get(k), records, size);
                        // Deterministic: the bytes the producer assembled and the queue copied, per record.
                        measurements.add(new Measurement(ID, labels, "bytesWrittenPerRecord", "bytes", false, true,
                                new double[] {copies * size}));
                        measurements.add(new Measurement(ID, labels, "copiesPerRecord", "copies", false, true,
                                new double[] {copies}));
                        copiesPerRecord.put(d + "|" + cell, copies);
                        gbpsGroups.put(d + "|" + cell, g);
                        String name = d + " × " + consumers;
                        series.computeIfAbsent(name, x -> filled(sizes))[si] = median(flat(g));
                        seriesReps.computeIfAbsent(name, x -> new double[sizes][])[si] = flat(g);
                        seriesForks.computeIfAbsent(name, x -> new double[sizes][])[si] = Chart.forkMedians(g);
                    }
                    List<double[]> b = gbpsGroups.get(BROADCAST + "|" + cell);
                    List<double[]> c = gbpsGroups.get(COPY + "|" + cell);
                    if (b != null && c != null) {
                        List<double[]> ratio = new ArrayList<>();
                        for (int f = 0; f < b.size(); f++) {
                            ratio.add(ratios(b.get(f), c.get(f)));
                        }
                        measurements.add(Measurement.ofForks(ID, Measurement.labels("part", "in-process", "strategy",
                                strategy.name(), "consumers", consumersLabel(consumers), "size", Sizes.format(size)),
                                "broadcastOverCopy", "x", true, false, ratio));
                        ratioGroups.put(cell, ratio);
                        boundGroups.put(cell, bound);
                        row.add(ratioCell(flat(b), flat(c)));
                        boundRow.addAll(List.of(ratioCell(flat(b), flat(c)), cell(ratios(flat(ratio), flat(bound)))));
                    } else {
                        row.add("—");
                        boundRow.addAll(List.of("—", "—"));
                    }
                    rows.add(row);
                    boundRows.add(boundRow);
                }
            }
            String of = String.format(Locale.ROOT, "%d (%d forks × %d)", forks.size() * profile.repetitions(),
                    forks.size(), profile.repetitions());
            String ring = Sizes.format(FanOut.CAPACITY);
            workBoundTables.add(new Table(prose("work-bound.table", "ring", ring, "expected",
                    assembly ? "(A + N·W + N·R)" : "(N·W + N·R)", "of", of),
                    List.of("consumers", "record", "producer CPU ns/record broadcast", "producer CPU ns/record copy",
                            "A ns", "W ns", "R ns", "expected broadcast / copy", "measured", "measured / expected"),
                    boundRows));
            tables.add(new Table(prose("in-process.table", "strategy", strategy.name(), "ring", ring, "of", of),
                    List.of("consumers", "record", "records", BROADCAST, COPY, "broadcast / copy"), rows));
            charts.add(new Chart("broadcast: GB/s delivered (summed over consumers) by record size", "record size",
                    "GB/s", profile.recordSizes().stream().map(Sizes::format).toList(), series, false, true)
                    .withRangeOf(prose("in-process.whiskers", "of", of), seriesReps, seriesForks));
            inProcessFigures = new InProcess(List.copyOf(cells), gbpsGroups, ratioGroups, boundGroups, cpuGroups,
                    copiesPerRecord);
            if (disciplines.containsKey(BROADCAST) && disciplines.containsKey(COPY)) {
                charts.add(InProcess.ratioChart(inProcessFigures, profile));
            }
            if (!cells.contains(GOAL_CONSUMERS + "|" + GOAL_SIZE)) {
                notes.add(prose("goals-not-judged", "profile", profile.name(), "where",
                        BroadcastClaims.where(GOAL_CONSUMERS, GOAL_SIZE)));
            }
        }

        /** The labels of discipline {@code d}'s in-process figures at one cell. */
        private Map<String, String> labels(String d, int consumers, int size) {
            return Measurement.labels("part", "in-process", "strategy", strategy.name(), "discipline", d, "consumers",
                    consumersLabel(consumers), "size", Sizes.format(size));
        }

    }

    static double[] flat(List<double[]> groups) {
        return groups.stream().flatMapToDouble(Arrays::stream).toArray();
    }

    static String consumersLabel(int consumers) {
        return consumers + (consumers == 1 ? " consumer" : " consumers");
    }

    static double[] filled(int n) {
        double[] a = new double[n];
        Arrays.fill(a, Double.NaN);
        return a;
    }
}
