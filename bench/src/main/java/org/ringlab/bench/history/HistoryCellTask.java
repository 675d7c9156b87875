package org.ringlab.bench.history;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.Registries;
import org.ringlab.bench.harness.ForkedTask;
import org.ringlab.bench.harness.ReferenceLoop.Kernel;
import org.ringlab.bench.util.Sizes;

/**
 * One strategy's history cells for a forked JVM ({@link org.ringlab.bench.harness.Fork}): every
 * element size with its ring capacity, one after the other in one child, which answers one
 * {@link CellResult} per size. One child per strategy and round rather than per cell: a child's
 * start-up cost about as much as a cell's measurement, and the cells of one strategy share all
 * their code, so a later size inherits no foreign JIT profile. Each cell takes its own Pss
 * baseline and closes (unmaps) its ring before the next. With a {@code cold} plan the child first
 * runs seed 000's whole runs ({@link ColdRun}) on fresh mappings, before any cell has touched memory.
 *
 * @param cold the seed's runs to make first, or {@code null} for none (strategies no claim compares)
 */
public record HistoryCellTask(String strategy, long[] elements, long[] capacities, int warmup, int repetitions,
                              ColdRun.ColdPlan cold) implements ForkedTask<HistoryCellTask.Cells> {

    /** The child's answer: one result per element size, in the task's order, and the cold runs' or {@code null}. */
    public record Cells(List<CellResult> cells, ColdResult cold) {
    }

    public HistoryCellTask {
        if (elements.length != capacities.length || elements.length == 0) {
            throw new IllegalArgumentException("history task: " + elements.length + " element sizes for "
                    + capacities.length + " capacities");
        }
    }

    @Override
    public Cells measure() {
        return measure(Registries.memoryStrategies().require(strategy), true);
    }

    /**
     * The cold runs, then every cell, on {@code s} (the strategy this task names): in a child JVM
     * ({@code forked}) with malloc's threshold pinned, or in this one, garbage collected before each cell.
     */
    Cells measure(MemoryStrategy s, boolean forked) {
        if (forked) { // every ring of this child from fresh pages, as in the seed's fresh process (MallocThreshold)
            MallocThreshold.pinAtDefault().ifPresent(why -> System.err.println("history: " + why));
        }
        ColdResult c = cold == null ? null : cold(s, cold, forked);
        List<CellResult> out = new ArrayList<>();
        for (int i = 0; i < elements.length; i++) {
            try {
                // In a child, no System.gc() before a later cell's Pss baseline: the rings are native and closed
                // (unmapped) by then, and with a collection first the heap memory it released came
                // off inside the next cell's Pss window (a 64 MiB mirrored ring grew Pss by 42 MiB).
                out.add(HistoryCell.measure(s, elements[i], capacities[i], warmup, repetitions, !forked, forked));
            } catch (RuntimeException e) {
                out.add(CellResult.failed(strategy, elements[i], capacities[i], forked,
                        org.ringlab.bench.util.Cells.describe(e)));
            }
        }
        return new Cells(out, c);
    }

    /** The cold runs, or their failure as a result. */
    static ColdResult cold(MemoryStrategy s, ColdRun.ColdPlan plan, boolean forked) {
        try {
            MallocThreshold.pinAtDefault().ifPresent(why -> System.err.println("history: " + why));
            return ColdRun.measure(s, plan, forked);
        } catch (RuntimeException e) {
            return ColdResult.failed(s.name(), plan, forked, org.ringlab.bench.util.Cells.describe(e));
        }
    }

    @Override
    public Class<Cells> resultType() {
        return Cells.class;
    }

    @Override
    public String describe() {
        return "history " + strategy + " × " + String.join(", ", Arrays.stream(elements).mapToObj(Sizes::format).toList());
    }

    /** History's kernel and its children's, one constant: {@code memory}, because its cells copy MiB-sized histories. */
    static final Kernel REFERENCE_KERNEL = Kernel.MEMORY;

    @Override
    public Kernel referenceKernel() {
        return REFERENCE_KERNEL;
    }
}
