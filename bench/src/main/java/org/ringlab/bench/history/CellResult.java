package org.ringlab.bench.history;

import org.ringlab.bench.util.Stats;

/**
 * What one cell of the history experiment (one strategy × one element size) measured: every
 * timed sample (so medians and spreads can be recomputed), the physical-memory deltas and the
 * exact extra bytes moved. Travels from a forked JVM to the parent as one JSON record
 * ({@link org.ringlab.bench.harness.Fork}): a field added here travels with no other change.
 *
 * @param capacity          ring capacity in bytes actually allocated
 * @param writeNsPerPut     per repetition: ns per {@code put()} of one element
 * @param readNs            per repetition: ns to take {@code history()} and read all of it
 * @param pssBytes          Pss growth from before allocation to the ring being full (NaN: unknown)
 * @param rssBytes          Rss growth over the same span; a page mapped twice counts twice
 * @param pssReleasedBytes  Pss drop when the ring is closed: a cross-check of {@code pssBytes}
 * @param extraBytesPerPut  {@link org.ringlab.api.CopyCounters#extraBytes()} per timed put
 * @param extraBytesPerRead the same per timed whole-history read
 * @param error             why the cell failed, or {@code null}
 * @param round             which round (fork of this cell) measured it, from 0
 */
public record CellResult(String strategy, long elementSize, long capacity, long slots,
                         double[] writeNsPerPut, double[] readNs,
                         double pssBytes, double rssBytes, double pssReleasedBytes,
                         double extraBytesPerPut, double extraBytesPerRead,
                         boolean forked, String error, int round) {

    public CellResult(String strategy, long elementSize, long capacity, long slots, double[] writeNsPerPut,
                      double[] readNs, double pssBytes, double rssBytes, double pssReleasedBytes,
                      double extraBytesPerPut, double extraBytesPerRead, boolean forked, String error) {
        this(strategy, elementSize, capacity, slots, writeNsPerPut, readNs, pssBytes, rssBytes, pssReleasedBytes,
                extraBytesPerPut, extraBytesPerRead, forked, error, 0);
    }

    /** The same result, measured in round {@code r} (the r-th fork of its cell). */
    public CellResult inRound(int r) {
        return new CellResult(strategy, elementSize, capacity, slots, writeNsPerPut, readNs, pssBytes, rssBytes,
                pssReleasedBytes, extraBytesPerPut, extraBytesPerRead, forked, error, r);
    }

    public static CellResult failed(String strategy, long elementSize, long capacity, boolean forked, String error) {
        return new CellResult(strategy, elementSize, capacity, capacity / elementSize, new double[0], new double[0],
                Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, forked, error);
    }

    public boolean ok() {
        return error == null;
    }

    public Stats write() {
        return Stats.of(writeNsPerPut);
    }

    public Stats read() {
        return Stats.of(readNs);
    }

}
