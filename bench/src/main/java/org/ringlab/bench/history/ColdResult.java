package org.ringlab.bench.history;

/**
 * What one strategy's {@link ColdRun} measured in one round: seed 000's write and read runs timed
 * whole, from a fresh mapping to its unmapping, and its example program's sums. Travels from a
 * forked JVM to the parent as one JSON record.
 *
 * @param plan         the runs' sizes
 * @param writeNs      the write run's wall time: allocation, every put, close
 * @param writeCpuNs   the measuring thread's CPU time over the same span
 * @param writeFaults  the measuring thread's minor page faults over it (NaN: no /proc)
 * @param writePss     Pss the full ring added (NaN: unknown)
 * @param writeRss     Rss the full ring added; a page touched through two mappings counts twice
 * @param writeVsz     address space (VmSize) the ring added
 * @param readNs       the read run's wall time: allocation, the loads, close
 * @param readCpuNs    the measuring thread's CPU time over it
 * @param readFaults   its minor page faults
 * @param exampleSums  the example's element sums 0..3 and the whole history's, or empty when not run
 * @param error        why the run failed, or {@code null}
 * @param round        which round measured it, from 0
 */
public record ColdResult(String strategy, ColdRun.ColdPlan plan, long writeNs, long writeCpuNs, double writeFaults,
                         double writePss, double writeRss, double writeVsz, long readNs, long readCpuNs,
                         double readFaults, long[] exampleSums, boolean forked, String error, int round) {

    public static ColdResult failed(String strategy, ColdRun.ColdPlan plan, boolean forked, String error) {
        return new ColdResult(strategy, plan, 0, 0, Double.NaN, Double.NaN, Double.NaN, Double.NaN, 0, 0, Double.NaN,
                new long[0], forked, error, 0);
    }

    /** The same result, measured in round {@code r}. */
    public ColdResult inRound(int r) {
        return new ColdResult(strategy, plan, writeNs, writeCpuNs, writeFaults, writePss, writeRss, writeVsz, readNs,
                readCpuNs, readFaults, exampleSums, forked, error, r);
    }

    public boolean ok() {
        return error == null;
    }
}
