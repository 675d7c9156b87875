package org.ringlab.bench.mapped;

import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.ringlab.bench.history.Stats;
import org.ringlab.bench.util.Json;

/** The two tables as Markdown (stdout and mapped.md) and JSON (mapped.json). */
final class MappedReport {

    private MappedReport() {
    }

    static String prefaultTable(List<PrefaultExperiment.Row> rows, long bytes, String dir, int repetitions) {
        StringBuilder b = new StringBuilder();
        b.append(String.format(Locale.ROOT, "### Write %d MiB in 128-byte blocks (%s), median of %d%n%n", bytes >> 20, dir,
                repetitions));
        b.append("| configuration | seed 004 (256 MB, ms) | write ms | min–max | speed-up vs none | prefault ms | "
                + "background ms | writer minor faults | process minor faults |\n");
        b.append("|---|---|---:|---:|---:|---:|---:|---:|---:|\n");
        double cold = rows.getFirst().writeMillis().median();
        for (PrefaultExperiment.Row r : rows) {
            PrefaultExperiment.Config c = r.config();
            b.append(String.format(Locale.ROOT, "| %s | %s | %.1f | %.1f–%.1f | %.2f× | %.1f | %.1f | %.0f | %.0f |%n",
                    c.label(), Double.isNaN(c.seedMillis()) ? c.seedName() : c.seedName() + " " + c.seedMillis(),
                    r.writeMillis().median(), r.writeMillis().min(), r.writeMillis().max(),
                    cold / r.writeMillis().median(), r.prefaultMillis().median(), r.backgroundMillis().median(),
                    r.writerFaults().median(), r.totalFaults().median()));
        }
        b.append("\nwrite ms: the writer's time (paced rows: busy time, waits between 64 KiB batches excluded); "
                + "prefault ms: the prefault step on the writer's thread (grow, fallocate, mmap, madvise, touch); "
                + "background ms: time the prefaulter thread spent populating (moved off the writer, not removed).\n");
        PrefaultExperiment.Row none = find(rows, "none (paced");
        PrefaultExperiment.Row background = find(rows, "background (paced");
        PrefaultExperiment.Row populate = find(rows, "populate");
        if (none != null && background != null && populate != null) {
            double gain = none.writeMillis().median() - populate.writeMillis().median();
            b.append(String.format(Locale.ROOT, "Background, paced: %.0f%% of populate's gain kept ((none paced − "
                            + "background paced) / (none paced − populate) = (%.1f − %.1f) / (%.1f − %.1f)).%n",
                    100 * (none.writeMillis().median() - background.writeMillis().median()) / gain,
                    none.writeMillis().median(), background.writeMillis().median(), none.writeMillis().median(),
                    populate.writeMillis().median()));
        }
        return b.toString();
    }

    private static PrefaultExperiment.Row find(List<PrefaultExperiment.Row> rows, String labelStart) {
        return rows.stream().filter(r -> r.config().label().equals(labelStart) || (labelStart.endsWith("(paced")
                && r.config().label().startsWith(labelStart))).findFirst().orElse(null);
    }

    static String latencyTable(List<LatencyExperiment.Result> results, long messages, long intervalMicros,
                               String writerPolicy, String readerPolicy) {
        StringBuilder b = new StringBuilder();
        b.append(String.format(Locale.ROOT, "### Enqueue → dequeue across processes, %d messages of 128 bytes every %d µs "
                + "(writer %s, reader %s, busy-polling reader)%n%n", messages, intervalMicros, writerPolicy, readerPolicy));
        b.append("| configure | store | bind_core | >1ms (‰) | mean (µs) | p50 | p90 | p99 | p99.9 | max | seed 004 |\n");
        b.append("|---|---|---|---:|---:|---:|---:|---:|---:|---:|---|\n");
        for (LatencyExperiment.Result r : results) {
            LatencyExperiment.Cell c = r.cell();
            b.append(String.format(Locale.ROOT, "| %s | %s | %s | %.2f | %.1f | %.1f | %.1f | %.1f | %.1f | %.0f | %s |%n",
                    c.name(), c.store(), c.pinned() ? "Y" : "N", r.over1msPerMille(), r.mean().median(),
                    r.p50().median(), r.p90().median(), r.p99().median(), r.p999().median(), r.max().median(), c.seed()));
        }
        return b.toString();
    }

    static String json(Map<String, String> environment, List<PrefaultExperiment.Row> rows,
                       List<LatencyExperiment.Result> latency) {
        Json j = new Json().beginObject().name("experiment").value("mapped").name("environment").beginObject();
        environment.forEach(j::field);
        j.endObject().name("prefault").beginArray();
        for (PrefaultExperiment.Row r : rows) {
            j.beginObject().field("configuration", r.config().label()).field("policies", r.config().policies())
                    .field("seedName", r.config().seedName()).field("seedMillis", r.config().seedMillis())
                    .field("pacedBytesPerSecond", r.config().pacedBytesPerSecond());
            stats(j, "writeMillis", r.writeMillis());
            stats(j, "prefaultMillis", r.prefaultMillis());
            stats(j, "backgroundMillis", r.backgroundMillis());
            stats(j, "writerMinorFaults", r.writerFaults());
            j.endObject();
        }
        j.endArray().name("latency").beginArray();
        for (LatencyExperiment.Result r : latency) {
            j.beginObject().field("configure", r.cell().name()).field("store", r.cell().store())
                    .field("pinned", r.cell().pinned()).field("directory", r.cell().dir().toString())
                    .field("count", r.count()).field("over1msPerMille", r.over1msPerMille())
                    .field("meanMicros", r.mean().median()).field("p50Micros", r.p50().median())
                    .field("p90Micros", r.p90().median()).field("p99Micros", r.p99().median())
                    .field("p999Micros", r.p999().median()).field("maxMicros", r.max().median()).endObject();
        }
        return j.endArray().endObject().toString();
    }

    private static void stats(Json j, String name, Stats s) {
        j.name(name).beginObject().field("median", s.median()).field("min", s.min()).field("max", s.max())
                .field("n", s.n()).endObject();
    }
}
