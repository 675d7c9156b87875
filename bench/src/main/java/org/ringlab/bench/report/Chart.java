package org.ringlab.bench.report;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Data for one chart of an experiment: grouped bars (categories on the x axis, one bar per
 * series), or lines when {@code lines} is set. Rendered by the report writer with a charting
 * library; experiments only describe the data.
 *
 * @param title      chart title
 * @param categoryAxis label of the x axis ({@code element size})
 * @param valueAxis  label of the y axis, with its unit ({@code ns per element})
 * @param categories x-axis categories in order
 * @param series     series name → one value per category (NaN where there is none)
 * @param lines      draw lines instead of bars
 * @param logScale   logarithmic value axis
 * @param low        per series, the lower end of each value's interval (drawn as an error bar);
 *                   empty for a chart without intervals
 * @param high       per series, the upper end
 * @param reference  a value drawn as a dashed line across the chart (1 for a ratio), or NaN
 * @param spread     what the whiskers and dots are ({@code 95 % interval of the paired ratio}, {@code min–max
 *                   of the repetitions; dots: each repetition}), for the caption; empty exactly when the
 *                   chart has neither
 * @param points     per series and category, the values drawn as small dots over the bar (the fork
 *                   medians); empty, or for some series only
 */
public record Chart(String title, String categoryAxis, String valueAxis, List<String> categories,
                    Map<String, double[]> series, boolean lines, boolean logScale, Map<String, double[]> low,
                    Map<String, double[]> high, double reference, String spread, Map<String, double[][]> points) {

    /** Category axis of a chart whose categories are memory strategies. */
    public static final String MEMORY_STRATEGY_AXIS = "memory strategy";
    /** Category axis of a chart whose categories are growth strategies. */
    public static final String GROWTH_STRATEGY_AXIS = "growth strategy";
    /** Category axis of a chart whose categories are the anchors (spsc on each strategy, Agrona, JCTools, ...). */
    public static final String ANCHOR_AXIS = "anchor";

    /**
     * Whether each bar takes its category's colour rather than its series': the categories are the
     * compared strategies (or anchors), so that a strategy has its one colour in every chart, also
     * where it is a category; a second series is a lighter shade of it.
     */
    public boolean coloursCategories() {
        return !lines && !Double.isFinite(reference) && java.util.Set.of(MEMORY_STRATEGY_AXIS, GROWTH_STRATEGY_AXIS,
                ANCHOR_AXIS).contains(categoryAxis);
    }

    /** A chart of values without intervals: its caption says so ({@link #caption()}). */
    public Chart(String title, String categoryAxis, String valueAxis, List<String> categories,
                 Map<String, double[]> series, boolean lines, boolean logScale) {
        this(title, categoryAxis, valueAxis, categories, series, lines, logScale, Map.of(), Map.of(), Double.NaN,
                "", Map.of());
    }

    /**
     * A ratio chart: one point per series and category with its interval as an error bar, on a
     * linear axis, with a dashed line at {@code reference} (1: no change against the baseline).
     */
    public static Chart ratios(String title, String categoryAxis, String valueAxis, List<String> categories,
                               Map<String, double[]> ratio, Map<String, double[]> low, Map<String, double[]> high,
                               double reference, String spread) {
        return new Chart(title, categoryAxis, valueAxis, categories, ratio, false, false, low, high, reference,
                spread, Map.of());
    }

    /** This chart with whiskers from {@code low} to {@code high} per value, described by {@code spread}. */
    public Chart withSpread(String spread, Map<String, double[]> low, Map<String, double[]> high) {
        return new Chart(title, categoryAxis, valueAxis, categories, series, lines, logScale, low, high, reference,
                spread, points);
    }

    /**
     * This chart with whiskers and with {@code points} (per series and category: the fork medians, or each
     * repetition) drawn as dots over each value; {@code spread} describes both.
     */
    public Chart withSpread(String spread, Map<String, double[]> low, Map<String, double[]> high,
                            Map<String, double[][]> points) {
        return new Chart(title, categoryAxis, valueAxis, categories, series, lines, logScale, low, high, reference,
                spread, points);
    }

    /**
     * This chart with whiskers from the smallest to the largest of each value's {@code samples} (per series and
     * category: its repetitions), and the samples themselves as dots when {@code dots} (they are per fork).
     * Series without samples, or a category without any, get no whisker (NaN).
     */
    public Chart withRangeOf(String spread, Map<String, double[][]> samples, boolean dots) {
        return withRangeOf(spread, samples, dots ? samples : Map.of());
    }

    /**
     * This chart with whiskers from the smallest to the largest of each value's {@code samples}, and
     * {@code points} (per series and category: the fork medians, {@link #forkMedians}) as dots.
     */
    public Chart withRangeOf(String spread, Map<String, double[][]> samples, Map<String, double[][]> points) {
        Map<String, double[]> lo = new LinkedHashMap<>();
        Map<String, double[]> hi = new LinkedHashMap<>();
        for (String name : series.keySet()) {
            double[][] perCategory = samples.get(name);
            double[] l = new double[categories.size()];
            double[] h = new double[categories.size()];
            for (int i = 0; i < l.length; i++) {
                double[] v = perCategory == null || perCategory[i] == null ? new double[0] : perCategory[i];
                l[i] = java.util.Arrays.stream(v).filter(Double::isFinite).min().orElse(Double.NaN);
                h[i] = java.util.Arrays.stream(v).filter(Double::isFinite).max().orElse(Double.NaN);
            }
            lo.put(name, l);
            hi.put(name, h);
        }
        return withSpread(spread, lo, hi, points);
    }

    /**
     * The median of each fork's samples, in fork order ({@code forks[i]} is the fork of {@code samples[i]});
     * empty when all come from one fork (a single dot would only repeat the median).
     */
    public static double[] forkMedians(double[] samples, int[] forks) {
        if (samples.length != forks.length) {
            throw new IllegalArgumentException(forks.length + " fork indices for " + samples.length + " samples");
        }
        return forkMedians(java.util.Arrays.stream(forks).distinct().sorted().mapToObj(f -> java.util.stream.IntStream
                .range(0, samples.length).filter(i -> forks[i] == f).mapToDouble(i -> samples[i]).toArray()).toList());
    }

    /** The median of each group of samples (one group per fork, as {@code ForkedRows#groups}); empty for one group. */
    public static double[] forkMedians(List<double[]> groups) {
        if (groups.size() < 2) {
            return new double[0];
        }
        return groups.stream().mapToDouble(g -> org.ringlab.bench.util.Stats.median(g)).toArray();
    }

    /** Two series' maps in the order given (series, whiskers or dots of a two-series chart). */
    public static <T> Map<String, T> twoSeries(String first, T a, String second, T b) {
        Map<String, T> m = new LinkedHashMap<>();
        m.put(first, a);
        m.put(second, b);
        return m;
    }

    /** The same data under another title. */
    public Chart retitled(String newTitle) {
        return new Chart(newTitle, categoryAxis, valueAxis, categories, series, lines, logScale, low, high, reference,
                spread, points);
    }

    public boolean hasIntervals() {
        return !low.isEmpty();
    }

    /** True when the chart draws more than the medians: whiskers or per-fork dots. */
    public boolean hasSpread() {
        return !low.isEmpty() || !points.isEmpty();
    }

    /** What the chart draws, for the report's caption: the whiskers and dots, or that there are none. */
    public String caption() {
        String what = Double.isFinite(reference) ? "points are the ratios" : (lines ? "points" : "bars") + " are medians";
        if (!hasSpread()) {
            return "Medians only: this figure records no spread (no intervals, no per-repetition values).";
        }
        return "The " + what + "; " + spread + ".";
    }

    public Chart {
        if (!low.keySet().equals(high.keySet()) || (!low.isEmpty() && !low.keySet().equals(series.keySet()))) {
            throw new IllegalArgumentException("chart '" + title + "': intervals for " + low.keySet() + " / "
                    + high.keySet() + " but series " + series.keySet());
        }
        if ((low.isEmpty() && points.isEmpty()) != spread.isEmpty()) {
            throw new IllegalArgumentException("chart '" + title + "': a spread description '" + spread
                    + "' needs intervals or points, and they need one");
        }
        if (!series.keySet().containsAll(points.keySet())) {
            throw new IllegalArgumentException("chart '" + title + "': points for " + points.keySet() + " but series "
                    + series.keySet());
        }
        Map<String, double[][]> pointsCopy = new LinkedHashMap<>();
        for (Map.Entry<String, double[][]> e : points.entrySet()) {
            double[][] v = e.getValue();
            if (v.length != categories.size()) {
                throw new IllegalArgumentException("chart '" + title + "': points of " + e.getKey() + " have "
                        + v.length + " categories for " + categories.size());
            }
            double[][] c = new double[v.length][];
            for (int i = 0; i < v.length; i++) {
                c[i] = v[i] == null ? new double[0] : v[i].clone();
            }
            pointsCopy.put(e.getKey(), c);
        }
        points = java.util.Collections.unmodifiableMap(pointsCopy);
        low = copy(title, categories, low);
        high = copy(title, categories, high);
        categories = List.copyOf(categories);
        Map<String, double[]> copy = new LinkedHashMap<>();
        for (Map.Entry<String, double[]> e : series.entrySet()) {
            if (e.getValue().length != categories.size()) {
                throw new IllegalArgumentException("chart '" + title + "': series " + e.getKey() + " has "
                        + e.getValue().length + " values for " + categories.size() + " categories");
            }
            copy.put(e.getKey(), e.getValue().clone());
        }
        series = java.util.Collections.unmodifiableMap(copy);
    }

    private static Map<String, double[]> copy(String title, List<String> categories, Map<String, double[]> m) {
        Map<String, double[]> copy = new LinkedHashMap<>();
        m.forEach((k, v) -> {
            if (v.length != categories.size()) {
                throw new IllegalArgumentException("chart '" + title + "': interval of " + k + " has " + v.length
                        + " values for " + categories.size() + " categories");
            }
            copy.put(k, v.clone());
        });
        return java.util.Collections.unmodifiableMap(copy);
    }
}
