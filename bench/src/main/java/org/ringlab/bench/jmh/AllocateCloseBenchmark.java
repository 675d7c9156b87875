package org.ringlab.bench.jmh;

import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.Registries;
import org.ringlab.api.RingMemory;
import org.ringlab.api.RingSpec;
import org.ringlab.bench.report.ForExperiment;

/**
 * Allocate/close latency of one mirrored ring (memfd_create, ftruncate, reserve, two MAP_FIXED
 * views, close; then munmap) through FFM ({@code mirrored-memfd}) and through JNA
 * ({@code mirrored-jna}): the same seven system calls, so the difference is the binding. One
 * byte is written so the first page is really faulted in, as any use would.
 */
@ForExperiment("history")
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class AllocateCloseBenchmark extends JmhRun {

    @Param({"mirrored-memfd", "mirrored-jna"})
    public String strategy;

    @Param({"65536"})
    public long capacity;

    private MemoryStrategy memory;
    private RingSpec spec;

    @Setup(Level.Trial)
    public void setUp() {
        memory = Registries.memoryStrategies().require(strategy);
        spec = RingSpec.ofCapacity(capacity);
    }

    @Benchmark
    public long allocateWriteClose() {
        try (RingMemory ring = memory.allocate(spec)) {
            ring.claim(0, 1).set(java.lang.foreign.ValueLayout.JAVA_BYTE, 0, (byte) 1);
            ring.commit(0, 1);
            return ring.capacity();
        }
    }
}
