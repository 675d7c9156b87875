package org.ringlab.bench.driver;

import static org.ringlab.bench.util.Cells.cell;
import static org.ringlab.bench.util.Cells.fmt;
import static org.ringlab.bench.util.Cells.median;
import static org.ringlab.bench.util.Cells.ratioCell;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

import org.ringlab.bench.driver.scenario.DriverPools;
import org.ringlab.bench.driver.scenario.SeedEntries;
import org.ringlab.bench.harness.Claim;
import org.ringlab.bench.harness.ForkedRows;
import org.ringlab.bench.harness.SeedClaim;
import org.ringlab.bench.report.Measurement;
import org.ringlab.bench.report.Table;

/** Parts (b), the buffer pool against malloc/free per packet, and (g), headers by moving an offset or the packet. */
final class BufferParts {

    private static final String PER_MILLION = "ns per pair = ms per million";

    private BufferParts() {
    }

    static void pool(DriverParts run) {
        Optional<String> noMalloc = BufferLoops.mallocUnavailable();
        noMalloc.ifPresent(why -> run.skipped.add("(b) malloc/free baseline: " + why));
        run.context.progress().step("pool (single-thread) vs pool (spsc free list) vs malloc/free, 2048-byte buffers");
        ForkedRows pools = run.forked(DriverPartTask.POOL);
        double[] single = pools.flat(0);
        double[] spscPool = pools.flat(1);
        double[] malloc = pools.flat(2);
        Map<String, String> base = Measurement.labels("part", "pool", "buffer", "2048 B");
        Map<String, String> singleLabels = DriverParts.with(base, "allocator", "pool single-thread");
        Map<String, String> spscLabels = DriverParts.with(base, "allocator", "pool spsc free list");
        run.measure(singleLabels, "allocateFree", "ns/op", false, pools.groups(0));
        run.measure(spscLabels, "allocateFree", "ns/op", false, pools.groups(1));
        boolean libc = noMalloc.isEmpty();
        if (libc) {
            run.measure(DriverParts.with(base, "allocator", "malloc/free"), "allocateFree", "ns/op", false,
                    pools.groups(2));
            run.measure(singleLabels, "mallocOverPool", "x", true, pools.ratioGroups(2, 0));
            run.measure(spscLabels, "mallocOverPool", "x", true, pools.ratioGroups(2, 1));
        }
        List<List<String>> rows = List.of(
                List.of("BufferPool, single-thread free list", cell(single), libc ? ratioCell(malloc, single) : "—"),
                List.of("BufferPool, spsc free-list ring", cell(spscPool), libc ? ratioCell(malloc, spscPool) : "—"),
                List.of("libc malloc + free", libc ? cell(malloc) : "— (" + noMalloc.get() + ")", libc ? "1.00×" : "—"));
        run.tables.add(new Table(DriverParts.prose("b-table", "clock", DriverParts.clock(), "n", single.length),
                List.of("allocator", "ns/op", "malloc / this"), rows));
        run.claims.addAll(pool -> {
            List<Claim> c = new ArrayList<>(SeedEntries.judge("driver.pool-ms-per-million",
                    SeedClaim.figureOfForks(pools.groups(1)), "the spsc free-list pool; " + PER_MILLION));
            if (noMalloc.isPresent()) {
                c.addAll(SeedEntries.notMeasured("driver.malloc-over-pool", "not measured: " + noMalloc.get()));
                c.addAll(SeedEntries.notMeasured("driver.malloc-ms-per-million", "not measured: " + noMalloc.get()));
                return c;
            }
            c.addAll(SeedEntries.judge("driver.malloc-over-pool", pool.paired(DriverPools.ONE_THREAD_CPU,
                    pools.rounds(2), pools.rounds(1)), String.format(Locale.ROOT, "malloc/free %.1f ns, spsc "
                    + "free-list pool %.1f ns, single-thread pool %.1f ns (medians; malloc / single-thread %.1f×)",
                    median(malloc), median(spscPool), median(single), median(malloc) / median(single))));
            c.addAll(SeedEntries.judge("driver.malloc-ms-per-million", SeedClaim.figureOfForks(pools.groups(2)),
                    PER_MILLION));
            return c;
        });
    }

    /** Rows of {@link DriverPartTask#HEADER}: ns of copy, ns of offset, then bytes moved by copy, by offset. */
    static void headers(DriverParts run) {
        run.context.progress().step("headers: memmove of the packet vs moving the data offset, 1500-byte packet");
        ForkedRows h = run.forked(DriverPartTask.HEADER);
        double[] copy = h.flat(0);
        double[] offset = h.flat(1);
        Map<String, String> base = Measurement.labels("part", "header", "packet", BufferLoops.HEADER_PACKET
                + " B", "header", BufferLoops.HEADER + " B");
        run.measure(DriverParts.with(base, "method", "copy"), "time", "ns/op", false, h.groups(0));
        run.measure(DriverParts.with(base, "method", "offset"), "time", "ns/op", false, h.groups(1));
        run.measure(base, "copyOverOffset", "x", true, h.ratioGroups(0, 1));
        double copyMoved = Arrays.stream(h.flat(2)).max().orElse(Double.NaN);
        double offsetMoved = Arrays.stream(h.flat(3)).max().orElse(Double.NaN);
        run.tables.add(new Table(DriverParts.prose("g-table", "header", BufferLoops.HEADER, "packet",
                BufferLoops.HEADER_PACKET, "clock", DriverParts.clock(), "n", copy.length),
                List.of("method", "ns/op", "bytes moved/op", "copy / this"),
                List.of(List.of("memmove the packet", cell(copy), fmt(copyMoved), "1.00×"),
                        List.of("move the data offset", cell(offset), fmt(offsetMoved), ratioCell(copy, offset)))));
        String perOp = "ns per operation = ms per million";
        run.claims.addAll(pool -> {
            List<Claim> c = new ArrayList<>();
            c.addAll(SeedEntries.judge("driver.header-memcpy-over-offset", pool.paired(DriverPools.ONE_THREAD_CPU,
                    h.rounds(0), h.rounds(1)), String.format(Locale.ROOT, "copy %.1f ns, offset %.2f ns (medians)",
                    median(copy), median(offset))));
            c.addAll(SeedEntries.judge("driver.header-memcpy-ms-per-million", SeedClaim.figureOfForks(h.groups(0)), perOp));
            c.addAll(SeedEntries.judge("driver.header-offset-ms-per-million", SeedClaim.figureOfForks(h.groups(1)), perOp));
            c.addAll(SeedEntries.judgeExact("driver.header-offset-bytes-moved", offsetMoved, String.format(
                    Locale.ROOT, "the copy moved %.0f bytes per operation", copyMoved)));
            return c;
        });
    }
}
