package org.ringlab.bench.broadcast;

import static org.ringlab.bench.util.Cells.cell;
import static org.ringlab.bench.util.Cells.median;
import static org.ringlab.bench.util.Cells.ratioCell;
import static org.ringlab.bench.util.Cells.ratios;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.QueueDiscipline;
import org.ringlab.bench.util.Environment;
import org.ringlab.bench.report.Chart;
import org.ringlab.bench.harness.Fork;
import org.ringlab.bench.harness.Estimate;
import org.ringlab.bench.harness.PooledClaims;
import org.ringlab.bench.harness.RoundPool;
import org.ringlab.bench.harness.SeedClaim;
import org.ringlab.bench.harness.Strategies;
import org.ringlab.bench.harness.Band;
import org.ringlab.bench.harness.Claim;
import org.ringlab.bench.report.Experiment;
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
 * in a seeded order drawn afresh ({@link BroadcastFork}); every repetition is kept as a sample. The seed's results are judged from its catalogue
 * ({@link BroadcastClaims}); ringlab's own goals carry {@code goal.} ids.
 */
public final class BroadcastExperiment implements Experiment {

    static final String ID = "broadcast";
    static final String SEED = "003_d4a13714bb0f294c.txt";
    static final String BROADCAST = "broadcast";
    static final String COPY = "copy-per-consumer";
    /**
     * ringlab's own goals (not the seed's): broadcast ≥ 3× copy-per-consumer, ≥ 3 GB/s delivered,
     * both at 1 producer × 4 consumers, 64 KiB.
     */
    static final double RATIO_GOAL = 3.0;
    static final double IN_PROCESS_GOAL = 3.0;
    /** The goal's cell: 4 consumers, 64 KiB records. */
    static final int GOAL_CONSUMERS = 4;
    static final int GOAL_SIZE = 64 * 1024;
    /**
     * Kinds of figure whose round variances pool ({@link RoundPool}), each over every cell
     * (consumers × record size) where it was measured, though a claim is judged at one.
     */
    static final String RATIO_POOL = BroadcastClaims.RATIO_POOL;
    static final String GBPS_POOL = "in-process broadcast GB/s";
    static final String BOUND_POOL = "measured / expected broadcast-over-copy";
    static final String CPU_POOL = "copy / broadcast producer CPU ratios";

    /** Section {@code section} of broadcast's notes.md. */
    static String prose(String section, Object... keyValues) {
        return Prose.of(BroadcastExperiment.class, "notes.md", section, keyValues);
    }

    static List<String> concat(List<String> a, List<String> b) {
        List<String> c = new ArrayList<>(a);
        c.addAll(b);
        return c;
    }

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String seed() {
        return SEED;
    }

    @Override
    public String description() {
        return "taskBus QSARC: 1 producer × 1/2/4 consumers, single-copy broadcast vs copy-per-consumer, "
                + "framed packets through OS pipes between processes";
    }

    @Override
    public java.util.Set<String> metrics() {
        return BroadcastClaims.METRICS;
    }

    @Override
    public Optional<org.ringlab.bench.report.ExperimentOptions> options() {
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
        /** Judged once every part has run, so alike figures of every cell pool their round variance. */
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
                pipes(forks);
                tables.addAll(workBoundTables);
                notes.add(prose(assembly ? "assembly" : "no-assembly"));
                notes.add(prose("machine"));
                notes.add(prose("load", "before", loadBefore, "after", Environment.loadAverage()));
            }
            BroadcastProfile p = profile;
            InProcess f = assembly ? inProcessFigures : null;
            BroadcastClaims.Pipes pf = pipeFigures;
            claims.addAll(pool -> BroadcastClaims.seedClaims(pool, f, pf, p, this::absent));
            if (inProcessFigures != null) {
                InProcess all = inProcessFigures;
                claims.addAll(pool -> goals(pool, all, p));
            }
            return new ExperimentResult(ID, SEED, "broadcast: seed 003's single-copy broadcast (QSARC)", profile.name(),
                    measurements, tables, charts, claims.judge(), notes, skipped);
        }

        private void select() {
            Strategies.Selection chosen = Strategies.select(ID, context, List.of(BROADCAST, COPY), skipped);
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
                                             java.util.function.Function<BroadcastFork.Cell, double[]> of) {
            return forks.stream().map(f -> of.apply(f.cells().stream()
                    .filter(c -> c.consumers() == consumers && c.size() == size).findFirst().orElseThrow())).toList();
        }

        // ---- in one process: broadcast vs copy-per-consumer ----

        private void inProcess(List<BroadcastFork.Result> forks) {
            if (disciplines.isEmpty()) {
                return;
            }
            List<String> order = List.copyOf(disciplines.keySet());
            List<List<String>> rows = new ArrayList<>();
            List<String> sizes = profile.recordSizes().stream().map(s -> Sizes.format(s)).toList();
            Map<String, double[]> series = new LinkedHashMap<>();
            Map<String, double[][]> seriesReps = new LinkedHashMap<>(); // per series and size: the repetitions' GB/s
            Map<String, double[][]> seriesForks = new LinkedHashMap<>(); // per series and size: each fork's median
            Map<String, List<double[]>> gbpsGroups = new LinkedHashMap<>(); // "discipline|consumers|size" -> per fork
            Map<String, List<double[]>> ratioGroups = new LinkedHashMap<>(); // "consumers|size" -> broadcast / copy
            Map<String, List<double[]>> cpuGroups = new LinkedHashMap<>(); // producer CPU ns/record per fork
            Map<String, List<double[]>> boundGroups = new LinkedHashMap<>(); // "consumers|size" -> expected ratio
            Map<String, Double> copiesPerRecord = new LinkedHashMap<>(); // "discipline|consumers|size" -> copies
            List<List<String>> boundRows = new ArrayList<>();
            int timed = forks.size() * profile.repetitions();
            List<String> cells = new ArrayList<>(); // "consumers|size", in the profile's order
            for (int consumers : profile.consumers()) {
                for (int si = 0; si < profile.recordSizes().size(); si++) {
                    int size = profile.recordSizes().get(si);
                    cells.add(consumers + "|" + size);
                    long records = profile.recordsFor(size);
                    Map<String, List<double[]>> gbps = new LinkedHashMap<>();
                    Map<String, List<double[]>> producerCpu = new LinkedHashMap<>();
                    for (int d = 0; d < order.size(); d++) {
                        int k = d;
                        gbps.put(order.get(d), groups(forks, consumers, size, c -> c.gbps()[k]));
                        producerCpu.put(order.get(d), groups(forks, consumers, size, c -> c.producerCpu()[k]));
                    }
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
                        List<double[]> pc = producerCpu.get(d);
                        boundRow.add(pc == null ? "—" : cell(flat(pc)));
                        if (pc != null && java.util.Arrays.stream(flat(pc)).noneMatch(Double::isNaN)) {
                            cpuGroups.put(d + "|" + consumers + "|" + size, pc);
                            measurements.add(Measurement.ofForks(ID, Measurement.labels("part", "in-process",
                                    "strategy", strategy.name(), "discipline", d, "consumers", consumersLabel(consumers),
                                    "size", Sizes.format(size)), "producerCpu", "ns/record", false, false, pc));
                        }
                    }
                    boundRow.add(assembly ? cell(flat(assemble)) : "—");
                    boundRow.add(cell(flat(write)));
                    boundRow.add(cell(flat(read)));
                    boundRow.add(cell(flat(bound)) + "×");
                    measurements.add(Measurement.ofForks(ID, Measurement.labels("part", "work bound", "size",
                            Sizes.format(size), "consumers", consumersLabel(consumers)), "expectedBroadcastOverCopy", "x",
                            true, false, bound));
                    List<String> row = new ArrayList<>(List.of(Integer.toString(consumers), Sizes.format(size),
                            Long.toString(records)));
                    for (String d : List.of(BROADCAST, COPY)) {
                        List<double[]> g = gbps.get(d);
                        row.add(g == null ? "—" : cell(flat(g)));
                        if (g == null) {
                            continue;
                        }
                        Map<String, String> labels = Measurement.labels("part", "in-process", "strategy", strategy.name(),
                                "discipline", d, "consumers", consumersLabel(consumers), "size", Sizes.format(size));
                        measurements.add(Measurement.ofForks(ID, labels, "delivered", "GB/s", true, false, g));
                        BroadcastFork.Cell first = forks.getFirst().cells().stream()
                                .filter(c -> c.consumers() == consumers && c.size() == size).findFirst().orElseThrow();
                        Map<String, Long> counters = first.counters().get(order.indexOf(d));
                        double copies = copiesPerRecord(counters, records, size);
                        // Deterministic: the bytes the producer assembled and the queue copied, per record.
                        measurements.add(new Measurement(ID, labels, "bytesWrittenPerRecord", "bytes", false, true,
                                new double[] {copies * size}));
                        measurements.add(new Measurement(ID, labels, "copiesPerRecord", "copies", false, true,
                                new double[] {copies}));
                        copiesPerRecord.put(d + "|" + consumers + "|" + size, copies);
                        gbpsGroups.put(d + "|" + consumers + "|" + size, g);
                        series.computeIfAbsent(d + " × " + consumers, k -> filled(profile.recordSizes().size()))[si] =
                                median(flat(g));
                        seriesReps.computeIfAbsent(d + " × " + consumers,
                                k -> new double[profile.recordSizes().size()][])[si] = flat(g);
                        seriesForks.computeIfAbsent(d + " × " + consumers,
                                k -> new double[profile.recordSizes().size()][])[si] = Chart.forkMedians(g);
                    }
                    List<double[]> b = gbps.get(BROADCAST);
                    List<double[]> c = gbps.get(COPY);
                    if (b != null && c != null) {
                        List<double[]> ratio = new ArrayList<>();
                        for (int f = 0; f < b.size(); f++) {
                            ratio.add(ratios(b.get(f), c.get(f)));
                        }
                        row.add(ratioCell(flat(b), flat(c)));
                        measurements.add(Measurement.ofForks(ID, Measurement.labels("part", "in-process", "strategy",
                                strategy.name(), "consumers", consumersLabel(consumers), "size", Sizes.format(size)),
                                "broadcastOverCopy", "x", true, false, ratio));
                        ratioGroups.put(consumers + "|" + size, ratio);
                        boundGroups.put(consumers + "|" + size, bound);
                        boundRow.add(ratioCell(flat(b), flat(c)));
                        boundRow.add(cell(ratios(flat(ratio), flat(bound))));
                    } else {
                        row.add("—");
                    }
                    rows.add(row);
                    boundRows.add(boundRow);
                }
            }
            String of = String.format(Locale.ROOT, "%d (%d forks × %d)", timed, forks.size(), profile.repetitions());
            workBoundTables.add(new Table("the work bound of the in-process fan-out: A = assemble one record in the "
                    + "producer's own buffer, W = write one record, R = read one record's bytes (ns, one thread, "
                    + Sizes.format(FanOut.CAPACITY) + " of memory, same JVM and round); expected broadcast / copy = "
                    + (assembly ? "(A + N·W + N·R)" : "(N·W + N·R)") + " / (W + N·R); the producer thread's CPU per "
                    + "record (waiting on a full ring included); median [min..max] of " + of,
                    List.of("consumers", "record", "producer CPU ns/record broadcast", "producer CPU ns/record copy",
                            "A ns", "W ns", "R ns", "expected broadcast / copy", "measured", "measured / expected"),
                    boundRows.stream().map(r -> r.size() == 8 ? concat(r, List.of("—", "—")) : r).toList()));
            tables.add(new Table("1 producer × N consumer threads in one process, every consumer reads every byte, "
                    + strategy.name() + ", ring " + Sizes.format(FanOut.CAPACITY) + " (GB/s delivered summed over the "
                    + "consumers, median [min..max] of " + of + ")",
                    List.of("consumers", "record", "records", BROADCAST, COPY, "broadcast / copy"), rows));
            charts.add(new Chart("broadcast: GB/s delivered (summed over consumers) by record size", "record size",
                    "GB/s", sizes, series, false, true)
                    .withRangeOf("whiskers: min–max of the " + of + " repetitions; dots: each fork's median",
                            seriesReps, seriesForks));

            InProcess figures = new InProcess(List.copyOf(cells), gbpsGroups, ratioGroups, boundGroups, cpuGroups,
                    copiesPerRecord);
            if (disciplines.containsKey(BROADCAST) && disciplines.containsKey(COPY)) {
                charts.add(ratioChart(figures, profile));
            }
            inProcessFigures = figures;
            if (!cells.contains(GOAL_CONSUMERS + "|" + GOAL_SIZE)) {
                notes.add("profile " + profile.name() + " has no " + where(GOAL_CONSUMERS, GOAL_SIZE) + " cell: "
                        + "ringlab's throughput goals are stated but not judged");
            }
        }

        // ---- between processes: framed packets through a pipe ----

        private void pipes(List<BroadcastFork.Result> forks) {
            if (!disciplines.containsKey(BROADCAST)) {
                return;
            }
            List<List<String>> rows = new ArrayList<>();
            double best = 0;
            int bestIndex = 0;
            List<List<double[]>> everySize = new ArrayList<>(); // per packet size, its GB/s a group per fork
            long badTotal = 0;
            long junkTotal = 0;
            long packetsTotal = 0;
            for (int pi = 0; pi < profile.pipePackets().size(); pi++) {
                int packet = profile.pipePackets().get(pi);
                List<double[]> gbps = new ArrayList<>();
                List<double[]> bad = new ArrayList<>();
                PipeRun.Result last = null;
                for (BroadcastFork.Result fork : forks) {
                    BroadcastFork.Pipe p = fork.pipes().get(pi);
                    if (p.packet() != packet) {
                        throw new IllegalStateException("a broadcast fork sent pipe runs of " + p.packet()
                                + "-byte packets where " + packet + " were expected");
                    }
                    gbps.add(p.runs().stream().mapToDouble(PipeRun.Result::gigabytesPerSecond).toArray());
                    bad.add(p.runs().stream().mapToDouble(r -> r.framer().get("badHeaders")).toArray());
                    for (PipeRun.Result r : p.runs()) {
                        badTotal += r.framer().get("badHeaders");
                        junkTotal += r.insertedJunk();
                        packetsTotal += r.packets();
                        last = r;
                    }
                }
                Map<String, String> labels = Measurement.labels("part", "pipe", "strategy", strategy.name(), "discipline", BROADCAST,
                        "packet", Sizes.format(packet));
                measurements.add(Measurement.ofForks(ID, labels, "pipe", "GB/s", true, false, gbps));
                everySize.add(gbps);
                measurements.add(Measurement.ofForks(ID, labels, "badHeaders", "count", false, true, bad));
                measurements.add(new Measurement(ID, labels, "stagedBytesPerPacket", "bytes", false, true,
                        new double[] {(double) last.framer().get("stagedBytes") / last.packets()}));
                rows.add(List.of(Sizes.format(packet), Long.toString(last.packets()), cell(flat(gbps)),
                        String.format(Locale.ROOT, "%.0f of %d inserted", median(flat(bad)), last.insertedJunk()),
                        Long.toString(last.framer().get("truncatedPackets")),
                        Sizes.format(last.framer().get("bytesRead") / Math.max(1, last.framer().get("reads")))));
                if (median(flat(gbps)) > best) {
                    best = median(flat(gbps));
                    bestIndex = pi;
                }
            }
            tables.add(new Table("framed packets between processes: a child JVM writes seed 003's framed packets (junk "
                    + "before every " + profile.garbageEvery() + "th) into its stdout pipe, StreamFramer reassembles "
                    + "them into a 1-consumer broadcast queue on " + strategy.name() + ", the consumer reads every byte "
                    + "(GB/s of pipe bytes from the first byte to the last packet consumed, median [min..max] of "
                    + forks.size() * profile.pipeRuns() + ": " + forks.size() + " forks × " + profile.pipeRuns() + ")",
                    List.of("packet", "packets", "GB/s", "bad headers", "truncated", "bytes per read"), rows));
            pipeFigures = new BroadcastClaims.Pipes(profile.pipePackets(), List.copyOf(everySize), bestIndex);
            claims.add(Claim.goal("pipe-resync", new Claim("a bad header is counted and the framer resynchronises on "
                    + "the next prefix without dropping the rest of the stream",
                    badTotal + " bad headers counted for " + junkTotal + " junk insertions; all " + packetsTotal
                            + " packets delivered intact",
                    badTotal == junkTotal ? Claim.Verdict.REPRODUCED : Claim.Verdict.DIFFERS)));
            notes.add("the pipe is read through Process.getInputStream() (an InputStream), so StreamFramer stages "
                    + "each read through its 16 KiB chunk array (stagedBytesPerPacket); a channel would read "
                    + "straight into the slot");
        }
    }

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
    }

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
    private static Map<String, Estimate> everyCell(List<String> cells,
                                                   java.util.function.Function<String, Estimate> of) {
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
            String name = consumersLabel(consumers);
            double[][] v = new double[4][sizes.size()];
            double[][] dots = new double[sizes.size()][];
            for (int si = 0; si < sizes.size(); si++) {
                String k = consumers + "|" + profile.recordSizes().get(si);
                Estimate x = e.getOrDefault(k, Estimate.NONE);
                v[0][si] = x.ratio();
                v[1][si] = x.low();
                v[2][si] = x.high();
                dots[si] = x == Estimate.NONE ? new double[0] : ratios(Chart.forkMedians(f.gbps().get(BROADCAST + "|"
                        + k)), Chart.forkMedians(f.gbps().get(COPY + "|" + k)));
            }
            point.put(name, v[0]);
            low.put(name, v[1]);
            high.put(name, v[2]);
            forks.put(name, dots);
        }
        // Log axis: a t interval is symmetric in the log, and a cell left out of its pool (df 1) spans decades.
        return new Chart("broadcast: broadcast / copy-per-consumer GB/s by record size (95 % interval)", "record size",
                "broadcast GB/s ÷ copy-per-consumer GB/s (1 = as fast; log)", sizes, point, false, true, low, high, 1,
                "whiskers: the 95 % t interval over the forks (paired rounds), the round variance pooled over every "
                        + "cell as the claims'; dots: each fork's ratio of medians", forks);
    }

    private static String where(int consumers, int size) {
        return BroadcastClaims.where(consumers, size);
    }

    /**
     * ringlab's own goals in one process (none is a seed's result): broadcast ≥ 3× copy-per-consumer
     * and ≥ 3 GB/s at 4 consumers × 64 KiB, the gain the work bound allows, and the producer's CPU.
     */
    static List<Claim> goals(RoundPool pool, InProcess f, BroadcastProfile profile) {
        int most = profile.consumers().stream().mapToInt(Integer::intValue).max().orElseThrow();
        int largest = profile.recordSizes().stream().mapToInt(Integer::intValue).max().orElseThrow();
        List<Claim> out = new ArrayList<>();
        Map<String, List<double[]>> gbpsGroups = f.gbps();
        Map<String, Estimate> ratio = broadcastOverCopy(pool, f);
        Map<String, Estimate> rate = everyCell(f.cells(), k -> gbpsGroups.containsKey(BROADCAST + "|" + k)
                ? pool.figureOfForks(GBPS_POOL, gbpsGroups.get(BROADCAST + "|" + k)) : null);
        // Paired: round r's broadcast / copy against round r's work bound, in the same fork.
        Map<String, Estimate> bound = everyCell(f.cells(), k -> ratio.containsKey(k) ? pool.ratioOfForks(BOUND_POOL,
                f.ratio().get(k), f.bound().get(k)) : null);
        Map<String, Estimate> cpuRatio = everyCell(f.cells(), k -> !k.startsWith("1|")
                && f.cpu().containsKey(BROADCAST + "|" + k) && f.cpu().containsKey(COPY + "|" + k)
                ? pool.ratioOfForks(CPU_POOL, f.cpu().get(COPY + "|" + k), f.cpu().get(BROADCAST + "|" + k)) : null);
        String goalCell = GOAL_CONSUMERS + "|" + GOAL_SIZE;
        List<double[]> b = gbpsGroups.get(BROADCAST + "|" + goalCell);
        List<double[]> c = gbpsGroups.get(COPY + "|" + goalCell);
        String goalWhere = where(GOAL_CONSUMERS, GOAL_SIZE);
        String ratioClaim = String.format(Locale.ROOT, "broadcast ≥ %s× the throughput of copy-per-consumer (%s; on two "
                + "cores the work bound caps it lower)", BroadcastClaims.num(RATIO_GOAL), goalWhere);
        String notThere = "not measured: profile " + profile.name() + " has no " + goalWhere + " cell";
        if (ratio.containsKey(goalCell)) {
            out.add(Claim.goal("broadcast-over-copy", SeedClaim.of(ratioClaim, BroadcastClaims.num(RATIO_GOAL) + "×")
                    .atLeast("broadcast / copy GB/s at " + goalWhere, RATIO_GOAL, ratio.get(goalCell))
                    .build().toClaim(String.format(Locale.ROOT, "%.2f vs %.2f GB/s (medians)", median(flat(b)),
                            median(flat(c))))));
        } else {
            out.add(Claim.goal("broadcast-over-copy", SeedClaim.notMeasured(ratioClaim, BroadcastClaims.num(RATIO_GOAL) + "×",
                    f.cells().contains(goalCell) ? "not measured: both disciplines are needed" : notThere)));
        }
        String rateClaim = String.format(Locale.ROOT, "broadcast delivers ≥ %s GB/s summed over its consumers in one "
                + "process (%s)", BroadcastClaims.num(IN_PROCESS_GOAL), goalWhere);
        if (rate.containsKey(goalCell)) {
            out.add(Claim.goal("in-process-gbps", SeedClaim.of(rateClaim, BroadcastClaims.num(IN_PROCESS_GOAL) + " GB/s")
                    .atLeast("broadcast GB/s at " + goalWhere, IN_PROCESS_GOAL, rate.get(goalCell)).build().toClaim("")));
        } else {
            out.add(Claim.goal("in-process-gbps", SeedClaim.notMeasured(rateClaim, BroadcastClaims.num(IN_PROCESS_GOAL) + " GB/s",
                    f.cells().contains(goalCell) ? "not measured: broadcast not selected" : notThere)));
        }
        String top = most + "|" + largest;
        String where = where(most, largest);
        List<double[]> expected = f.bound().get(top);
        if (bound.containsKey(top)) {
            out.add(Claim.goal("work-bound", SeedClaim.of(String.format(Locale.ROOT, "one copy instead of one per "
                                    + "consumer gains what the work allows (the work bound, with A, W and R measured in "
                                    + "this run) at %s: measured / expected within %.2f× either way", where, Band.WIDTH),
                            "bound here " + cell(flat(expected)) + "×")
                    .within("measured / expected broadcast-over-copy", 1 / Band.WIDTH, Band.WIDTH, bound.get(top))
                    .build().toClaim(String.format(Locale.ROOT, "measured %.2f×, expected %.2f× (medians)",
                            median(flat(f.ratio().get(top))), median(flat(expected))))));
        }
        // The producer's CPU per record: one write per record whatever N for broadcast, N for copy-per-consumer.
        String cpuText = String.format(Locale.ROOT, "one copy serves every consumer, so broadcast's producer spends "
                + "less CPU per record than copy-per-consumer's once there are 2 or more consumers (%s records; "
                + "copy / broadcast producer CPU per record ≥ 1 at each N ≥ 2)", Sizes.format(largest));
        SeedClaim.Builder cpu = SeedClaim.of(cpuText, "≥ 1");
        StringBuilder cpuDetail = new StringBuilder();
        boolean checked = false;
        for (int n : profile.consumers()) {
            List<double[]> pb = f.cpu().get(BROADCAST + "|" + n + "|" + largest);
            List<double[]> pcpy = f.cpu().get(COPY + "|" + n + "|" + largest);
            if (pb == null || pcpy == null) {
                continue;
            }
            cpuDetail.append(cpuDetail.isEmpty() ? "" : ", ").append(String.format(Locale.ROOT,
                    "%d consumer%s: broadcast %.0f, copy %.0f ns/record", n, n == 1 ? "" : "s", median(flat(pb)),
                    median(flat(pcpy))));
            if (n >= 2) {
                cpu.atLeast("copy / broadcast producer CPU at " + n + " consumers", 1, cpuRatio.get(n + "|" + largest));
                checked = true;
            }
        }
        out.add(Claim.goal("producer-cpu", checked ? cpu.build().toClaim(cpuDetail.toString())
                : SeedClaim.notMeasured(cpuText, "≥ 1",
                "not measured: no thread CPU time, one discipline, or no cell with 2 or more consumers")));
        return out;
    }

    /** A fork's child JVM that takes longer is stuck; quick's forks take a few seconds, full's a few minutes. */
    static final java.time.Duration TIMEOUT = java.time.Duration.ofMinutes(20);

    static double[] flat(List<double[]> groups) {
        return groups.stream().flatMapToDouble(java.util.Arrays::stream).toArray();
    }

    static String consumersLabel(int consumers) {
        return consumers + (consumers == 1 ? " consumer" : " consumers");
    }

    static double[] filled(int n) {
        double[] a = new double[n];
        java.util.Arrays.fill(a, Double.NaN);
        return a;
    }
}
