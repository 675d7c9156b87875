package org.ringlab.bench.growth;

import org.ringlab.api.GrowthStrategy;
import org.ringlab.api.Registries;
import org.ringlab.bench.harness.ForkedTask;
import org.ringlab.bench.harness.ReferenceLoop.Kernel;
import org.ringlab.bench.util.Sizes;
import org.ringlab.growth.GrowthRun;
import org.ringlab.growth.GrowthWorkload;

/**
 * One growth repetition for a forked JVM ({@link org.ringlab.bench.harness.Fork}): a fresh
 * process per repetition, so its peak RSS starts from a clean baseline; answers one {@link GrowthSample}.
 *
 * @param trace whether VmRSS is read after every append ({@link GrowthRun#measureTraced})
 */
public record GrowthTask(String strategy, long targetBytes, long chunkBytes, long initialCapacity, int factor,
                         long maxCapacity, boolean trace) implements ForkedTask<GrowthSample> {

    static GrowthTask of(String strategy, GrowthWorkload w, boolean trace) {
        return new GrowthTask(strategy, w.targetBytes(), w.chunkBytes(), w.initialCapacity(), w.factor(),
                w.maxCapacity(), trace);
    }

    GrowthWorkload workload() {
        return new GrowthWorkload(targetBytes, chunkBytes, initialCapacity, factor, maxCapacity);
    }

    @Override
    public GrowthSample measure() {
        return measure(Registries.growthStrategies().require(strategy));
    }

    /** The repetition on {@code s}, the strategy this task names, in this JVM. */
    GrowthSample measure(GrowthStrategy s) {
        return GrowthSample.of(trace ? GrowthRun.measureTraced(s, workload()) : GrowthRun.measure(s, workload()));
    }

    @Override
    public Class<GrowthSample> resultType() {
        return GrowthSample.class;
    }

    @Override
    public String describe() {
        return "growth " + strategy + " to " + Sizes.format(targetBytes);
    }

    /** Growth's kernel and its children's, one constant: {@code memory}, because a growth copies or remaps MiBs. */
    static final Kernel REFERENCE_KERNEL = Kernel.MEMORY;

    @Override
    public Kernel referenceKernel() {
        return REFERENCE_KERNEL;
    }
}
