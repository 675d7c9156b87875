package org.ringlab.bench.anchors;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.ringlab.bench.harness.Estimate;
import org.ringlab.bench.harness.Claim;
import org.ringlab.bench.report.Table;
import org.ringlab.bench.util.Sizes;
import org.ringlab.bench.util.Stats;

/**
 * The fair strategy comparison as tables: spsc's one-thread cost on every strategy, its cost
 * above spsc on the default mirrored strategy (paired interval), beside the strategy's mechanism
 * measured in the same run; and drain(32) against drain(1).
 */
final class StrategyTable {

    private StrategyTable() {
    }

    static Table of(AnchorClaims judged, List<String> anchors) {
        List<String> headers = List.of("anchor", "size", "ns CPU/record", "× mirrored [95 %]", "extra ns",
                "mechanism B/record", "mechanism ns", "beyond mechanism ns [95 %]");
        List<List<String>> rows = new ArrayList<>();
        AnchorClaims.Intervals in = judged.intervals();
        for (int i = 0; i < AnchorSamples.SIZES.length; i++) {
            int size = i;
            double base = judged.median(judged.mirrored(), AnchorClaims.path(i));
            for (String anchor : anchors) {
                if (Anchors.strategyOf(anchor) == null) {
                    continue;
                }
                List<String> row = new ArrayList<>(List.of(anchor, Sizes.format(AnchorSamples.SIZES[i])));
                double path = judged.median(anchor, AnchorClaims.path(i));
                row.add(String.format(Locale.ROOT, "%.1f", path));
                boolean self = anchor.equals(judged.mirrored());
                row.add(self ? "1 (baseline)" : interval(in.overMirrored(anchor, i)));
                row.add(self ? "-" : String.format(Locale.ROOT, "%+.1f", path - base));
                row.add(String.format(Locale.ROOT, "%.2f", judged.median(anchor, s -> s.mechanismBytes()[size])));
                row.add(String.format(Locale.ROOT, "%.1f", judged.median(anchor, AnchorClaims.mechanism(i))));
                row.add(self ? "-" : nanos(in.lessMechanismOverMirrored(anchor, i), base));
                rows.add(row);
            }
        }
        return new Table("Fair strategy comparison: spsc's one-thread CPU ns per record on every strategy, its cost above "
                + judged.mirrored() + " (ratio with its paired 95 % interval), beside what the strategy's memory has "
                + "to do, measured in the same run (mechanism: bytes moved beyond the one copy in and out, plus "
                + "padding, and the time of those copies alone); 'beyond mechanism' = extra ns − mechanism ns",
                headers, rows);
    }

    static Table drain(AnchorClaims judged, List<Claim> claims) {
        List<String> headers = List.of("threads", "unit", "drain(1)", "drain(32)", "drain(32) speed-up [95 %]", "verdict");
        List<List<String>> rows = new ArrayList<>();
        String[] names = {"one thread", "two threads"};
        String[] units = {"ns CPU/record", "records/µs"};
        String[] claimStart = {"drain(32) is at least", "drain(32) is not slower"};
        for (int t = 0; t < 2; t++) {
            int one = 2 * t;
            int batch = 2 * t + 1;
            String mirrored = judged.mirrored();
            List<String> row = new ArrayList<>(List.of(names[t], units[t]));
            if (!judged.has(mirrored)) {
                continue;
            }
            row.add(spread(judged, mirrored, one));
            row.add(spread(judged, mirrored, batch));
            int k = t;
            Claim claim = claims.stream().filter(c -> c.claim().startsWith(claimStart[k])).findFirst().orElse(null);
            row.add(claim == null || !claim.judgement().hasInterval() ? "-" : claim.judgement().interval());
            row.add(claim == null ? "-" : claim.verdict().name().toLowerCase(Locale.ROOT));
            rows.add(row);
        }
        return new Table("drain(32) against drain(1), spsc on " + judged.mirrored() + ", 64-byte records (median "
                + "[min–max] of every repetition; speed-up: ratio of medians with its paired 95 % interval)", headers, rows);
    }

    private static String spread(AnchorClaims judged, String anchor, int column) {
        Stats s = Stats.of(judged.groups(anchor, x -> x.drain()[column]).stream()
                .flatMapToDouble(java.util.Arrays::stream).toArray());
        return String.format(Locale.ROOT, "%.2f [%.2f–%.2f]", s.median(), s.min(), s.max());
    }

    static String interval(Estimate e) {
        return e.known() ? String.format(Locale.ROOT, "%.2f× [%.2f, %.2f]", e.ratio(), e.low(), e.high()) : "-";
    }

    /** A ratio over mirrored's {@code base} ns, in ns above it. */
    static String nanos(Estimate e, double base) {
        return e.known() ? String.format(Locale.ROOT, "%+.1f [%+.1f, %+.1f]", (e.ratio() - 1) * base,
                (e.low() - 1) * base, (e.high() - 1) * base) : "-";
    }
}
