package org.ringlab.queues.broadcast;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
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
 * mirror-view strategy, on split and linearize with seam placement pad (their lap view,
 * {@link org.ringlab.api.LapViewMemory}) and, but for the claim, on zero-copy segment-path
 * memory, in both record modes (variable-length records of 57 lengths in turn, so every slot sees
 * every length): one child JVM per cell, {@link BroadcastAllocationProbe} (ThreadMXBean's
 * allocated bytes: deterministic, unlike a time). There the queue hands out per-slot segments it
 * keeps, so the figure does not depend on escape analysis.
 *
 * <p>Seam placement: pad on every strategy, and cross where it is another shape (split and
 * linearize; elsewhere both mean the same). On mirror views and on lap views with pad the slots
 * are in place ({@code InPlaceBroadcastQueue}): every path is asserted. On zero-copy
 * segment-path memory (doubled, the growable mirror) the queue keeps per-slot windows and claims
 * too ({@code ZeroCopySegmentBroadcastQueue}), so every path is asserted but the claim: the
 * strategy's {@code claim} must run for its {@code commit}, and the slice it makes
 * ({@code RingProtocol.claim}) is dropped by the queue yet kept by C2 (40 B per claim). With cross
 * on split and linearize records are packed, so a record's offset changes every lap and no
 * segment can be kept for it: each claim and window is the strategy's per call, and only
 * offer/poll (poll copies through the strategy's {@code read}, which makes no segment) is
 * asserted. Those measured paths are printed, and a cell with such a figure is aborted with that
 * reason, never passed silently.
 *
 * <p>30,000 records a round, five rounds (the least of the last three counts): about 1 s per
 * cell; {@code -Dringlab.allocation.operations} sets the records per round.
 */
class BroadcastAllocationTest {

    /** Well below one object per thousand records: any per-record allocation is >= 16 bytes. */
    static final double MAX_BYTES_PER_OP = 0.1;
    static final int CONSUMERS = 2;

    /** Mirrored and not growable: the memory is a {@code MirrorViewMemory} (a growable ring never is one). */
    static boolean mirrorView(MemoryStrategy s) {
        return s.has(Capability.MIRRORED) && !s.has(Capability.GROWABLE);
    }

    /** Whether the strategy's claims and windows are views of the ring (doubled, the growable mirror): pad and cross are one shape. */
    static boolean zeroCopy(MemoryStrategy s) {
        return s.has(Capability.ZERO_COPY_CLAIM) && s.has(Capability.ZERO_COPY_WINDOW);
    }

    /**
     * Whether a path's segments are made by the strategy per call and broadcast cannot keep them:
     * the claim on zero-copy segment-path memory (the strategy's claim must run for its commit),
     * every window and claim of packed records (cross on split and linearize: a record's offset
     * changes every lap). Never on a mirror view or a lap view with pad: the slots are in place.
     */
    static boolean madeByTheStrategy(String out, String line) {
        if (out.contains("shape=mirror-view") || out.contains("lapView=true seam=pad")) {
            return false;
        }
        if (out.contains("class=ZeroCopySegmentBroadcastQueue")) {
            return line.contains("path=CLAIM_COMMIT");
        }
        return !line.contains("path=OFFER_POLL"); // poll copies through the strategy's read, no segment
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
                    tests.add(dynamicTest(cell, () -> {
                        String java = ProcessHandle.current().info().command().orElseThrow();
                        Process p = new ProcessBuilder(List.of(java, "--enable-native-access=ALL-UNNAMED", "-Xmx256m",
                                "-cp", System.getProperty("java.class.path"), BroadcastAllocationProbe.class.getName(),
                                s.name(), mode.name(), String.valueOf(CONSUMERS), seam.label())).redirectErrorStream(true).start();
                        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                        assertEquals(0, p.waitFor(), out);
                        System.out.println(cell + ": "
                                + String.join(", ", out.lines().filter(l -> l.startsWith("path=")).toList()));
                        List<String> lines = out.lines().filter(l -> l.startsWith("path=")).toList();
                        assertEquals(BroadcastAllocationProbe.Path.values().length, lines.size(), "not every path measured: " + out);
                        List<String> ofTheStrategy = new ArrayList<>();
                        for (String line : lines) {
                            double perOp = Double.parseDouble(line.substring(line.indexOf("bytesPerOp=") + "bytesPerOp=".length()));
                            String what = cell + ": " + line
                                    + " bytes per record (allocation-free means < " + MAX_BYTES_PER_OP + ")";
                            if (perOp >= MAX_BYTES_PER_OP && madeByTheStrategy(out, line)) {
                                ofTheStrategy.add(line);
                                continue;
                            }
                            assertTrue(perOp < MAX_BYTES_PER_OP, what);
                        }
                        Assumptions.assumeTrue(ofTheStrategy.isEmpty(), cell + ": " + ofTheStrategy
                                + " bytes per record come from " + s.name() + "'s own segments, not broadcast's: "
                                + (out.contains("class=ZeroCopySegmentBroadcastQueue")
                                        ? "RingProtocol.claim's slice (the claim the commit checks; the queue drops it, C2 keeps it)"
                                        : "a fresh claim slice and a window slice + asReadOnly per call (RingProtocol) at"
                                                + " offsets that change every lap (packed records): no segment can be kept"));
                    }));
                }
            }
        }
        return tests.stream();
    }
}
