package org.ringlab.queues.spsc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.QueueSpec;
import org.ringlab.api.RecordQueue;
import org.ringlab.api.Registries;
import org.ringlab.api.RingMemory;
import org.ringlab.api.RingSpec;

/** The same spsc queue across two processes: positions live in the shared header. */
class SpscCrossProcessTest {

    static final long RECORDS = 2_000_000;
    static final long CAPACITY = 64 * 1024;

    @Test
    void aProducerInAnotherJvmDeliversEveryRecordInOrder(@TempDir Path dir) throws Exception {
        MemoryStrategy file = Registries.memoryStrategies().find("mirrored-file").orElse(null);
        assumeTrue(file != null && file.availability().isAvailable(),
                () -> "mirrored-file is unavailable: " + (file == null ? "not discovered" : file.availability().reason()));
        Path path = dir.resolve("spsc.ring");
        try (RingMemory memory = file.allocate(RingSpec.ofCapacity(CAPACITY).atFile(path));
             RecordQueue queue = new SpscDiscipline().create(memory, QueueSpec.variable(Traffic.MAX_RECORD))) {
            String java = ProcessHandle.current().info().command().orElseThrow();
            Process child = new ProcessBuilder(List.of(java, "--enable-native-access=ALL-UNNAMED", "-Xmx256m",
                    "-cp", System.getProperty("java.class.path"), CrossProcessProducer.class.getName(),
                    path.toString(), Long.toString(CAPACITY), Long.toString(RECORDS)))
                    .redirectErrorStream(true).start();
            Traffic.Result result = Traffic.consume(queue.consumer(0), RECORDS, child::isAlive);
            String out = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertEquals(0, child.waitFor(), out);
            assertEquals(0, result.violations(), result.firstViolation());
            assertEquals(RECORDS, result.delivered(), "records that crossed the process boundary; child said: " + out);
        }
    }
}
