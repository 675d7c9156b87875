package org.ringlab.bench.jmh;

import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.ringlab.api.GrowthStrategy;
import org.ringlab.api.Registries;
import org.ringlab.bench.report.ForExperiment;
import org.ringlab.growth.GrowthRun;
import org.ringlab.growth.GrowthWorkload;

/**
 * Seed 002 in rigorous mode: one whole growth (1 MiB appends up to {@code targetMiB}, factor
 * 2) per invocation, single-shot, for each growth strategy resolved through the registry.
 * Peak RSS is the quick run's business (it needs a fresh JVM per figure); this measures time.
 */
@ForExperiment("growth")
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2)
@Measurement(iterations = 5)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "-Xmx3g"})
@State(Scope.Benchmark)
public class GrowthBenchmark {

    @Param({"copy-doubling-heap", "copy-doubling-native", "realloc", "mremap", "reserve-commit"})
    public String strategy;

    @Param({"64"})
    public long targetMiB;

    @Benchmark
    public long grow() {
        GrowthStrategy s = Registries.growthStrategies().require(strategy);
        GrowthWorkload workload = GrowthWorkload.doubling(targetMiB << 20, 1L << 20);
        return GrowthRun.measure(s, workload).finalBytes();
    }
}
