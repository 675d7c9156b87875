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
 */
public record Chart(String title, String categoryAxis, String valueAxis, List<String> categories,
                    Map<String, double[]> series, boolean lines, boolean logScale) {

    public Chart {
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
}
