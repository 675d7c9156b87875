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

/**
 * The evaluation's workloads in one result: every figure carries a {@code final} label naming
 * its workload ({@link GrowthCase#label()}), one table and two charts per workload, and the
 * claims of all of them ({@link GrowthClaims}).
 */
final class GrowthCases {

    private GrowthCases() {
    }

    static ExperimentResult merge(List<GrowthReport> reports, String id, String seed, List<Claim> claims) {
        List<ExperimentResult> results = reports.stream().map(r -> r.result(id, seed, List.of())).toList();
        List<Measurement> ms = new ArrayList<>();
        List<Table> tables = new ArrayList<>();
        List<Chart> charts = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        LinkedHashSet<String> skipped = new LinkedHashSet<>();
        for (int i = 0; i < reports.size(); i++) {
            ExperimentResult r = results.get(i);
            String label = reports.get(i).plan().growthCase().label();
            String shortLabel = reports.get(i).plan().growthCase().shortLabel();
            for (Measurement m : r.measurements()) {
                Map<String, String> l = new LinkedHashMap<>(m.labels());
                l.put("final", label);
                ms.add(new Measurement(m.experiment(), l, m.metric(), m.unit(), m.higherIsBetter(), m.deterministic(),
                        m.samples()));
            }
            r.tables().forEach(x -> tables.add(new Table(x.title() + ", final size " + label, x.headers(), x.rows())));
            // A chart of one strategy (the realloc program runs realloc alone) compares nothing: its table says it.
            r.charts().stream().filter(c -> c.categories().size() > 1)
                    .forEach(c -> charts.add(c.retitled(c.title() + ", " + shortLabel)));
            r.notes().stream().filter(n -> !notes.contains(n)).forEach(notes::add);
            skipped.addAll(r.skipped());
        }
        notes.add("seed 002 ran D on a 1 GB Raspberry Pi; this is a JVM on a 2-core KVM guest: peak RSS, RSS steps,"
                + " moves and page faults are the kernel's and the allocator's page accounting and should carry over,"
                + " times should not; the heap copy's zeroing is the JVM's, as the seed says of Java");
        ExperimentResult first = results.getFirst();
        return new ExperimentResult(id, seed, first.title(), first.profile(), ms, tables, charts, claims, notes,
                List.copyOf(skipped));
    }
}
