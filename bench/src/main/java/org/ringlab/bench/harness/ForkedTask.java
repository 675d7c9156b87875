package org.ringlab.bench.harness;

/**
 * What a forked JVM measures: a record naming the cell (strategy, sizes, profile) whose
 * {@link #measure()} runs in the child and returns one result record. Both travel as JSON
 * through {@link Fork}; a class implementing this must be a record Jackson can map (its
 * package opened to {@code com.fasterxml.jackson.databind});
 * Jackson builds it through its canonical constructor.
 *
 * @param <R> the result record the child sends back
 */
public interface ForkedTask<R> {

    /** Runs in the child JVM. */
    R measure();

    /** The result's record type, for Jackson on the parent side. */
    Class<R> resultType();

    /** One line for progress and error messages: {@code history mirrored-memfd × 4 KiB}. */
    String describe();

    /**
     * The reference kernel that normalises this task's figures: its experiment's
     * ({@code Experiment.referenceKernel()}). The child times the {@code cpu} and {@code core}
     * kernels after every task, and the {@code memory} kernel only for a task normalised by it:
     * faulting that kernel's 32 MiB in costs 150-200 ms a child on this VM, a tenth of an
     * anchors child, for a figure no other experiment reads.
     */
    default ReferenceLoop.Kernel referenceKernel() {
        return ReferenceLoop.Kernel.CPU;
    }
}
