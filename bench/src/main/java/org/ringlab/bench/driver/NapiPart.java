package org.ringlab.bench.driver;

import static org.ringlab.bench.util.Cells.cell;
import static org.ringlab.bench.util.Cells.fmt;
import static org.ringlab.bench.util.Cells.median;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.ringlab.bench.driver.scenario.DriverPools;
import org.ringlab.bench.driver.scenario.ForkChart;
import org.ringlab.bench.harness.Claim;
import org.ringlab.bench.harness.ForkedRows;
import org.ringlab.bench.harness.SeedClaim;
import org.ringlab.bench.report.Measurement;
import org.ringlab.bench.report.Table;

/**
 * Part (d): {@code napi} against wake-per-item under a fixed-rate producer, per offered rate: loss,
 * the poller's CPU, wake-ups. ringlab's own goals for the part alone (an unpark as the interrupt,
 * an empty handler); the seed's NAPI results are judged on the whole driver, (e).
 */
final class NapiPart {

    private static final String[] MODES = {DriverExperiment.NAPI, DriverExperiment.WAKE};
    private static final String[] MODE_TITLES = {"napi (budget 64, batch 32)", "wake-per-item"};
    /** Fields of a mode's rows ({@link DriverPartTask#NAPI_FIELDS}), rows field-major over the two modes. */
    private static final String[][] METRICS = {{"loss", "%"}, {"achievedRate", "records/s"},
        {"consumerCpu", "ns/record"}, {"consumerCpuShare", "%"}, {"wakeUps", "count"},
        {"wakeUpsPerRecord", "wake-ups/record"}, {"polls", "count"}};

    private NapiPart() {
    }

    private static int row(int field, int mode) {
        return field * MODES.length + mode;
    }

    static void run(DriverParts run) {
        if (!run.has(DriverExperiment.NAPI)) {
            return;
        }
        boolean cpu = DriverWorkloads.threadCpuMeasurable();
        if (!cpu) {
            run.skipped.add("napi consumer CPU time: this JVM does not measure thread CPU time (ThreadMXBean)");
        }
        DriverProfile p = run.profile;
        int rates = p.napiRates().size();
        List<String> rateNames = new ArrayList<>();
        // [mode][rate] → a group of repetitions per fork, for the charts
        List<List<List<double[]>>> lossOf = List.of(new ArrayList<>(), new ArrayList<>());
        List<List<List<double[]>>> cpuOf = List.of(new ArrayList<>(), new ArrayList<>());
        List<List<String>> rows = new ArrayList<>();
        ForkedRows top = null; // the highest rate at or below 1 Gbit/s, the goals' rate
        String topName = null;
        for (int ri = 0; ri < rates; ri++) {
            long rate = p.napiRates().get(ri);
            rateNames.add(String.format(Locale.ROOT, "%,d/s", rate));
            run.context.progress().step(String.format(Locale.ROOT, "napi vs wake-per-item × %,d records/s × %s", rate,
                    run.main.name()));
            ForkedRows runs = run.forked(DriverPartTask.NAPI + rate);
            for (int m = 0; m < 2; m++) {
                Map<String, String> l = Measurement.labels("part", "napi", "strategy", run.main.name(), "mode",
                        MODES[m], "rate", rate + "/s");
                for (int k = 0; k < METRICS.length; k++) {
                    if (cpu || (k != 2 && k != 3)) {
                        run.measure(l, METRICS[k][0], METRICS[k][1], k == 1, runs.groups(row(k, m)));
                    }
                }
                double[] lossPct = runs.flat(row(0, m));
                double[] cpuNs = runs.flat(row(2, m));
                lossOf.get(m).add(runs.groups(row(0, m)));
                cpuOf.get(m).add(runs.groups(row(2, m)));
                rows.add(List.of(rateNames.get(ri), MODE_TITLES[m], fmt(median(runs.flat(row(1, m)))) + "/s",
                        cell(lossPct) + " %", cpu ? cell(runs.flat(row(3, m))) + " %" : "—", cpu ? cell(cpuNs) : "—",
                        fmt(median(runs.flat(row(4, m)))), fmt(median(runs.flat(row(5, m)))),
                        fmt(median(runs.flat(row(6, m))))));
            }
            if (rate <= DriverProfile.GIGABIT_64_BYTE_FRAMES) {
                top = runs;
                topName = rateNames.get(ri);
            }
        }
        int n = p.forks() * p.napiRepetitionsPerFork();
        run.tables.add(new Table(DriverParts.prose("d-table", "ms", p.napiNanos() / 1_000_000, "strategy",
                run.main.name(), "n", n), List.of("offered rate", "consumer", "achieved", "loss", "consumer CPU",
                "CPU ns/record", "wake-ups", "wake-ups/record", "polls"), rows));
        String spread = "whiskers: min–max of the " + n + " repetitions; dots: each fork's median";
        String rateAxis = "offered rate (64-byte records)";
        run.charts.add(ForkChart.of("driver (d): packet loss under a fixed-rate producer", rateAxis, "loss %",
                rateNames, MODES[0], MODES[1], lossOf, false, spread));
        if (cpu) {
            run.charts.add(ForkChart.of("driver (d): consumer CPU per record", rateAxis, "CPU ns per record",
                    rateNames, MODES[0], MODES[1], cpuOf, false, spread));
        }
        if (top != null) {
            goals(run, top, topName, cpu);
        } // else no rate at or below 1 Gbit/s of 64-byte frames in this profile: no goal to judge
    }

    private static void goals(DriverParts run, ForkedRows top, String at, boolean cpu) {
        // "Loses no more" as delivered shares: 100 − loss, finite when neither loses.
        List<double[]> napiKept = DriverParts.map(top.rounds(row(0, 0)), x -> 100 - x);
        List<double[]> wakeKept = DriverParts.map(top.rounds(row(0, 1)), x -> 100 - x);
        String detail = String.format(Locale.ROOT, "loss napi %.2f %%, wake-per-item %.2f %% (medians)",
                median(top.flat(row(0, 0))), median(top.flat(row(0, 1))));
        run.claims.add(pool -> Claim.goal("napi-part-delivers", SeedClaim.of("ringlab goal: napi delivers at least "
                        + "the share wake-per-item delivers at " + at + " (the part alone)", "goal ≥ 1×")
                .atLeast("napi / wake-per-item delivered share at " + at, 1,
                        pool.paired(DriverPools.DELIVERED, napiKept, wakeKept)).build().toClaim(detail)));
        if (cpu) {
            String cpuDetail = String.format(Locale.ROOT, "napi %.0f ns, wake-per-item %.0f ns (medians)",
                    median(top.flat(row(2, 0))), median(top.flat(row(2, 1))));
            run.claims.add(pool -> Claim.goal("napi-part-cpu", SeedClaim.of("ringlab goal: napi spends no more CPU "
                            + "per record than wake-per-item at " + at + " (the part alone)", "goal ≤ 1×")
                    .atMost("napi / wake-per-item poller CPU per record at " + at, 1,
                            pool.paired(DriverPools.POLLER_CPU, top.rounds(row(2, 0)), top.rounds(row(2, 1))))
                    .build().toClaim(cpuDetail)));
        }
    }
}
