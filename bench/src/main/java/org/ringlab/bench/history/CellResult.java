package org.ringlab.bench.history;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

import org.ringlab.bench.util.Stats;

/**
 * What one cell of the history experiment (one strategy × one element size) measured: every
 * timed sample (so medians and spreads can be recomputed), the physical-memory deltas and the
 * exact extra bytes moved. Travels from a forked JVM to the parent as one text line.
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

    public static final String LINE_PREFIX = "RINGLAB-CELL ";

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

    /** One line, {@code key=value} pairs separated by {@code ;}; names are kebab-case, so safe. */
    public String toLine() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("strategy", strategy);
        m.put("element", Long.toString(elementSize));
        m.put("capacity", Long.toString(capacity));
        m.put("slots", Long.toString(slots));
        m.put("write", join(writeNsPerPut));
        m.put("read", join(readNs));
        m.put("pss", Double.toString(pssBytes));
        m.put("rss", Double.toString(rssBytes));
        m.put("pssReleased", Double.toString(pssReleasedBytes));
        m.put("extraPut", Double.toString(extraBytesPerPut));
        m.put("extraRead", Double.toString(extraBytesPerRead));
        return LINE_PREFIX + m.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining(";"));
    }

    /** The inverse of {@link #toLine()}; {@code forked} is set by the caller. */
    public static CellResult parse(String line, boolean forked) {
        if (!line.startsWith(LINE_PREFIX)) {
            throw new IllegalArgumentException("not a cell result line: " + line);
        }
        Map<String, String> m = new LinkedHashMap<>();
        for (String pair : line.substring(LINE_PREFIX.length()).trim().split(";")) {
            int eq = pair.indexOf('=');
            if (eq < 0) {
                throw new IllegalArgumentException("malformed cell result field '" + pair + "' in: " + line);
            }
            m.put(pair.substring(0, eq), pair.substring(eq + 1));
        }
        return new CellResult(get(m, "strategy"), Long.parseLong(get(m, "element")),
                Long.parseLong(get(m, "capacity")), Long.parseLong(get(m, "slots")),
                split(get(m, "write")), split(get(m, "read")),
                Double.parseDouble(get(m, "pss")), Double.parseDouble(get(m, "rss")),
                Double.parseDouble(get(m, "pssReleased")),
                Double.parseDouble(get(m, "extraPut")), Double.parseDouble(get(m, "extraRead")),
                forked, null);
    }

    private static String get(Map<String, String> m, String key) {
        String v = m.get(key);
        if (v == null) {
            throw new IllegalArgumentException("cell result has no '" + key + "' field");
        }
        return v;
    }

    private static String join(double[] values) {
        return Arrays.stream(values).mapToObj(Double::toString).collect(Collectors.joining(","));
    }

    private static double[] split(String text) {
        return text.isEmpty() ? new double[0] : Arrays.stream(text.split(",")).mapToDouble(Double::parseDouble).toArray();
    }
}
