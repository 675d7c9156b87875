package org.ringlab.bench.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Paint;
import java.awt.Rectangle;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.CategoryLabelPositions;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.renderer.category.CategoryItemRenderer;
import org.jfree.chart.renderer.category.LineAndShapeRenderer;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.data.category.DefaultCategoryDataset;
import org.jfree.svg.SVGGraphics2D;

/** Draws a {@link Chart} with JFreeChart into an SVG element (JFreeSVG), for report.html and charts/*.svg. */
public final class ChartRenderer {

    public static final int WIDTH = 760;
    public static final int HEIGHT = 420;

    /**
     * Series colours, in order: ten bright ones, then ten darker hues (a run names more than ten
     * strategies, anchors and disciplines, and a chart of 14 anchors must not repeat a colour).
     * Tests find the data marks of a chart by its first series' colour.
     */
    public static final List<Color> PALETTE = List.of(new Color(0x1F, 0x77, 0xB4), new Color(0xFF, 0x7F, 0x0E),
            new Color(0x2C, 0xA0, 0x2C), new Color(0xD6, 0x27, 0x28), new Color(0x94, 0x67, 0xBD),
            new Color(0x8C, 0x56, 0x4B), new Color(0xE3, 0x77, 0xC2), new Color(0x7F, 0x7F, 0x7F),
            new Color(0xBC, 0xBD, 0x22), new Color(0x17, 0xBE, 0xCF),
            new Color(0x39, 0x3B, 0x79), new Color(0x63, 0x79, 0x39), new Color(0x8C, 0x6D, 0x31),
            new Color(0x84, 0x3C, 0x39), new Color(0x7B, 0x41, 0x73), new Color(0x52, 0x54, 0xA3),
            new Color(0x8C, 0xA2, 0x52), new Color(0xBD, 0x9E, 0x39), new Color(0xAD, 0x49, 0x4A),
            new Color(0xA5, 0x51, 0x94));

    static {
        // The report is written on servers without a display; JFreeChart only needs fonts.
        System.setProperty("java.awt.headless", "true");
    }

    private ChartRenderer() {
    }

    /** The chart as one {@code <svg>} element; NaN values are left out (no bar, a gap in a line). */
    public static String svg(Chart chart) {
        SVGGraphics2D g = new SVGGraphics2D(WIDTH, HEIGHT);
        build(chart).draw(g, new Rectangle(0, 0, WIDTH, HEIGHT));
        return g.getSVGElement();
    }

    /** Colours handed out so far, by colour key ({@link #colourKey}). */
    private static final Map<String, Color> COLOURS = new java.util.LinkedHashMap<>();

    /**
     * The colour of a series or category, from the results alone: a name keeps the colour it was
     * first given for the rest of the run, the same in every chart; spsc on a strategy
     * ({@code spsc@split}, {@code spsc@split/cross}) has the strategy's. {@link #assign} hands the
     * colours out in the order of the names in a report's charts, so one set of results always
     * gets the same colours.
     */
    public static Color colourOf(String series) {
        String key = colourKey(series);
        synchronized (COLOURS) {
            return COLOURS.computeIfAbsent(key, s -> PALETTE.get(COLOURS.size() % PALETTE.size()));
        }
    }

    /** Gives every name of {@code charts} its colour, in sorted order of their colour keys. */
    public static void assign(List<Chart> charts) {
        java.util.SortedSet<String> keys = new java.util.TreeSet<>();
        for (Chart c : charts) {
            if (c.coloursCategories()) {
                c.categories().forEach(x -> keys.add(colourKey(x)));
            }
            c.series().keySet().forEach(x -> keys.add(colourKey(x)));
        }
        keys.forEach(ChartRenderer::colourOf);
    }

    /**
     * {@code spsc@split/cross} → {@code split}; {@code broadcast × 4} (a discipline at 4
     * consumers) → {@code broadcast}; {@code wake-per-item (interrupt per packet)} →
     * {@code wake-per-item}: what is compared keeps its colour whatever else the series says.
     */
    static String colourKey(String name) {
        String key = name.replaceFirst(" × .*$", "").replaceFirst(" \\(.*\\)$", "");
        int at = key.indexOf('@');
        if (at < 0) {
            return key;
        }
        String strategy = key.substring(at + 1);
        int slash = strategy.indexOf('/');
        return slash < 0 ? strategy : strategy.substring(0, slash);
    }

    /** Shade {@code row} of a colour: the first the colour itself, each later one lighter. */
    static Color shade(Color base, int row) {
        double keep = 1 / (1 + 0.8 * row);
        return new Color((int) Math.round(255 - (255 - base.getRed()) * keep),
                (int) Math.round(255 - (255 - base.getGreen()) * keep), (int) Math.round(255 - (255 - base.getBlue()) * keep));
    }

    /**
     * A series' colour in {@code chart}: its name's ({@link #colourOf}), a lighter shade for each
     * earlier series of the same colour ({@code broadcast × 1}, {@code broadcast × 2}, …).
     */
    static Color seriesColour(Chart chart, String name) {
        String key = colourKey(name);
        int earlier = 0;
        for (String s : chart.series().keySet()) {
            if (s.equals(name)) {
                break;
            }
            earlier += colourKey(s).equals(key) ? 1 : 0;
        }
        return shade(colourOf(name), earlier);
    }

    /** The JFreeChart for {@code chart}, styled for the report. */
    static JFreeChart build(Chart chart) {
        DefaultCategoryDataset data = new DefaultCategoryDataset();
        for (Map.Entry<String, double[]> s : chart.series().entrySet()) {
            for (int i = 0; i < chart.categories().size(); i++) {
                double v = s.getValue()[i];
                boolean drawable = Double.isFinite(v) && (!chart.logScale() || v > 0);
                data.addValue(drawable ? (Number) v : null, s.getKey(), chart.categories().get(i));
            }
        }
        // A ratio chart is points with whiskers (no bar from an arbitrary base); the others keep their shape.
        boolean points = chart.lines() || Double.isFinite(chart.reference());
        CategoryItemRenderer renderer = points
                ? new SpreadLineRenderer(chart, chart.lines())
                : new SpreadBarRenderer(chart);
        org.jfree.chart.axis.CategoryAxis x = new org.jfree.chart.axis.CategoryAxis(chart.categoryAxis());
        org.jfree.chart.axis.ValueAxis y;
        double floor = logFloor(chart);
        if (chart.logScale()) {
            // One tick per decade, printed as plain numbers (not 10^x).
            LogAxis axis = new LogAxis(chart.valueAxis());
            axis.setSmallestValue(floor);
            axis.setTickUnit(new NumberTickUnit(1));
            axis.setNumberFormatOverride(new DecimalFormat("#,##0.####", DecimalFormatSymbols.getInstance(Locale.ROOT)));
            y = axis;
        } else {
            org.jfree.chart.axis.NumberAxis axis = new org.jfree.chart.axis.NumberAxis(chart.valueAxis());
            axis.setAutoRangeIncludesZero(!Double.isFinite(chart.reference())); // a ratio: zoom on the interval
            y = axis;
        }
        fitSpread(chart, y, floor);
        CategoryPlot plot = new CategoryPlot(data, x, y, renderer);
        // Slanted when many or long: a label cut to "copy-doubli..." names no strategy.
        int longest = chart.categories().stream().mapToInt(String::length).max().orElse(0);
        if (chart.categories().size() > 6 || chart.categories().size() * longest > 72) {
            x.setCategoryLabelPositions(CategoryLabelPositions.UP_45);
            x.setMaximumCategoryLabelWidthRatio(3f);
        }
        if (renderer instanceof BarRenderer bars) {
            bars.setBarPainter(new StandardBarPainter());
            bars.setShadowVisible(false);
            bars.setItemMargin(0.05);
            if (chart.logScale()) {
                bars.setBase(floor); // bars rise from the decade below the smallest value, not from 0 (-∞ on a log axis)
            }
        }
        int i = 0;
        for (String name : chart.series().keySet()) {
            Paint p = seriesColour(chart, name);
            renderer.setSeriesPaint(i, p);
            renderer.setSeriesStroke(i, new BasicStroke(2f));
            if (points && !chart.lines()) {
                renderer.setSeriesShape(i, new java.awt.geom.Rectangle2D.Double(-4, -4, 8, 8));
            }
            i++;
        }
        if (Double.isFinite(chart.reference())) {
            org.jfree.chart.plot.ValueMarker m = new org.jfree.chart.plot.ValueMarker(chart.reference(), Color.DARK_GRAY,
                    new BasicStroke(1.2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10, new float[] {6, 4}, 0));
            plot.addRangeMarker(m);
        }
        plot.setBackgroundPaint(Color.WHITE);
        plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
        if (chart.coloursCategories() && chart.series().size() > 1) {
            // The bars carry their strategy's colour; the legend says which shade is which series.
            org.jfree.chart.LegendItemCollection legend = new org.jfree.chart.LegendItemCollection();
            int row = 0;
            for (String name : chart.series().keySet()) {
                legend.add(new org.jfree.chart.LegendItem(name + (row == 0 ? " (full colour)" : " (light shade)"),
                        shade(Color.GRAY.darker(), row)));
                row++;
            }
            plot.setFixedLegendItems(legend);
        }
        // One series coloured by category: the axis labels name the bars, a legend would name only the metric.
        boolean legend = !(chart.coloursCategories() && chart.series().size() == 1);
        JFreeChart jf = new JFreeChart(chart.title(), new Font(Font.SANS_SERIF, Font.BOLD, 15), plot, legend);
        jf.setBackgroundPaint(Color.WHITE);
        return jf;
    }

    /** SVG group class of one whisker; its {@code data-low}/{@code data-high} attributes carry the values drawn. */
    public static final String WHISKER = "whisker";
    /** The whisker colour over a bar (the bar has the series' colour). */
    static final Color WHISKER_ON_BAR = new Color(0x33, 0x33, 0x33);
    /** SVG group class of one value's fork-median dots. */
    public static final String POINTS = "fork-points";

    /**
     * The whisker of {@code chart}'s value ({@code row}, {@code column}) at {@code x}: a vertical line from low to
     * high with caps, then the fork medians as small dots, in the series' colour, each in an SVG group a reader
     * (and a test) can find by class.
     */
    private static void drawSpread(java.awt.Graphics2D g, Chart chart, int row, int column, double x, double cap,
                                   org.jfree.chart.axis.ValueAxis axis, java.awt.geom.Rectangle2D area,
                                   org.jfree.chart.ui.RectangleEdge edge) {
        String name = List.copyOf(chart.series().keySet()).get(row);
        Color colour = seriesColour(chart, name);
        if (chart.hasIntervals()) {
            double lo = chart.low().get(name)[column];
            double hi = chart.high().get(name)[column];
            boolean drawable = Double.isFinite(lo) && Double.isFinite(hi) && (!chart.logScale() || lo > 0);
            if (drawable) {
                double y0 = axis.valueToJava2D(lo, area, edge);
                double y1 = axis.valueToJava2D(hi, area, edge);
                group(g, WHISKER, name, chart.categories().get(column), lo, hi);
                // On a point the whisker is the series' colour; over a bar of that colour it is dark to stand out.
                g.setPaint(chart.lines() || Double.isFinite(chart.reference()) ? colour : WHISKER_ON_BAR);
                g.setStroke(new BasicStroke(1.5f));
                g.draw(new java.awt.geom.Line2D.Double(x, y0, x, y1));
                g.draw(new java.awt.geom.Line2D.Double(x - cap, y0, x + cap, y0));
                g.draw(new java.awt.geom.Line2D.Double(x - cap, y1, x + cap, y1));
                g.setRenderingHint(org.jfree.svg.SVGHints.KEY_END_GROUP, "true");
            }
        }
        double[][] forks = chart.points().get(name);
        if (forks != null && forks[column].length > 0) {
            group(g, POINTS, name, chart.categories().get(column), Double.NaN, Double.NaN);
            for (double v : forks[column]) {
                if (Double.isFinite(v) && (!chart.logScale() || v > 0)) {
                    double y = axis.valueToJava2D(v, area, edge);
                    java.awt.geom.Ellipse2D dot = new java.awt.geom.Ellipse2D.Double(x - 2.5, y - 2.5, 5, 5);
                    g.setPaint(Color.WHITE);
                    g.fill(dot);
                    g.setPaint(WHISKER_ON_BAR);
                    g.setStroke(new BasicStroke(1f));
                    g.draw(dot);
                }
            }
            g.setRenderingHint(org.jfree.svg.SVGHints.KEY_END_GROUP, "true");
        }
    }

    /** Opens an SVG group; attributes in a fixed order, so the same chart gives the same SVG. */
    private static void group(java.awt.Graphics2D g, String kind, String series, String category, double low,
                              double high) {
        Map<String, String> attributes = new java.util.LinkedHashMap<>();
        attributes.put("class", kind);
        attributes.put("data-series", series);
        attributes.put("data-category", category);
        if (!Double.isNaN(low)) {
            attributes.put("data-low", Double.toString(low));
            attributes.put("data-high", Double.toString(high));
        }
        g.setRenderingHint(org.jfree.svg.SVGHints.KEY_BEGIN_GROUP, attributes);
    }

    /** Bars of medians with each bar's whisker and fork dots drawn over it. */
    private static final class SpreadBarRenderer extends BarRenderer {
        private final transient Chart chart;

        SpreadBarRenderer(Chart chart) {
            this.chart = chart;
        }

        @Override
        public Paint getItemPaint(int row, int column) {
            return chart.coloursCategories() ? shade(colourOf(chart.categories().get(column)), row)
                    : super.getItemPaint(row, column);
        }

        @Override
        public void drawItem(java.awt.Graphics2D g, org.jfree.chart.renderer.category.CategoryItemRendererState state,
                             java.awt.geom.Rectangle2D area, CategoryPlot plot,
                             org.jfree.chart.axis.CategoryAxis domain, org.jfree.chart.axis.ValueAxis range,
                             org.jfree.data.category.CategoryDataset dataset, int row, int column, int pass) {
            super.drawItem(g, state, area, plot, domain, range, dataset, row, column, pass);
            if (pass == 0 && dataset.getValue(row, column) != null) {
                double x = calculateBarW0(plot, plot.getOrientation(), area, domain, state, row, column)
                        + state.getBarWidth() / 2;
                drawSpread(g, chart, row, column, x, Math.min(6, state.getBarWidth() / 4), range, area,
                        plot.getRangeAxisEdge());
            }
        }
    }

    /** Points (joined when {@code lines}) with each point's whisker and fork dots. */
    private static final class SpreadLineRenderer extends LineAndShapeRenderer {
        private final transient Chart chart;

        SpreadLineRenderer(Chart chart, boolean lines) {
            super(lines, true);
            this.chart = chart;
            setUseSeriesOffset(true); // several series at one category sit side by side, not on one another
            setItemMargin(0.35);
        }

        @Override
        public void drawItem(java.awt.Graphics2D g, org.jfree.chart.renderer.category.CategoryItemRendererState state,
                             java.awt.geom.Rectangle2D area, CategoryPlot plot,
                             org.jfree.chart.axis.CategoryAxis domain, org.jfree.chart.axis.ValueAxis range,
                             org.jfree.data.category.CategoryDataset dataset, int row, int column, int pass) {
            if (pass == 1 && dataset.getValue(row, column) != null) {
                // Under the marker: the whisker is drawn first, the point on top.
                double x = domain.getCategorySeriesMiddle(column, dataset.getColumnCount(),
                        state.getVisibleSeriesIndex(row), state.getVisibleSeriesCount(), getItemMargin(), area,
                        plot.getDomainAxisEdge());
                drawSpread(g, chart, row, column, x, 5, range, area, plot.getRangeAxisEdge());
            }
            super.drawItem(g, state, area, plot, domain, range, dataset, row, column, pass);
        }
    }

    /**
     * Widens the value axis to the whiskers and dots (the axis' auto range sees only the medians), so no
     * whisker runs off the plot.
     */
    private static void fitSpread(Chart chart, org.jfree.chart.axis.ValueAxis axis, double floor) {
        if (!chart.hasSpread()) {
            return;
        }
        double min = Double.MAX_VALUE;
        double max = -Double.MAX_VALUE;
        for (double v : drawn(chart)) {
            min = Math.min(min, v);
            max = Math.max(max, v);
        }
        if (min > max) {
            return;
        }
        if (chart.logScale()) {
            axis.setRange(floor, max * 1.5);
            return;
        }
        boolean zero = !Double.isFinite(chart.reference());
        if (zero) {
            min = Math.min(0, min);
        } else {
            min = Math.min(min, chart.reference());
            max = Math.max(max, chart.reference());
        }
        double pad = max > min ? (max - min) * 0.05 : Math.max(1e-9, Math.abs(max) * 0.05);
        axis.setRange(zero && min == 0 ? 0 : min - pad, max + pad);
    }

    /** Every finite value the chart draws (medians, whisker ends, dots), positive only on a log axis. */
    private static double[] drawn(Chart chart) {
        java.util.stream.DoubleStream.Builder all = java.util.stream.DoubleStream.builder();
        chart.series().values().forEach(v -> java.util.Arrays.stream(v).forEach(all));
        chart.low().values().forEach(v -> java.util.Arrays.stream(v).forEach(all));
        chart.high().values().forEach(v -> java.util.Arrays.stream(v).forEach(all));
        chart.points().values().forEach(p -> java.util.Arrays.stream(p).forEach(v -> java.util.Arrays.stream(v).forEach(all)));
        return all.build().filter(v -> Double.isFinite(v) && (!chart.logScale() || v > 0)).toArray();
    }

    /** The decade at or below the smallest positive value drawn (1 when there is none). */
    private static double logFloor(Chart chart) {
        double min = java.util.Arrays.stream(drawn(chart)).filter(v -> v > 0).min().orElse(Double.NaN);
        return Double.isNaN(min) ? 1 : Math.pow(10, Math.floor(Math.log10(min)));
    }

    /** How a palette colour is spelled in the SVG JFreeSVG writes: {@code rgb(31,119,180)}. */
    public static String svgColour(Color c) {
        return "rgb(" + c.getRed() + "," + c.getGreen() + "," + c.getBlue() + ")";
    }
}
