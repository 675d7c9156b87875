package org.ringlab.bench.report;

import org.ringlab.bench.harness.Claim;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import org.ringlab.bench.catalogue.SeedCatalogue;
import org.ringlab.bench.catalogue.SeedResult;

/**
 * The report's first page as data: every result of every seed's catalogue beside the claims this
 * run made for it, ringlab's own goals apart, and what is left (claims of experiments that name no
 * catalogue entry). An entry no claim judged is never dropped: it is "not measured" with the reason
 * (its experiment was not run, or ran and made no claim: a defect the row shows), or "not
 * measurable here" with the catalogue's reason.
 *
 * @param seeds  one block per seed, in catalogue order
 * @param goals  ringlab's own goals ({@link Claim#goal()}), with their experiment
 * @param others claims that name no catalogue entry and no goal, with their experiment
 */
public record SeedResults(List<Seed> seeds, List<Placed> goals, List<Placed> others) {

    /** A claim and the experiment that made it. */
    public record Placed(String experiment, Claim claim) {
    }

    /** One catalogue entry and the claims this run made for it (at least one, possibly a stand-in). */
    public record Row(SeedResult result, List<Claim> claims) {

        /** The row's verdict: the worst-decided of its claims (differs over inconclusive over reproduced). */
        public Claim.Verdict verdict() {
            for (Claim.Verdict v : List.of(Claim.Verdict.DIFFERS, Claim.Verdict.INCONCLUSIVE, Claim.Verdict.REPRODUCED,
                    Claim.Verdict.REPORTED, Claim.Verdict.NOT_MEASURED, Claim.Verdict.NOT_MEASURABLE)) {
                if (claims.stream().anyMatch(c -> c.verdict() == v)) {
                    return v;
                }
            }
            return Claim.Verdict.NOT_MEASURED;
        }
    }

    /** One seed: its catalogue and a row per entry. */
    public record Seed(SeedCatalogue catalogue, List<Row> rows) {

        public Map<Claim.Verdict, Long> counts() {
            Map<Claim.Verdict, Long> m = new EnumMap<>(Claim.Verdict.class);
            for (Claim.Verdict v : Claim.Verdict.values()) {
                m.put(v, 0L);
            }
            rows.forEach(r -> m.merge(r.verdict(), 1L, Long::sum));
            return m;
        }
    }

    /** Every catalogue beside the claims of {@code sections}. */
    public static SeedResults of(List<Section> sections) {
        return of(SeedCatalogue.all(), sections);
    }

    static SeedResults of(List<SeedCatalogue> catalogues, List<Section> sections) {
        List<Placed> made = new ArrayList<>();
        for (Section s : sections) {
            if (s.ok()) {
                s.result().claims().forEach(c -> made.add(new Placed(s.id(), c)));
            }
        }
        Set<String> ran = sections.stream().filter(Section::ok).map(Section::id).collect(Collectors.toSet());
        Map<String, String> failed = sections.stream().filter(s -> !s.ok())
                .collect(Collectors.toMap(Section::id, Section::failure, (a, b) -> a));
        Set<String> ids = catalogues.stream().flatMap(c -> c.results().stream()).map(SeedResult::id)
                .collect(Collectors.toSet());
        List<Seed> seeds = new ArrayList<>();
        for (SeedCatalogue c : catalogues) {
            List<Row> rows = new ArrayList<>();
            for (SeedResult r : c.results()) {
                List<Claim> claims = made.stream().map(Placed::claim).filter(x -> x.id().equals(r.id())).toList();
                if (claims.isEmpty()) {
                    claims = List.of(standIn(r, ran, failed));
                }
                rows.add(new Row(r, claims));
            }
            seeds.add(new Seed(c, rows));
        }
        List<Placed> goals = made.stream().filter(p -> p.claim().goal()).toList();
        List<Placed> others = made.stream().filter(p -> !p.claim().goal() && !ids.contains(p.claim().id())).toList();
        return new SeedResults(seeds, goals, others);
    }

    private static Claim standIn(SeedResult r, Set<String> ran, Map<String, String> failed) {
        if (!r.measurable()) {
            return r.notMeasurableHere();
        }
        String e = r.experiment();
        if (failed.containsKey(e)) {
            return r.notMeasured("experiment " + e + " failed: " + failed.get(e));
        }
        if (!ran.contains(e)) {
            return r.notMeasured("experiment " + e + " was not run (ringlab run " + e + ")");
        }
        return r.notMeasured("experiment " + e + " ran but made no claim for it (a strategy it needs was unavailable,"
                + " or the profile does not measure it; see its skipped list)");
    }

    /**
     * How many of the measurable results this run decided (reproduced or differs), and why the
     * others were not: one line for the first page.
     */
    public String decidedSummary() {
        Map<Claim.Verdict, Long> all = new EnumMap<>(Claim.Verdict.class);
        for (Seed s : seeds) {
            s.counts().forEach((k, v) -> all.merge(k, v, Long::sum));
        }
        long decided = all.get(Claim.Verdict.REPRODUCED) + all.get(Claim.Verdict.DIFFERS);
        long measurable = decided + all.get(Claim.Verdict.INCONCLUSIVE) + all.get(Claim.Verdict.NOT_MEASURED)
                + all.get(Claim.Verdict.REPORTED);
        return String.format(java.util.Locale.ROOT, "This run decided %d of the seeds' %d measurable results "
                        + "(%d reproduced, %d differ); %d inconclusive (the 95 %% interval straddles an edge of the band), "
                        + "%d not measured in this run, %d reported without a verdict; %d more are not measurable on "
                        + "this kind of machine.", decided, measurable, all.get(Claim.Verdict.REPRODUCED),
                all.get(Claim.Verdict.DIFFERS), all.get(Claim.Verdict.INCONCLUSIVE), all.get(Claim.Verdict.NOT_MEASURED),
                all.get(Claim.Verdict.REPORTED), all.get(Claim.Verdict.NOT_MEASURABLE));
    }
}
