package org.ringlab.bench.report;

import java.util.List;

import org.ringlab.bench.harness.ReferenceLoop;
import org.ringlab.bench.util.Stats;

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

    /**
     * How much slower than the run's median a child's {@code core} kernel must run, after its
     * cell, for the child to be named (docs/experiments.md, "Host episodes": the
     * episodes measured there slowed the kernel about 2x).
     */
    public static final double EPISODE_FACTOR = 1.3;

    /**
     * The children (0-based, in run order) whose median {@code core} repetition is at least
     * {@link #EPISODE_FACTOR} times the median over every child's: the VM was slow around their end.
     * Whether their cell was is not known from this (per child it did not track the cell's figures).
     * Empty when a child has no core repetitions (results from before that kernel).
     */
    public List<Integer> episodeChildren() {
        List<double[]> core = ReferenceLoop.groups(children, ReferenceLoop.Kernel.CORE);
        if (core.size() != children.size()) {
            return List.of(); // some child without core repetitions: no common yardstick
        }
        double all = coreMedian(core);
        return java.util.stream.IntStream.range(0, core.size())
                .filter(i -> Stats.median(core.get(i)) >= EPISODE_FACTOR * all).boxed().toList();
    }

    /**
     * A line for the report when some children ran their core kernel slow ({@link #episodeChildren}),
     * else {@code null}: how many, which, and how slow their core kernel was against the median.
     */
    public String episodeNote() {
        List<Integer> slow = episodeChildren();
        if (slow.isEmpty()) {
            return null;
        }
        List<double[]> core = ReferenceLoop.groups(children, ReferenceLoop.Kernel.CORE);
        double worst = slow.stream().mapToDouble(i -> Stats.median(core.get(i))).max().orElseThrow();
        return String.format(java.util.Locale.ROOT, "Host episodes: %d of %d child JVMs (number %s in run order) ran"
                        + " the core reference kernel (64-byte copies in L1) at %.1fx or more of the run's median"
                        + " (%.2f ns a copy; the slowest %.2f) after their cell: the VM was slow around them. It does"
                        + " not say their cell was: per child the kernel did not track the one-thread path"
                        + " (docs/experiments.md, \"Host episodes\").", slow.size(),
                children.size(), slow.stream().map(i -> String.valueOf(i + 1))
                        .collect(java.util.stream.Collectors.joining(", ")), EPISODE_FACTOR, coreMedian(core), worst);
    }

    private static double coreMedian(List<double[]> core) {
        return Stats.median(core.stream().flatMapToDouble(java.util.Arrays::stream).toArray());
    }

    /** The median of every child's repetitions of the normalising kernel. */
    public double median() {
        return Stats.median(groups().stream().flatMapToDouble(java.util.Arrays::stream).toArray());
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
