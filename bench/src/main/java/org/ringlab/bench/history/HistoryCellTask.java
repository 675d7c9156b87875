package org.ringlab.bench.history;

import org.ringlab.api.Registries;
import org.ringlab.bench.harness.ForkedTask;
import org.ringlab.bench.util.Sizes;

/**
 * One history cell for a forked JVM ({@link org.ringlab.bench.harness.Fork}): the strategy, the
 * element size, the ring's capacity and the repetitions; the child answers one {@link CellResult}.
 */
public record HistoryCellTask(String strategy, long element, long capacity, int warmup, int repetitions)
        implements ForkedTask<CellResult> {

    @Override
    public CellResult measure() {
        // A fresh JVM: nothing to collect before the Pss baseline.
        return HistoryCell.measure(Registries.memoryStrategies().require(strategy), element, capacity, warmup,
                repetitions, false, true);
    }

    @Override
    public Class<CellResult> resultType() {
        return CellResult.class;
    }

    @Override
    public String describe() {
        return "history " + strategy + " × " + Sizes.format(element);
    }
}
