package org.ringlab.queues.spsc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.ringlab.api.Capability;
import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.Registries;

/**
 * spsc's segment-path classes (and the lap view's: split and linearize with pad) hand out
 * segments without keeping them, so claim/commit and peek/release allocate nothing where the caller does not keep the segment either (escape
 * analysis removes the strategy's slice): 0 B/op on every segment-path strategy (the growable
 * mirror with and without a growth policy), with both seam placements where they differ. The
 * copying paths are MatrixAllocationTest's. One child JVM per cell
 * ({@link HandOutAllocationProbe}); a cell fails only when no JVM of {@value #JVMS_PER_CELL}
 * is allocation-free (whether C2 inlines the strategy's window deep enough varies from JVM to
 * JVM: linearize's rotation code makes its peek large).
 */
class SpscSegmentPathAllocationTest {

    /** Well below one object per thousand operations: any per-operation allocation is >= 16 bytes. */
    static final double MAX_BYTES_PER_OP = 0.1;

    static final int JVMS_PER_CELL = 5;

    @TestFactory
    Stream<DynamicTest> claimCommitAndPeekReleaseAllocateNothingOnSegmentPathMemory() {
        List<MemoryStrategy> strategies = Registries.memoryStrategies().available().stream()
                .filter(s -> !s.has(Capability.MIRRORED) || s.has(Capability.GROWABLE)).toList();
        assertFalse(strategies.isEmpty(), "the heap strategies are always there");
        List<DynamicTest> tests = new ArrayList<>();
        for (MemoryStrategy s : strategies) {
            boolean seamCopies = !(s.has(Capability.ZERO_COPY_CLAIM) && s.has(Capability.ZERO_COPY_WINDOW));
            for (String seam : seamCopies ? List.of("pad", "cross") : List.of("pad")) {
                for (String growth : s.has(Capability.GROWABLE) ? List.of("fixed", "grow") : List.of("fixed")) {
                    tests.add(dynamicTest(s.name() + " × " + seam + " × " + growth,
                            () -> assertAllocationFreeInSomeJvm(s.name(), seam, growth)));
                }
            }
        }
        return tests.stream();
    }

    private static void assertAllocationFreeInSomeJvm(String strategy, String seam, String paths)
            throws IOException, InterruptedException {
        List<Double> seen = new ArrayList<>();
        for (int jvm = 0; jvm < JVMS_PER_CELL; jvm++) {
            double perOp = probe(strategy, seam, paths);
            seen.add(perOp);
            if (perOp < MAX_BYTES_PER_OP) {
                return;
            }
        }
        throw new AssertionError("spsc × " + strategy + " (" + seam + ", " + paths + ") allocated in every one of "
                + JVMS_PER_CELL + " JVMs, bytes per operation: " + seen);
    }

    private static double probe(String strategy, String seam, String paths) throws IOException, InterruptedException {
        String java = ProcessHandle.current().info().command().orElseThrow();
        Process p = new ProcessBuilder(List.of(java, "--enable-native-access=ALL-UNNAMED", "-Xmx256m",
                "-cp", System.getProperty("java.class.path"), HandOutAllocationProbe.class.getName(),
                strategy, seam, paths)).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), out);
        String line = out.lines().filter(l -> l.startsWith("bytesPerOp=")).findFirst().orElseThrow(
                () -> new AssertionError("no result from the probe: " + out));
        return Double.parseDouble(line.substring("bytesPerOp=".length()));
    }
}
