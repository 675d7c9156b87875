package org.ringlab.bench.broadcast;

import static org.ringlab.bench.broadcast.BroadcastExperiment.BROADCAST;
import static org.ringlab.bench.broadcast.BroadcastExperiment.ID;
import static org.ringlab.bench.broadcast.BroadcastExperiment.flat;
import static org.ringlab.bench.broadcast.BroadcastExperiment.prose;
import static org.ringlab.bench.util.Cells.cell;
import static org.ringlab.bench.util.Cells.median;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.ringlab.bench.harness.PooledClaims;
import org.ringlab.bench.harness.Claim;
import org.ringlab.bench.report.Measurement;
import org.ringlab.bench.report.Table;
import org.ringlab.bench.util.Sizes;

/**
 * The pipe part of the broadcast experiment: framed packets from a child JVM through an OS pipe,
 * reassembled by {@code StreamFramer} into a broadcast queue; its measurements, its table and
 * the resynchronisation goal, from every fork's pipe runs.
 */
final class PipeFigures {

    private PipeFigures() {
    }

    /** Records the pipe's figures and returns what the seed's pipe claim is judged on. */
    static BroadcastClaims.Pipes judge(BroadcastProfile profile, String strategy, List<BroadcastFork.Result> forks,
                                       List<Measurement> measurements, List<Table> tables, PooledClaims claims,
                                       List<String> notes) {
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
            Map<String, String> labels = Measurement.labels("part", "pipe", "strategy", strategy, "discipline",
                    BROADCAST, "packet", Sizes.format(packet));
            measurements.add(Measurement.ofForks(ID, labels, "pipe", "GB/s", true, false, gbps));
            everySize.add(gbps);
            measurements.add(Measurement.ofForks(ID, labels, "badHeaders", "count", false, true, bad));
            measurements.add(new Measurement(ID, labels, "stagedBytesPerPacket", "bytes", false, true,
                    new double[] {(double) last.framer().get("stagedBytes") / last.packets()}));
            rows.add(List.of(Sizes.format(packet), Long.toString(last.packets()), cell(flat(gbps)),
                    String.format(Locale.ROOT, "%.0f of %d inserted", median(flat(bad)), last.insertedJunk()),
                    Long.toString(last.framer().get("truncatedPackets")),
                    Sizes.format(last.framer().get("bytesRead") / Math.max(1, last.framer().get("reads")))));
            if (median(flat(gbps)) > best) { // the best packet size is the one judged
                best = median(flat(gbps));
                bestIndex = pi;
            }
        }
        tables.add(new Table(prose("pipe.table", "every", profile.garbageEvery(), "strategy", strategy, "samples",
                forks.size() * profile.pipeRuns(), "forks", forks.size(), "runs", profile.pipeRuns()),
                List.of("packet", "packets", "GB/s", "bad headers", "truncated", "bytes per read"), rows));
        claims.add(Claim.goal("pipe-resync", new Claim(prose("pipe.resync"), badTotal + " bad headers counted for "
                + junkTotal + " junk insertions; all " + packetsTotal + " packets delivered intact",
                badTotal == junkTotal ? Claim.Verdict.REPRODUCED : Claim.Verdict.DIFFERS)));
        notes.add(prose("pipe.staged"));
        return new BroadcastClaims.Pipes(profile.pipePackets(), List.copyOf(everySize), bestIndex);
    }
}
