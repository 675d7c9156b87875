package org.ringlab.bench.jmh;

import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The run settings the benchmarks here share (JMH reads these annotations from a superclass; a
 * benchmark restates only what differs): one fork with the flags the backends and anchors need,
 * 3 × 1 s of warm-up, 5 × 1 s measured, ns per operation, state per thread. Keep the warm-up:
 * with a few hundred ms on a loaded machine the code is still interpreted or C1's, and both
 * ns/op and {@code gc.alloc.rate.norm} say nothing about the queue.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED",
        "--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED", "--sun-misc-unsafe-memory-access=allow", "-Xmx1g"})
@State(Scope.Thread)
public abstract class JmhRun {
}
