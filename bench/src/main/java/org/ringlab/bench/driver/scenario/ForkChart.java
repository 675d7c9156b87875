package org.ringlab.bench.driver.scenario;

import static org.ringlab.bench.util.Cells.median;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.ringlab.bench.report.Chart;

/**
 * A chart of one figure measured in forks, its series compared at several points (driver (a)'s
 * strategies, (d)'s rates, (e)'s interrupt costs): each series' median per point, the runs as
 * whiskers, each fork's median as dots.
 */
public final class ForkChart {

    private ForkChart() {
    }

    /**
     * {@code series}: per series, per point, a group of runs per fork; {@code lines}: lines
     * between the points (bars when false), as {@link Chart}'s.
     */
    public static Chart of(String title, String xAxis, String yAxis, List<String> points,
                           Map<String, List<List<double[]>>> series, boolean lines, String spread) {
        Map<String, double[]> medians = new LinkedHashMap<>();
        Map<String, double[][]> runs = new LinkedHashMap<>();
        Map<String, double[][]> forkDots = new LinkedHashMap<>();
        series.forEach((name, groups) -> {
            medians.put(name, groups.stream().mapToDouble(g -> median(WholeDriverPart.flat(g))).toArray());
            runs.put(name, groups.stream().map(WholeDriverPart::flat).toArray(double[][]::new));
            forkDots.put(name, groups.stream().map(Chart::forkMedians).toArray(double[][]::new));
        });
        return new Chart(title, xAxis, yAxis, points, medians, lines, false).withRangeOf(spread, runs, forkDots);
    }

    /** {@link #of} of two series. */
    public static Chart of(String title, String xAxis, String yAxis, List<String> points, String first, String second,
                           List<List<List<double[]>>> modes, boolean lines, String spread) {
        return of(title, xAxis, yAxis, points, Chart.twoSeries(first, modes.get(0), second, modes.get(1)), lines,
                spread);
    }
}
