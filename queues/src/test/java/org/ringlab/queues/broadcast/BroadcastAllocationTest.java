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

/**
 * Every hot path of broadcast (offer, batch offer, claim/commit, poll, peek/release, drain,
 * put, awaitDrain, for each of two consumers) allocates nothing per record on every available
 * mirror-view strategy, in both record modes: one child JVM per cell,
 * {@link BroadcastAllocationProbe} (ThreadMXBean's allocated bytes: deterministic, unlike a
 * time). There the queue hands out per-slot segments it keeps, so the figure does not depend on
 * escape analysis.
 *
 * <p>On a segment-path strategy every segment a consumer or a claim gets is made by the
 * strategy's own {@code window}/{@code claim} (a read-only slice in {@code RingProtocol}), and
 * broadcast has no allocation of its own there: those cells are measured and printed, and a
 * cell whose paths allocate is aborted with that reason (issue 11 item 6: the strategy's
 * slices, not broadcast's), never passed silently.
 */
class BroadcastAllocationTest {

    /** Well below one object per thousand records: any per-record allocation is >= 16 bytes. */
    static final double MAX_BYTES_PER_OP = 0.1;
    static final int CONSUMERS = 2;

    /** Mirrored and not growable: the memory is a {@code MirrorViewMemory} (a growable ring never is one). */
    static boolean mirrorView(MemoryStrategy s) {
        return s.has(Capability.MIRRORED) && !s.has(Capability.GROWABLE);
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
            for (QueueSpec.RecordMode mode : QueueSpec.RecordMode.values()) {
                tests.add(dynamicTest("broadcast × " + s.name() + " × " + mode, () -> {
                    String java = ProcessHandle.current().info().command().orElseThrow();
                    Process p = new ProcessBuilder(List.of(java, "--enable-native-access=ALL-UNNAMED", "-Xmx256m",
                            "-cp", System.getProperty("java.class.path"), BroadcastAllocationProbe.class.getName(),
                            s.name(), mode.name(), String.valueOf(CONSUMERS))).redirectErrorStream(true).start();
                    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                    assertEquals(0, p.waitFor(), out);
                    System.out.println("broadcast × " + s.name() + " × " + mode + ": "
                            + String.join(", ", out.lines().filter(l -> l.startsWith("path=")).toList()));
                    List<String> lines = out.lines().filter(l -> l.startsWith("path=")).toList();
                    assertEquals(BroadcastAllocationProbe.Path.values().length, lines.size(), "not every path measured: " + out);
                    for (String line : lines) {
                        double perOp = Double.parseDouble(line.substring(line.indexOf("bytesPerOp=") + "bytesPerOp=".length()));
                        String what = "broadcast × " + s.name() + " × " + mode + ": " + line
                                + " bytes per record (allocation-free means < " + MAX_BYTES_PER_OP + ")";
                        if (!out.contains("shape=mirror-view")) {
                            Assumptions.assumeTrue(perOp < MAX_BYTES_PER_OP, what + ": the segments come from "
                                    + s.name() + "'s own claim/window (issue 11 item 6, the strategy's slices)");
                        }
                        assertTrue(perOp < MAX_BYTES_PER_OP, what);
                    }
                }));
            }
        }
        return tests.stream();
    }
}
