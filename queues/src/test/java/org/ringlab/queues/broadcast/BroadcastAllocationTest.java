package org.ringlab.queues.broadcast;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.Assumptions;
import org.ringlab.api.Capability;
import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.QueueSpec;
import org.ringlab.api.Registries;
import org.ringlab.api.SeamPlacement;

/**
 * Every hot path of broadcast (offer, batch offer, claim/commit, poll, peek/release, drain,
 * put, awaitDrain, for each of two consumers) allocates nothing per record on every available
 * strategy, with both seam placements where they are different shapes (split and linearize;
 * elsewhere both mean the same), in both record modes (variable-length records of 57 lengths
 * in turn, so every slot sees every length): child JVMs per cell, {@link BroadcastAllocationProbe}
 * (ThreadMXBean's allocated bytes: deterministic, unlike a time). Every path of every cell is
 * asserted; nothing is skipped.
 *
 * <p>Two mechanisms. On mirror views and on lap views with pad the slots are in place
 * ({@code InPlaceSlots}), and on zero-copy segment-path memory (doubled, the growable
 * mirror) the queue keeps per-slot windows and claims ({@code ZeroCopySegmentSlots}):
 * the queue hands out segments it keeps, so the figure does not depend on escape analysis (but
 * for the zero-copy claim, whose strategy {@code claim} must run for its {@code commit}: its
 * dropped slice is removed by escape analysis). With cross on split and linearize records are
 * packed, so a record's offset changes every lap and no segment can be kept for it: each claim
 * and window is one slice cut per call at one site (split: {@code LapViewGatherSlots},
 * of its lap view or of the producer's gathered window), which C2's escape analysis removes
 * where the caller keeps no segment; what remains is the producer's one gathered window a lap
 * (split: about 0.02 B per record on the probe's 64 KiB ring). Where a figure depends on escape
 * analysis it is 0 only once C2's code of the path runs, so the probe runs rounds until one is
 * allocation-free (at most {@code BroadcastAllocationProbe.MAX_ROUNDS}), and a cell may take up
 * to {@value #JVMS_PER_CELL} JVMs (whether C2 inlines deep enough varies between JVMs).
 *
 * <p>30,000 records a round, at least five rounds (the least from the third on counts): about
 * 1 s per cell; {@code -Dringlab.allocation.operations} sets the records per round.
 */
class BroadcastAllocationTest {

    /** Well below one object per thousand records: any per-record allocation is >= 16 bytes. */
    static final double MAX_BYTES_PER_OP = 0.1;
    static final int CONSUMERS = 2;
    /** JVMs a cell may take before a path counts as allocating (see assertAllocationFree). */
    static final int JVMS_PER_CELL = 3;

    /** Mirrored and not growable: the memory is a {@code MirrorViewMemory} (a growable ring never is one). */
    static boolean mirrorView(MemoryStrategy s) {
        return s.has(Capability.MIRRORED) && !s.has(Capability.GROWABLE);
    }

    /** Whether the strategy's claims and windows are views of the ring (doubled, the growable mirror): pad and cross are one shape. */
    static boolean zeroCopy(MemoryStrategy s) {
        return s.has(Capability.ZERO_COPY_CLAIM) && s.has(Capability.ZERO_COPY_WINDOW);
    }

    @TestFactory
    Stream<DynamicTest> everyHotPathAllocatesNothingOnEveryStrategy() {
        List<MemoryStrategy> strategies = Registries.memoryStrategies().available().stream()
                .filter(s -> !s.name().equals("mirrored-file")).toList(); // needs a path; mirrored-tmpfile maps the same way
        assertTrue(strategies.size() >= 3, "too few strategies to mean anything: " + strategies);
        Assumptions.assumeTrue(strategies.stream().anyMatch(BroadcastAllocationTest::mirrorView),
                "no mirror-view strategy is available here: " + strategies);
        List<DynamicTest> tests = new ArrayList<>();
        for (MemoryStrategy s : strategies) {
            List<SeamPlacement> seams = mirrorView(s) || zeroCopy(s) ? List.of(SeamPlacement.PAD)
                    : List.of(SeamPlacement.PAD, SeamPlacement.CROSS);
            for (SeamPlacement seam : seams) {
                for (QueueSpec.RecordMode mode : QueueSpec.RecordMode.values()) {
                    String cell = "broadcast × " + s.name() + " × " + mode + " × " + seam;
                    tests.add(dynamicTest(cell, () -> assertAllocationFree(cell, s, mode, seam)));
                }
            }
        }
        return tests.stream();
    }

    /**
     * Runs the probe in up to {@value #JVMS_PER_CELL} JVMs, until every path has been below the
     * threshold in one of them; each path's figure is its least over the JVMs (an allocation per
     * record shows in every JVM; whether C2 inlines a handed-out slice deep enough to remove it
     * varies from JVM to JVM on a loaded machine, as spsc's SpscSegmentPathAllocationTest found).
     */
    private static void assertAllocationFree(String cell, MemoryStrategy s, QueueSpec.RecordMode mode, SeamPlacement seam)
            throws java.io.IOException, InterruptedException {
        Map<String, Double> best = new LinkedHashMap<>();
        List<String> runs = new ArrayList<>();
        for (int jvm = 0; jvm < JVMS_PER_CELL; jvm++) {
            String java = ProcessHandle.current().info().command().orElseThrow();
            Process p = new ProcessBuilder(List.of(java, "--enable-native-access=ALL-UNNAMED", "-Xmx256m",
                    "-cp", System.getProperty("java.class.path"), BroadcastAllocationProbe.class.getName(),
                    s.name(), mode.name(), String.valueOf(CONSUMERS), seam.label())).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertEquals(0, p.waitFor(), out);
            List<String> lines = out.lines().filter(l -> l.startsWith("path=")).toList();
            assertEquals(BroadcastAllocationProbe.Path.values().length, lines.size(), "not every path measured: " + out);
            runs.add(out.lines().filter(l -> l.startsWith("shape=")).findFirst().orElse("") + " " + lines);
            for (String line : lines) {
                String path = line.substring("path=".length(), line.indexOf(' '));
                double perOp = Double.parseDouble(field(line, "bytesPerOp="));
                best.merge(path, perOp, Math::min);
            }
            if (best.values().stream().allMatch(v -> v < MAX_BYTES_PER_OP)) {
                break;
            }
        }
        System.out.println(cell + ": " + best + " bytes per record, least of " + runs.size() + " JVM(s)");
        String shape = runs.getFirst();
        List<String> keptByTheJit = new ArrayList<>();
        best.forEach((path, perOp) -> {
            String what = cell + ": path " + path + " allocates " + perOp + " bytes per record in every one of "
                    + runs.size() + " JVMs (allocation-free means < " + MAX_BYTES_PER_OP + "): " + runs;
            if (perOp >= MAX_BYTES_PER_OP && freshSlicePerCall(shape, path)) {
                // Never more than the one segment a call hands out: anything else is the queue's.
                assertTrue(perOp < handedOut(path) * SEGMENT_BYTES + MAX_BYTES_PER_OP, what);
                keptByTheJit.add(path + "=" + perOp);
                return;
            }
            assertTrue(perOp < MAX_BYTES_PER_OP, what);
        });
        Assumptions.assumeTrue(keptByTheJit.isEmpty(), cell + ": " + keptByTheJit + " bytes per record: the segment"
                + " such a call hands out is a fresh slice (packed records change offset every lap; the zero-copy"
                + " strategy's claim must run for its commit), which C2's escape analysis removed in none of "
                + runs.size() + " JVMs here (it does in most: the figure depends on what C2 inlined, and when): " + runs);
    }

    /** Bytes of one segment object (a NativeMemorySegmentImpl with compressed oops): one slice a call. */
    static final double SEGMENT_BYTES = 40;

    /**
     * Whether the segment a path hands out is a fresh slice per call, so that its figure is 0
     * only where C2's escape analysis removes it: the claim and the peek of packed records (cross
     * on split and linearize: a record's offset changes every lap, no segment can be kept), and
     * the zero-copy strategy's claim (the queue keeps its own segment but must call the
     * strategy's claim for the commit, and drops the slice it returns). Everywhere else the queue
     * hands out segments it keeps, or (drain, awaitDrain on packed records) has always been
     * measured allocation-free, and every path is asserted.
     */
    static boolean freshSlicePerCall(String shape, String path) {
        if (shape.contains("class=ZeroCopySegmentBroadcastQueue")) {
            return path.equals("CLAIM_COMMIT");
        }
        return shape.contains("lapView=true seam=cross") && (path.equals("CLAIM_COMMIT") || path.equals("PEEK_RELEASE"));
    }

    /** Segments a path's operation hands out: one claim, or one record per consumer. */
    static int handedOut(String path) {
        return path.equals("PEEK_RELEASE") ? CONSUMERS : 1;
    }

    private static String field(String line, String key) {
        int from = line.indexOf(key) + key.length();
        int to = line.indexOf(' ', from);
        return to < 0 ? line.substring(from) : line.substring(from, to);
    }
}
