package org.ringlab.bench.report;

import org.ringlab.bench.harness.Claim;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import org.ringlab.bench.util.TextTable;

/**
 * Every claim's verdict across several runs ({@code ringlab verdicts}): the goal is that
 * runs of one commit never call a claim confirmed in one and DIFFERS in another. A claim is
 * keyed by its experiment and its text, which names no measured figure.
 */
public final class Verdicts {

    /** One claim across the runs: its verdict (and interval) per run, {@code null} where a run lacks it. */
    public record Row(String experiment, String claim, List<Claim> perRun) {

        public Row {
            perRun = java.util.Collections.unmodifiableList(new ArrayList<>(perRun));
        }

        /** Confirmed in one run, DIFFERS in another: what must never happen. */
        public boolean flips() {
            Set<Claim.Verdict> seen = verdicts();
            return seen.contains(Claim.Verdict.REPRODUCED) && seen.contains(Claim.Verdict.DIFFERS);
        }

        /** Not the same verdict in every run (and in every run at all). */
        public boolean varies() {
            return verdicts().size() > 1 || perRun.contains(null);
        }

        public boolean inconclusiveSomewhere() {
            return verdicts().contains(Claim.Verdict.INCONCLUSIVE);
        }

        private Set<Claim.Verdict> verdicts() {
            Set<Claim.Verdict> seen = EnumSet.noneOf(Claim.Verdict.class);
            perRun.stream().filter(c -> c != null).forEach(c -> seen.add(c.verdict()));
            return seen;
        }
    }

    private Verdicts() {
    }

    /** The claims of every run, in the order they first appear. */
    public static List<Row> of(List<ResultsFile> runs) {
        Map<List<String>, Claim[]> byClaim = new LinkedHashMap<>();
        for (int i = 0; i < runs.size(); i++) {
            for (ResultsJson.ExperimentJson e : runs.get(i).content().experiments()) {
                if (e.claims() == null) {
                    continue;
                }
                for (ResultsJson.ClaimJson c : e.claims()) {
                    byClaim.computeIfAbsent(List.of(e.id(), c.claim()), k -> new Claim[runs.size()])[i] = c.toClaim();
                }
            }
        }
        List<Row> rows = new ArrayList<>();
        byClaim.forEach((k, v) -> rows.add(new Row(k.get(0), k.get(1), java.util.Arrays.asList(v))));
        return rows;
    }

    /** A table (one column per run, a flag column), then a summary naming the flips. */
    public static String render(List<Row> rows, List<String> runNames) {
        List<String> header = new ArrayList<>(List.of("experiment", "claim"));
        for (int i = 0; i < runNames.size(); i++) {
            header.add("run " + (i + 1));
        }
        header.add("flag");
        List<List<String>> table = new ArrayList<>();
        for (Row r : rows) {
            List<String> cells = new ArrayList<>(List.of(r.experiment(), shorten(r.claim())));
            for (Claim c : r.perRun()) {
                cells.add(c == null ? "(absent)" : c.verdict().word() + (c.judgement().hasInterval()
                        ? " " + c.judgement().interval() : ""));
            }
            cells.add(r.flips() ? "FLIP" : r.varies() ? "varies" : "");
            table.add(cells);
        }
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < runNames.size(); i++) {
            out.append("run ").append(i + 1).append(": ").append(runNames.get(i)).append('\n');
        }
        out.append('\n').append(TextTable.render(header, table, 2, false)).append('\n');
        long flips = rows.stream().filter(Row::flips).count();
        long varies = rows.stream().filter(Row::varies).count();
        long inconclusive = rows.stream().filter(Row::inconclusiveSomewhere).count();
        out.append(String.format(Locale.ROOT, "%d claims in %d runs: %d flip (reproduced in one run, DIFFERS in"
                + " another), %d vary otherwise, %d inconclusive in at least one run.%n", rows.size(), runNames.size(),
                flips, varies - flips, inconclusive));
        for (Row r : rows) {
            if (r.flips()) {
                out.append("FLIP: ").append(r.experiment()).append(": ").append(r.claim()).append('\n');
            }
        }
        return out.toString();
    }

    private static String shorten(String claim) {
        return claim.length() <= 90 ? claim : claim.substring(0, 87) + "...";
    }
}
