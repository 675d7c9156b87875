package org.ringlab.queues.spsc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.ringlab.api.MemoryStrategy;

/** The spsc hot paths allocate nothing per operation, on every strategy (one child JVM each). */
class SpscAllocationTest {

    /** Well below one object per thousand operations: any per-operation allocation is >= 16 bytes. */
    static final double MAX_BYTES_PER_OP = 0.1;

    @TestFactory
    Stream<DynamicTest> offerAndDrainAllocateNothing() {
        return SpscConcurrencyTest.strategies().stream().map(MemoryStrategy::name).map(name ->
                dynamicTest(name, () -> {
                    String java = ProcessHandle.current().info().command().orElseThrow();
                    Process p = new ProcessBuilder(List.of(java, "--enable-native-access=ALL-UNNAMED", "-Xmx256m",
                            "-cp", System.getProperty("java.class.path"), AllocationProbe.class.getName(), name))
                            .redirectErrorStream(true).start();
                    String out = read(p);
                    assertEquals(0, p.waitFor(), out);
                    String line = out.lines().filter(l -> l.startsWith("bytesPerOp=")).findFirst().orElseThrow(
                            () -> new AssertionError("no result from the probe: " + out));
                    double perOp = Double.parseDouble(line.substring("bytesPerOp=".length()));
                    assertTrue(perOp < MAX_BYTES_PER_OP, name + " allocated " + perOp + " bytes per operation");
                }));
    }

    private static String read(Process p) throws IOException {
        return new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    }
}
