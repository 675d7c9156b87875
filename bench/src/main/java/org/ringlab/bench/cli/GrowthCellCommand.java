package org.ringlab.bench.cli;

import java.util.concurrent.Callable;

import org.ringlab.api.GrowthStrategy;
import org.ringlab.api.Registries;
import org.ringlab.bench.growth.GrowthSample;
import org.ringlab.growth.GrowthRun;
import org.ringlab.growth.GrowthWorkload;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * Internal: one repetition of the growth experiment in this (freshly started) JVM; prints one
 * {@link GrowthSample} line for the parent. Hidden from help.
 */
@Command(name = "growth-cell", hidden = true, description = "Internal: one growth repetition, for a forked JVM.")
public final class GrowthCellCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--strategy", required = true)
    String strategy;

    @Option(names = "--target", required = true)
    long target;

    @Option(names = "--chunk", required = true)
    long chunk;

    @Option(names = "--initial", required = true)
    long initial;

    @Option(names = "--factor", required = true)
    int factor;

    @Override
    public Integer call() {
        GrowthStrategy s = Strategies.requireAvailable(spec, Registries.growthStrategies(), "growth strategy", strategy);
        GrowthRun.Result r = GrowthRun.measure(s, new GrowthWorkload(target, chunk, initial, factor));
        spec.commandLine().getOut().println(GrowthSample.of(r).toLine());
        spec.commandLine().getOut().flush();
        return 0;
    }
}
