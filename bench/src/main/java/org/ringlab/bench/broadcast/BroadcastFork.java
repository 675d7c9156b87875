package org.ringlab.bench.broadcast;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.QueueDiscipline;
import org.ringlab.bench.harness.ForkedTask;
import org.ringlab.bench.harness.Interleaving;
import org.ringlab.bench.util.Sizes;
import org.ringlab.bench.util.Strategies;

/**
 * One fork of the broadcast experiment: every in-process cell (consumers × record size) with
 * its disciplines in each repetition's order as the parent drew it ({@link Interleaving},
 * recorded in results.json) after the profile's warm-ups, then
 * {@link BroadcastProfile#pipeRuns()} pipe runs per packet size (each its own writer child).
 * The experiment runs it {@link BroadcastProfile#forks()} times, each in a fresh JVM, so a fork
 * is one paired round and the claims and {@code diff} resample forks, then repetitions.
 *
 * @param profile     the {@link BroadcastProfile} name
 * @param strategy    the memory strategy of every queue, resolved once in the child
 * @param disciplines the in-process disciplines, in row order
 * @param orders      per in-process cell (consumers outer, sizes inner), its repetitions' order of the disciplines
 * @param pipes       whether to run the pipe (it needs {@link BroadcastExperiment#BROADCAST})
 * @param seed        the run's seed (record contents)
 * @param assembly    whether the producer assembles each record (seed 003's conditions: broadcast in
 *                    its claimed slot, copy-per-consumer in its own buffer) or offers one prepared once
 */
record BroadcastFork(String profile, String strategy, List<String> disciplines, List<Interleaving> orders,
                     boolean pipes, long seed, boolean assembly)
        implements ForkedTask<BroadcastFork.Result> {

    /** Fork {@code fork}'s task: each cell's orders drawn now under scope {@code "broadcast C × SIZE"}. */
    static BroadcastFork drawn(BroadcastProfile p, String strategy, List<String> disciplines, boolean pipes, long seed,
                               boolean assembly, int fork) {
        List<Interleaving> orders = new ArrayList<>();
        for (int consumers : p.consumers()) {
            for (int size : p.recordSizes()) {
                orders.add(disciplines.isEmpty() ? null : Interleaving.draw(seed, "broadcast " + consumers + " × "
                        + Sizes.format(size), fork, p.repetitions(), disciplines));
            }
        }
        return new BroadcastFork(p.name(), strategy, disciplines, disciplines.isEmpty() ? List.of() : orders, pipes,
                seed, assembly);
    }

    /**
     * One in-process cell of one fork.
     *
     * @param gbps        per discipline (in {@link BroadcastFork#disciplines} order), the timed rounds' GB/s
     * @param producerCpu the same for the producer's CPU ns per record (NaN without thread CPU time)
     * @param counters    per discipline, the queue's counters after its last timed round
     * @param assemblyNanos per timed round, A of the work bound ({@link WorkBound})
     * @param writeNanos  per timed round, W of the work bound
     * @param readNanos   per timed round, R of the work bound
     */
    record Cell(int consumers, int size, long records, double[][] gbps, double[][] producerCpu,
                List<Map<String, Long>> counters, double[] assemblyNanos, double[] writeNanos, double[] readNanos) {
    }

    /** The pipe runs of one packet size in one fork. */
    record Pipe(int packet, List<PipeRun.Result> runs) {
    }

    /** What one fork sends back. */
    record Result(List<Cell> cells, List<Pipe> pipes) {
    }

    @Override
    public Result measure() {
        BroadcastProfile p = BroadcastProfile.named(profile);
        MemoryStrategy memory = Strategies.memory(strategy);
        List<QueueDiscipline> queues = disciplines.stream().map(Strategies::discipline).toList();
        try {
            List<Cell> cells = new ArrayList<>();
            if (!disciplines.isEmpty()) {
                for (int consumers : p.consumers()) {
                    for (int size : p.recordSizes()) {
                        cells.add(cell(p, memory, queues, orders.get(cells.size()), consumers, size));
                    }
                }
            }
            List<Pipe> pipeRuns = new ArrayList<>();
            if (pipes) {
                QueueDiscipline broadcast = Strategies.discipline(BroadcastExperiment.BROADCAST);
                for (int packet : p.pipePackets()) {
                    List<PipeRun.Result> runs = new ArrayList<>();
                    for (int r = 0; r < p.pipeRuns(); r++) {
                        runs.add(PipeRun.run(broadcast, memory, packet, p.pipeBytes(), p.garbageEvery(), 1, seed));
                    }
                    pipeRuns.add(new Pipe(packet, runs));
                }
            }
            return new Result(cells, pipeRuns);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while measuring " + describe(), e);
        }
    }

    private Cell cell(BroadcastProfile p, MemoryStrategy memory, List<QueueDiscipline> queues, Interleaving order,
                      int consumers, int size) throws InterruptedException {
        long records = p.recordsFor(size);
        int n = p.repetitions();
        int ds = disciplines.size();
        double[][] gbps = new double[ds][n];
        double[][] cpu = new double[ds][n];
        List<Map<String, Long>> counters = new ArrayList<>(Collections.nCopies(ds, Map.of()));
        double[] a = new double[n];
        double[] w = new double[n];
        double[] rd = new double[n];
        for (int r = -p.warmups(); r < n; r++) {
            // The drawn order: a burst of background load hits every discipline alike.
            for (int d : order.at(r)) {
                FanOut.Round round = FanOut.run(queues.get(d), memory, size, consumers, records, seed,
                        assembly(disciplines.get(d)));
                if (r >= 0) {
                    gbps[d][r] = round.gigabytesPerSecond();
                    cpu[d][r] = round.producerCpuPerRecord();
                    counters.set(d, round.counters());
                }
            }
            if (r >= 0) { // W and R in the same JVM and round as the fan-out they bound
                WorkBound.Costs c = WorkBound.measure(size, FanOut.CAPACITY);
                a[r] = c.assemblyNanos();
                w[r] = c.writeNanos();
                rd[r] = c.readNanos();
            }
        }
        return new Cell(consumers, size, records, gbps, cpu, counters, a, w, rd);
    }

    /** How the producer makes its records for {@code discipline}: seed 003's two designs, or prepared once. */
    FanOut.Assembly assembly(String discipline) {
        if (!assembly) {
            return FanOut.Assembly.PREPARED;
        }
        return BroadcastExperiment.BROADCAST.equals(discipline) ? FanOut.Assembly.IN_SLOT : FanOut.Assembly.OWN_BUFFER;
    }

    @Override
    public Class<Result> resultType() {
        return Result.class;
    }

    @Override
    public String describe() {
        return "broadcast " + String.join(" vs ", disciplines) + (pipes ? " and the pipe" : "") + " × " + strategy
                + " (profile " + profile + (assembly ? "" : ", records prepared once") + ")";
    }
}
