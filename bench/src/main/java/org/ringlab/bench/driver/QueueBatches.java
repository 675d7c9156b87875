package org.ringlab.bench.driver;

import static org.ringlab.bench.util.Cells.cell;
import static org.ringlab.bench.util.Cells.ratioCell;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.ringlab.bench.driver.scenario.BatchingWithWork;
import org.ringlab.bench.driver.scenario.FlowTable;
import org.ringlab.bench.harness.ForkedRows;
import org.ringlab.bench.report.Measurement;
import org.ringlab.bench.report.Table;

/** Parts (c), spsc drains of 32 against drains of 1 on two threads and one, and (f), the same with work per packet. */
final class QueueBatches {

    private QueueBatches() {
    }

    static void run(DriverParts run) {
        if (!run.has(DriverExperiment.SPSC)) {
            return; // the seed's batching entries are listed as not measured at the end of the run
        }
        String on = run.main.name();
        run.context.progress().step("spsc drain(1) vs drain(32), two threads × " + on);
        ForkedRows two = run.forked(DriverPartTask.BATCH_TWO_THREADS);
        Map<String, String> base = Measurement.labels("part", "batch", "strategy", on, "discipline",
                DriverExperiment.SPSC);
        Map<String, String> twoLabels = DriverParts.with(base, "threads", "two threads");
        run.measure(DriverParts.with(twoLabels, "batch", "drain(1)"), "throughput", "records/us", true, two.groups(0));
        run.measure(DriverParts.with(twoLabels, "batch", "drain(32)"), "throughput", "records/us", true, two.groups(1));
        run.measure(twoLabels, "batch32OverBatch1", "x", true, two.ratioGroups(1, 0));

        run.context.progress().step("spsc drain(1) vs drain(32), one thread × " + on);
        ForkedRows one = run.forked(DriverPartTask.BATCH_ONE_THREAD);
        Map<String, String> single = DriverParts.with(base, "threads", "one thread");
        run.measure(DriverParts.with(single, "batch", "drain(1)"), "time", "ns/record", false, one.groups(0));
        run.measure(DriverParts.with(single, "batch", "drain(32)"), "time", "ns/record", false, one.groups(1));
        run.measure(single, "batch32OverBatch1", "x", true, one.ratioGroups(0, 1));
        double[] t1 = two.flat(0);
        double[] t32 = two.flat(1);
        double[] s1 = one.flat(0);
        double[] s32 = one.flat(1);
        List<List<String>> rows = new ArrayList<>();
        rows.add(List.of("two threads", "drain(1)", cell(t1) + " records/µs", "1.00×"));
        rows.add(List.of("two threads", "drain(32)", cell(t32) + " records/µs", ratioCell(t32, t1)));
        rows.add(List.of("one thread", "drain(1)", cell(s1) + " ns/record", "1.00×"));
        rows.add(List.of("one thread", "drain(32)", cell(s32) + " ns/record", ratioCell(s1, s32)));
        run.tables.add(new Table(DriverParts.prose("c-table", "strategy", on, "clock", DriverParts.clock(),
                "n", t1.length), List.of("threads", "consumer", "figure", "speed-up"), rows));

        run.context.progress().step("batching with work: drain(1) vs drain(32), parse + checksum + flow table × " + on);
        ForkedRows work = run.forked(DriverPartTask.WORK);
        BatchingWithWork.Result w = new BatchingWithWork.Result(FlowTable.defaultBytes(), work);
        run.measurements.addAll(w.measurements(DriverExperiment.ID, on));
        run.tables.add(w.table(on));
        run.claims.addAll(w::claims);
        run.notes.add(BatchingWithWork.note());
    }
}
