package org.ringlab.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.Rectangle;
import java.awt.geom.Rectangle2D;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.jfree.chart.ChartRenderingInfo;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.svg.SVGGraphics2D;
import org.junit.jupiter.api.Test;

/**
 * The charts' spread as a reader sees it in the SVG: every value's whisker runs from its low to
 * its high (the pixels the value axis gives those values), fork medians are dots, a chart without
 * spread says so, and a series keeps its colour from one chart to the next.
 */
class ChartRendererTest {

    private static final Pattern GROUP = Pattern.compile(
            "<g class='(whisker|fork-points)' data-series='([^']*)' data-category='([^']*)'"
                    + "(?: data-low='([^']*)' data-high='([^']*)')?>(.*?)</g>");
    private static final Pattern LINE = Pattern.compile(
            "<line x1='([^']*)' y1='([^']*)' x2='([^']*)' y2='([^']*)' style='[^']*stroke:(rgb\\([^)]*\\))");

    /** One drawn group: what it says it is and what it draws. */
    private record Mark(String kind, String series, String category, double low, double high, String body) {
    }

    /** A rendered chart: its SVG and the value axis and data area it was drawn with. */
    private record Drawn(String svg, ValueAxis axis, Rectangle2D area) {
        double y(double value) {
            return axis.valueToJava2D(value, area, RectangleEdge.LEFT);
        }
    }

    private static Drawn draw(Chart chart) {
        JFreeChart jf = ChartRenderer.build(chart);
        SVGGraphics2D g = new SVGGraphics2D(ChartRenderer.WIDTH, ChartRenderer.HEIGHT);
        ChartRenderingInfo info = new ChartRenderingInfo();
        jf.draw(g, new Rectangle(0, 0, ChartRenderer.WIDTH, ChartRenderer.HEIGHT), info);
        return new Drawn(g.getSVGElement(), jf.getCategoryPlot().getRangeAxis(), info.getPlotInfo().getDataArea());
    }

    private static List<Mark> marks(String svg, String kind) {
        List<Mark> out = new ArrayList<>();
        Matcher m = GROUP.matcher(svg);
        while (m.find()) {
            if (m.group(1).equals(kind)) {
                out.add(new Mark(kind, m.group(2), m.group(3), m.group(4) == null ? Double.NaN : Double.parseDouble(m.group(4)),
                        m.group(5) == null ? Double.NaN : Double.parseDouble(m.group(5)), m.group(6)));
            }
        }
        return out;
    }

    private static Map<String, double[]> linked(String k1, double[] v1, String k2, double[] v2) {
        Map<String, double[]> m = new LinkedHashMap<>();
        m.put(k1, v1);
        m.put(k2, v2);
        return m;
    }

    @Test
    void everyBarsWhiskerRunsFromItsLowToItsHighOnTheValueAxis() {
        Map<String, double[][]> reps = new LinkedHashMap<>();
        reps.put("bar-a", new double[][] {{8, 10, 13}, {15, 20, 30}, {}});
        reps.put("bar-b", new double[][] {{4, 5, 7}, {9, 11, 12}, {2, 3, 3.5}});
        Chart chart = new Chart("write", "size", "ns", List.of("64 B", "4 KiB", "1 MiB"),
                linked("bar-a", new double[] {10, 20, Double.NaN}, "bar-b", new double[] {5, 11, 3}), false, false)
                .withRangeOf("whiskers: min–max of the repetitions", reps, false);
        Drawn d = draw(chart);
        List<Mark> whiskers = marks(d.svg(), ChartRenderer.WHISKER);
        assertEquals(5, whiskers.size(), "one whisker per drawn bar (bar-a has no value at 1 MiB): " + whiskers);
        for (Mark w : whiskers) {
            int c = chart.categories().indexOf(w.category());
            double[] samples = reps.get(w.series())[c];
            assertEquals(java.util.Arrays.stream(samples).min().orElseThrow(), w.low(), w + ": low");
            assertEquals(java.util.Arrays.stream(samples).max().orElseThrow(), w.high(), w + ": high");
            Matcher line = LINE.matcher(w.body());
            assertTrue(line.find(), "the whisker draws a line: " + w.body());
            assertEquals(line.group(1), line.group(3), "the whisker is vertical");
            assertEquals(d.y(w.low()), Double.parseDouble(line.group(2)), 1e-6, w + ": drawn from the low");
            assertEquals(d.y(w.high()), Double.parseDouble(line.group(4)), 1e-6, w + ": drawn to the high");
            assertTrue(d.area().getMinY() - 1e-6 <= d.y(w.high()) && d.y(w.low()) <= d.area().getMaxY() + 1e-6,
                    w + " inside the plot " + d.area());
        }
        // The 30 ns high is above every median: the axis widened to it, the whisker is not clipped.
        assertTrue(d.axis().getUpperBound() >= 30, "axis up to the highest whisker: " + d.axis().getRange());
        assertTrue(marks(d.svg(), ChartRenderer.POINTS).isEmpty(), "no dots were asked for");
    }

    @Test
    void forkMediansAreDotsAndLogAxisWhiskersSitOnTheirValues() {
        Map<String, double[][]> forks = Map.of("anchor-x", new double[][] {{100, 120, 150}, {900, 1000, 4000}});
        Chart chart = new Chart("latency", "percentile", "ns (log)", List.of("p50", "p99"),
                Map.of("anchor-x", new double[] {120, 1000}), true, true)
                .withRangeOf("whiskers: min–max of the fork medians; dots: each fork's median", forks, true);
        Drawn d = draw(chart);
        List<Mark> dots = marks(d.svg(), ChartRenderer.POINTS);
        assertEquals(2, dots.size(), "one group of dots per point");
        for (Mark m : dots) {
            double[] expected = java.util.Arrays.stream(forks.get("anchor-x")[chart.categories().indexOf(m.category())])
                    .map(d::y).sorted().toArray();
            double[] drawn = Pattern.compile("<ellipse cx='[^']*' cy='([^']*)'").matcher(m.body()).results()
                    .mapToDouble(r -> Double.parseDouble(r.group(1))).distinct().sorted().toArray();
            assertEquals(expected.length, drawn.length, "three forks, three dots: " + m.body());
            for (int i = 0; i < drawn.length; i++) {
                assertEquals(expected[i], drawn[i], 1e-6, m + ": a dot at each fork's median");
            }
        }
        for (Mark w : marks(d.svg(), ChartRenderer.WHISKER)) {
            Matcher line = LINE.matcher(w.body());
            assertTrue(line.find());
            assertEquals(d.y(w.low()), Double.parseDouble(line.group(2)), 1e-6, w + ": low on the log axis");
            assertEquals(d.y(w.high()), Double.parseDouble(line.group(4)), 1e-6, w + ": high on the log axis");
            assertEquals(ChartRenderer.svgColour(ChartRenderer.colourOf("anchor-x")), line.group(5),
                    "a point's whisker has its series' colour");
        }
        assertEquals(4000, marks(d.svg(), ChartRenderer.WHISKER).get(1).high());
    }

    @Test
    void aSeriesKeepsItsColourInABarChartAndARatioChart() {
        Chart bars = new Chart("time", "size", "ns", List.of("64 B"),
                linked("colour-base", new double[] {10}, "colour-kept", new double[] {5}), false, false);
        Chart ratio = Chart.ratios("speed-up", "size", "×", List.of("64 B", "4 KiB"),
                linked("colour-kept", new double[] {2, 1.5}, "colour-other", new double[] {0.8, 1.1}),
                linked("colour-kept", new double[] {1.8, 1.2}, "colour-other", new double[] {0.7, 1.0}),
                linked("colour-kept", new double[] {2.3, 1.7}, "colour-other", new double[] {0.9, 1.3}), 1,
                "whiskers: the 95 % interval");
        String kept = ChartRenderer.svgColour(ChartRenderer.colourOf("colour-kept"));
        assertNotEquals(kept, ChartRenderer.svgColour(ChartRenderer.colourOf("colour-base")));
        assertNotEquals(kept, ChartRenderer.svgColour(ChartRenderer.colourOf("colour-other")));
        assertTrue(draw(bars).svg().contains("fill:" + kept) || draw(bars).svg().contains("fill: " + kept),
                "the bar of colour-kept is filled with its colour " + kept);
        List<Mark> whiskers = marks(draw(ratio).svg(), ChartRenderer.WHISKER);
        assertEquals(4, whiskers.size());
        for (Mark w : whiskers) {
            Matcher line = LINE.matcher(w.body());
            assertTrue(line.find());
            assertEquals(ChartRenderer.svgColour(ChartRenderer.colourOf(w.series())), line.group(5), w.toString());
            if (w.series().equals("colour-kept")) {
                assertEquals(kept, line.group(5), "colour-kept in the ratio chart as in the bar chart");
            }
        }
    }

    @Test
    void aChartSaysWhetherItHasSpread() {
        Chart bare = new Chart("bare", "x", "y", List.of("a"), Map.of("s", new double[] {1}), false, false);
        assertTrue(bare.caption().startsWith("Medians only"), bare.caption());
        assertTrue(marks(draw(bare).svg(), ChartRenderer.WHISKER).isEmpty());
        Chart spread = bare.withRangeOf("whiskers: min–max of 3 repetitions", Map.of("s", new double[][] {{0.5, 1, 2}}), false);
        assertTrue(spread.caption().contains("whiskers: min–max of 3 repetitions"), spread.caption());
        assertThrows(IllegalArgumentException.class, () -> bare.withSpread("", Map.of("s", new double[] {0}),
                Map.of("s", new double[] {2})), "intervals without saying what they are");
        assertEquals(spread.caption(), spread.retitled("other").caption(), "a retitled chart keeps its spread");
    }

    @Test
    void forkMediansAreOnePerForkAndNoneForOneFork() {
        double[] samples = {5, 1, 3, 10, 30, 20, 7};
        int[] forks = {0, 0, 0, 1, 1, 1, 2};
        org.junit.jupiter.api.Assertions.assertArrayEquals(new double[] {3, 20, 7}, Chart.forkMedians(samples, forks));
        assertEquals(0, Chart.forkMedians(samples, new int[7]).length, "one JVM: no dots repeating the median");
        assertThrows(IllegalArgumentException.class, () -> Chart.forkMedians(samples, new int[3]));
    }

    @Test
    void barsOfStrategiesTakeTheirStrategysColourAlsoWhereTheStrategyIsACategory() {
        List<String> strategies = List.of("colour-test-a", "colour-test-b", "colour-test-c");
        // As a series first (as in history), then as categories of one metric (as in anchors and growth).
        Chart asSeries = new Chart("ratio", "size", "x", List.of("4 KiB"), linked("colour-test-b", new double[] {2},
                "colour-test-a", new double[] {1}), false, false);
        String seriesSvg = ChartRenderer.svg(asSeries);
        Chart byStrategy = new Chart("rate", Chart.MEMORY_STRATEGY_AXIS, "records per µs", strategies,
                Map.of("records/µs", new double[] {1, 2, 3}), false, false);
        String svg = ChartRenderer.svg(byStrategy);
        for (String s : strategies) {
            String fill = ChartRenderer.svgColour(ChartRenderer.colourOf(s));
            assertTrue(svg.contains(fill), s + "'s bar in its colour " + fill);
        }
        assertTrue(seriesSvg.contains(ChartRenderer.svgColour(ChartRenderer.colourOf("colour-test-b"))));
        assertEquals(3, strategies.stream().map(ChartRenderer::colourOf).distinct().count(), "three strategies, three colours");
        // spsc on a strategy is drawn in the strategy's colour; a second series in a lighter shade of it.
        assertEquals(ChartRenderer.colourOf("colour-test-a"), ChartRenderer.colourOf("spsc@colour-test-a/cross"));
        Chart two = new Chart("a vs b", Chart.MEMORY_STRATEGY_AXIS, "records per µs", strategies,
                linked("spsc", new double[] {1, 2, 3}, "locked-list", new double[] {1, 1, 1}), false, false);
        String twoSvg = ChartRenderer.svg(two);
        java.awt.Color light = ChartRenderer.shade(ChartRenderer.colourOf("colour-test-c"), 1);
        assertTrue(twoSvg.contains(ChartRenderer.svgColour(light)), "the second series lighter");
        assertTrue(twoSvg.contains("locked-list (light shade)"), "the legend says which shade is which");
        assertTrue(!svg.contains(">records/µs<"), "no legend naming only the metric");
    }

    /** broadcast at 1, 2, 4 consumers in broadcast's colour, lighter each; (e)'s per-packet interrupts in (d)'s wake-per-item's. */
    @Test
    void whatIsComparedKeepsItsColourWhateverElseTheSeriesNameSays() {
        assertEquals(ChartRenderer.colourOf("wake-per-item"), ChartRenderer.colourOf("wake-per-item (interrupt per packet)"));
        assertEquals(ChartRenderer.colourOf("broadcast"), ChartRenderer.colourOf("broadcast × 4"));
        Map<String, double[]> three = linked("broadcast × 1", new double[] {1}, "copy-per-consumer × 1",
                new double[] {1});
        three.put("broadcast × 2", new double[] {2});
        three.put("broadcast × 4", new double[] {3});
        Chart chart = new Chart("GB/s", "record size", "GB/s", List.of("64 B"), three, false, false);
        java.awt.Color base = ChartRenderer.colourOf("broadcast");
        assertEquals(base, ChartRenderer.seriesColour(chart, "broadcast × 1"));
        assertEquals(ChartRenderer.colourOf("copy-per-consumer"), ChartRenderer.seriesColour(chart, "copy-per-consumer × 1"));
        List<java.awt.Color> shades = List.of(base, ChartRenderer.seriesColour(chart, "broadcast × 2"),
                ChartRenderer.seriesColour(chart, "broadcast × 4"));
        assertEquals(3, shades.stream().distinct().count(), "three consumer counts, three shades: " + shades);
        for (int i = 1; i < shades.size(); i++) {
            assertTrue(shades.get(i).getRed() + shades.get(i).getGreen() + shades.get(i).getBlue()
                    > shades.get(i - 1).getRed() + shades.get(i - 1).getGreen() + shades.get(i - 1).getBlue(),
                    "each later series lighter: " + shades);
        }
        String svg = ChartRenderer.svg(chart);
        shades.forEach(c -> assertTrue(svg.contains(ChartRenderer.svgColour(c)), ChartRenderer.svgColour(c)));
    }

    @Test
    void coloursComeFromTheResultsNamesAndNoTwoNamesOfAReportShareOne() {
        List<String> names = List.of("assign-z", "assign-a", "spsc@assign-m/cross", "assign-q × 4");
        Chart chart = new Chart("c", "x", "y", List.of("1"), new java.util.LinkedHashMap<>(java.util.Map.of(
                names.get(0), new double[] {1}, names.get(1), new double[] {2}, names.get(2), new double[] {3},
                names.get(3), new double[] {4})), false, false);
        ChartRenderer.assign(List.of(chart));
        List<java.awt.Color> colours = names.stream().map(ChartRenderer::colourOf).toList();
        assertEquals(colours.size(), colours.stream().distinct().count(), "distinct colours: " + colours);
        int a = ChartRenderer.PALETTE.indexOf(ChartRenderer.colourOf("assign-a"));
        assertEquals(ChartRenderer.PALETTE.get((a + 1) % ChartRenderer.PALETTE.size()),
                ChartRenderer.colourOf("assign-m"), "handed out in sorted order of the names");
        assertEquals(ChartRenderer.colourOf("assign-m"), ChartRenderer.colourOf("spsc@assign-m"));
    }
}
