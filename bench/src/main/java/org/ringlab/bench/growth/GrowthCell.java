package org.ringlab.bench.growth;

import java.util.List;
import java.util.function.ToDoubleFunction;

import org.ringlab.bench.util.Stats;

/**
 * Every repetition of one strategy, or why it failed. Medians over the repetitions: each one
 * starts cold (a fresh JVM), so each is a complete growth with its own page faults and peak.
 */
public record GrowthCell(String strategy, List<GrowthSample> samples, String error) {

    public GrowthCell {
        samples = List.copyOf(samples);
    }

    public boolean ok() {
        return error == null && !samples.isEmpty();
    }

    public Stats stats(ToDoubleFunction<GrowthSample> figure) {
        return Stats.of(samples.stream().mapToDouble(figure).toArray());
    }

    public Stats peakRatio() {
        return stats(GrowthSample::peakRatio);
    }

    public Stats totalNanos() {
        return stats(GrowthSample::totalNanos);
    }

    public Stats growthNanos() {
        return stats(GrowthSample::growthNanos);
    }

    /** The first repetition (the final size is the same in all). */
    public GrowthSample first() {
        return samples.getFirst();
    }

    /** Whether every repetition had its peak reset (otherwise the peaks are upper bounds). */
    public boolean peaksReset() {
        return samples.stream().allMatch(GrowthSample::peakReset);
    }
}
