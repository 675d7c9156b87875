package org.ringlab.bench.driver;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.ringlab.api.MemoryStrategy;
import org.ringlab.bench.harness.Fork;
import org.ringlab.bench.harness.ForkedRows;
import org.ringlab.bench.harness.Interleaving;
import org.ringlab.bench.harness.PooledClaims;
import org.ringlab.bench.util.Strategies;
import org.ringlab.bench.report.Chart;
import org.ringlab.bench.report.Measurement;
import org.ringlab.bench.report.Prose;
import org.ringlab.bench.report.RunContext;
import org.ringlab.bench.report.Table;

/**
 * One run of the driver experiment: what was selected, what the parts measured so far, and the
 * scaffolding every part shares (its forks, its measurements, its prose).
 */
final class DriverParts {

    static final java.time.Duration TIMEOUT = java.time.Duration.ofMinutes(10);

    final RunContext context;
    final DriverProfile profile;
    final Strategies.Selection selection;
    final List<String> skipped;
    final List<String> notes = new ArrayList<>();
    final List<Measurement> measurements = new ArrayList<>();
    final List<Table> tables = new ArrayList<>();
    final List<Chart> charts = new ArrayList<>();
    /** Judged once every part has run, so alike claims of different parts pool their round variance. */
    final PooledClaims claims = new PooledClaims();
    /** The strategy of (c), (d), (e), (f): the default mirrored one when selected; null when none is. */
    final MemoryStrategy main;

    DriverParts(RunContext context, DriverProfile profile, Strategies.Selection selection, List<String> skipped) {
        this.context = context;
        this.profile = profile;
        this.selection = selection;
        this.skipped = skipped;
        this.main = selection.main();
    }

    boolean has(String discipline) {
        return selection.disciplines().containsKey(discipline);
    }

    /**
     * Part {@code part} on {@link #main} in {@link DriverProfile#forks()} child JVMs (in this JVM
     * with --no-fork), each fork's repetitions in the orders drawn for it.
     */
    ForkedRows forked(String part) {
        String strategy = main == null ? "" : main.name();
        List<String> alternatives = DriverPartTask.alternatives(part);
        return ForkedRows.run(f -> task(part, strategy, alternatives, f), profile.forks(), context.fork(), TIMEOUT,
                line -> context.progress().note("(child) " + line));
    }

    /**
     * Fork {@code fork} of part {@code part} on {@code strategy}: its repetitions' orders drawn now
     * (recorded for results.json) under scope {@code "driver PART[ × STRATEGY]"}.
     */
    DriverPartTask task(String part, String strategy, List<String> alternatives, int fork) {
        boolean queue = !part.equals(DriverPartTask.POOL) && !part.equals(DriverPartTask.HEADER);
        String scope = "driver " + part + (queue ? " × " + strategy : "");
        return new DriverPartTask(profile.name(), part, strategy, context.seed(), alternatives, Interleaving.draw(
                context.seed(), scope, fork, DriverPartTask.repetitions(profile, part), alternatives));
    }

    /** One fork of {@code task}: in a child JVM, or in this one with --no-fork. */
    double[][] run(DriverPartTask task) {
        return (context.fork() ? Fork.run(task, TIMEOUT, line -> context.progress().note("(child) " + line))
                : task.measure()).rows();
    }

    /** One group of repetitions per fork ({@link ForkedRows}), so diff and the claims resample forks. */
    void measure(Map<String, String> labels, String metric, String unit, boolean higherIsBetter, List<double[]> forks) {
        measurements.add(Measurement.ofForks(DriverExperiment.ID, labels, metric, unit, higherIsBetter, false, forks));
    }

    /** Section {@code section} of the driver's notes.md. */
    static String prose(String section, Object... keyValues) {
        return Prose.of(DriverExperiment.class, "notes.md", section, keyValues);
    }

    static String clock() {
        return DriverWorkloads.CPU_CLOCK ? "CPU ns" : "wall ns";
    }

    static Map<String, String> with(Map<String, String> base, String key, String value) {
        Map<String, String> m = new LinkedHashMap<>(base);
        m.put(key, value);
        return m;
    }

    static double[] flat(List<double[]> groups) {
        return groups.stream().flatMapToDouble(Arrays::stream).toArray();
    }

    static List<double[]> map(List<double[]> groups, java.util.function.DoubleUnaryOperator f) {
        return groups.stream().map(g -> Arrays.stream(g).map(f).toArray()).toList();
    }
}
