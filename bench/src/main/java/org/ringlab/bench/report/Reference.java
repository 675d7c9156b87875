package org.ringlab.bench.report;

import java.util.List;

import org.ringlab.bench.harness.Bootstrap;
import org.ringlab.bench.harness.ReferenceLoop;

/**
 * One experiment's reference: the {@link ReferenceLoop} sample of every child JVM it forked,
 * and the kernel its timed figures are normalised by ({@link Experiment#referenceKernel}).
 * {@code ringlab diff} divides a timed figure's change by the change of this kernel between the
 * two runs ({@link Diff}); results.json keeps every child's raw repetitions.
 *
 * @param kernel   the kernel that normalises this experiment's timed figures
 * @param children one sample per child JVM, in the order they ran
 */
public record Reference(ReferenceLoop.Kernel kernel, List<ReferenceLoop.Sample> children) {

    public Reference {
        java.util.Objects.requireNonNull(kernel, "kernel");
        children = List.copyOf(children);
        if (children.isEmpty()) {
            throw new IllegalArgumentException("a reference needs at least one child's sample");
        }
    }

    /** {@code children} under {@code kernel}, or {@code null} when no child ran (nothing forked). */
    public static Reference of(ReferenceLoop.Kernel kernel, List<ReferenceLoop.Sample> children) {
        return children.isEmpty() ? null : new Reference(kernel, children);
    }

    /** Per child, its repetitions of the normalising kernel. */
    public List<double[]> groups() {
        return ReferenceLoop.groups(children, kernel);
    }

    /** The median of every child's repetitions of the normalising kernel. */
    public double median() {
        return Bootstrap.median(groups().stream().flatMapToDouble(java.util.Arrays::stream).toArray());
    }

    /**
     * {@code m}'s median in reference units: ÷ the reference median for a time, × for a rate
     * (so a VM twice as slow leaves both unchanged); NaN for a figure that is not normalised.
     */
    public double normalise(Measurement m) {
        if (!m.timed()) {
            return Double.NaN;
        }
        return m.higherIsBetter() ? m.median() * median() : m.median() / median();
    }
}
