package org.ringlab.bench.broadcast;

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

import org.ringlab.bench.harness.PooledClaims;

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
            Map<String, String> labels = Measurement.labels("part", "pipe", "strategy", strategy, "discipline", BroadcastExperiment.BROADCAST,
                    "packet", Sizes.format(packet));
            measurements.add(Measurement.ofForks(BroadcastExperiment.ID, labels, "pipe", "GB/s", true, false, gbps));
            everySize.add(gbps);
            measurements.add(Measurement.ofForks(BroadcastExperiment.ID, labels, "badHeaders", "count", false, true, bad));
            measurements.add(new Measurement(BroadcastExperiment.ID, labels, "stagedBytesPerPacket", "bytes", false, true,
                    new double[] {(double) last.framer().get("stagedBytes") / last.packets()}));
            rows.add(List.of(Sizes.format(packet), Long.toString(last.packets()), cell(BroadcastExperiment.flat(gbps)),
                    String.format(Locale.ROOT, "%.0f of %d inserted", median(BroadcastExperiment.flat(bad)), last.insertedJunk()),
                    Long.toString(last.framer().get("truncatedPackets")),
                    Sizes.format(last.framer().get("bytesRead") / Math.max(1, last.framer().get("reads")))));
            if (median(BroadcastExperiment.flat(gbps)) > best) {
                best = median(BroadcastExperiment.flat(gbps));
                bestIndex = pi;
            }
        }
        tables.add(new Table("framed packets between processes: a child JVM writes seed 003's framed packets (junk "
                + "before every " + profile.garbageEvery() + "th) into its stdout pipe, StreamFramer reassembles "
                + "them into a 1-consumer broadcast queue on " + strategy + ", the consumer reads every byte "
                + "(GB/s of pipe bytes from the first byte to the last packet consumed, median [min..max] of "
                + forks.size() * profile.pipeRuns() + ": " + forks.size() + " forks × " + profile.pipeRuns() + ")",
                List.of("packet", "packets", "GB/s", "bad headers", "truncated", "bytes per read"), rows));
        claims.add(Claim.goal("pipe-resync", new Claim("a bad header is counted and the framer resynchronises on "
                + "the next prefix without dropping the rest of the stream",
                badTotal + " bad headers counted for " + junkTotal + " junk insertions; all " + packetsTotal
                        + " packets delivered intact",
                badTotal == junkTotal ? Claim.Verdict.REPRODUCED : Claim.Verdict.DIFFERS)));
        notes.add("the pipe is read through Process.getInputStream() (an InputStream), so StreamFramer stages "
                + "each read through its 16 KiB chunk array (stagedBytesPerPacket); a channel would read "
                + "straight into the slot");
        return new BroadcastClaims.Pipes(profile.pipePackets(), List.copyOf(everySize), bestIndex);
    }
}
