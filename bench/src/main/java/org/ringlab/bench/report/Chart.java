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
 */
public record Chart(String title, String categoryAxis, String valueAxis, List<String> categories,
                    Map<String, double[]> series, boolean lines, boolean logScale, Map<String, double[]> low,
                    Map<String, double[]> high, double reference) {

    /** A chart of values without intervals. */
    public Chart(String title, String categoryAxis, String valueAxis, List<String> categories,
                 Map<String, double[]> series, boolean lines, boolean logScale) {
        this(title, categoryAxis, valueAxis, categories, series, lines, logScale, Map.of(), Map.of(), Double.NaN);
    }

    /**
     * A ratio chart: one point per series and category with its interval as an error bar, on a
     * linear axis, with a dashed line at {@code reference} (1: no change against the baseline).
     */
    public static Chart ratios(String title, String categoryAxis, String valueAxis, List<String> categories,
                               Map<String, double[]> ratio, Map<String, double[]> low, Map<String, double[]> high,
                               double reference) {
        return new Chart(title, categoryAxis, valueAxis, categories, ratio, false, false, low, high, reference);
    }

    public boolean hasIntervals() {
        return !low.isEmpty();
    }

    public Chart {
        if (!low.keySet().equals(high.keySet()) || (!low.isEmpty() && !low.keySet().equals(series.keySet()))) {
            throw new IllegalArgumentException("chart '" + title + "': intervals for " + low.keySet() + " / "
                    + high.keySet() + " but series " + series.keySet());
        }
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
