package org.ringlab.bench.growth;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

import org.ringlab.bench.report.Chart;
import org.ringlab.bench.harness.Claim;
import org.ringlab.bench.report.ExperimentResult;
import org.ringlab.bench.report.Measurement;
import org.ringlab.bench.report.Table;
import org.ringlab.bench.util.Sizes;

/**
 * Seed 002's best and worst case in one result: the same growth run to a final size exactly
 * at a power of two (copy-doubling's best case, peak ≈ 2×: the last doubling had room) and one
 * append past it (its worst, ≈ 3×: twice the data zeroed beside the old copy, the case the
 * seed describes with 128 MB + 1 byte). Every figure carries a {@code final} label; the seed's
 * claims are judged on the worst case, the best case's figure shown beside each.
 */
final class GrowthCases {

    static final String WORST = "worst case";
    static final String BEST = "best case";

    private GrowthCases() {
    }

    static String label(long target) {
        return Sizes.format(target) + " (" + (Long.bitCount(target) == 1 ? BEST + ": a power of two"
                : WORST + ": just past a power of two") + ")";
    }

    static ExperimentResult merge(ExperimentResult best, long bestTarget, ExperimentResult worst, long worstTarget) {
        List<Measurement> ms = new ArrayList<>();
        relabel(best, bestTarget, ms);
        relabel(worst, worstTarget, ms);
        List<Table> tables = new ArrayList<>();
        for (ExperimentResult r : List.of(worst, best)) {
            long t = r == worst ? worstTarget : bestTarget;
            r.tables().forEach(x -> tables.add(new Table(x.title() + ", final size " + label(t), x.headers(), x.rows())));
        }
        List<Chart> charts = new ArrayList<>();
        for (ExperimentResult r : List.of(worst, best)) {
            long t = r == worst ? worstTarget : bestTarget;
            r.charts().forEach(c -> charts.add(c.retitled(c.title() + ", " + (r == worst ? WORST : BEST) + " " + Sizes.format(t))));
        }
        List<Claim> claims = new ArrayList<>();
        for (Claim c : worst.claims()) {
            String beside = best.claims().stream().filter(b -> b.claim().equals(c.claim())).map(Claim::measured)
                    .findFirst().orElse("not measured");
            claims.add(new Claim(c.claim() + " (judged on the worst case, final size " + Sizes.format(worstTarget) + ")",
                    c.measured() + "; best case (" + Sizes.format(bestTarget) + "): " + beside.replace(
                            "; the final size is a power of two: copying's best case; the seed's 3x is its worst", ""),
                    c.verdict(), c.judgement()));
        }
        List<String> notes = new ArrayList<>(worst.notes());
        best.notes().stream().filter(n -> !notes.contains(n)).forEach(notes::add);
        notes.add("differs from seed 002: a JVM on a 2-core KVM guest with 24 GiB where the seed ran D on a 1 GB "
                + "Raspberry Pi; peak/final depends on page accounting (VmHWM), not on the CPU, so the ratios should "
                + "carry over and the times should not; the heap copy's zeroing is the JVM's, as the seed says of Java");
        LinkedHashSet<String> skipped = new LinkedHashSet<>(worst.skipped());
        skipped.addAll(best.skipped());
        return new ExperimentResult(worst.id(), worst.seed(), worst.title(), worst.profile(), ms, tables, charts, claims,
                notes, List.copyOf(skipped));
    }

    private static void relabel(ExperimentResult r, long target, List<Measurement> into) {
        for (Measurement m : r.measurements()) {
            Map<String, String> l = new LinkedHashMap<>(m.labels());
            l.put("final", label(target));
            into.add(new Measurement(m.experiment(), l, m.metric(), m.unit(), m.higherIsBetter(), m.deterministic(),
                    m.samples()));
        }
    }
}
