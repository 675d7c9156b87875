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

import org.jfree.chart.ChartFactory;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.CategoryLabelPositions;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.PlotOrientation;
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
     * Series colours, in order (a colour-blind-safe palette). Tests find the data marks of a
     * chart by its first series' colour.
     */
    public static final List<Color> PALETTE = List.of(new Color(0x1F, 0x77, 0xB4), new Color(0xFF, 0x7F, 0x0E),
            new Color(0x2C, 0xA0, 0x2C), new Color(0xD6, 0x27, 0x28), new Color(0x94, 0x67, 0xBD),
            new Color(0x8C, 0x56, 0x4B), new Color(0xE3, 0x77, 0xC2), new Color(0x7F, 0x7F, 0x7F),
            new Color(0xBC, 0xBD, 0x22), new Color(0x17, 0xBE, 0xCF));

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

    /** Colours handed out so far, by series name: a strategy keeps its colour in every chart of a run. */
    private static final Map<String, Color> COLOURS = new java.util.concurrent.ConcurrentHashMap<>();

    /** The colour of a series (a strategy, an anchor): the next palette colour when first seen, the same after. */
    public static Color colourOf(String series) {
        synchronized (COLOURS) {
            return COLOURS.computeIfAbsent(series, s -> PALETTE.get(COLOURS.size() % PALETTE.size()));
        }
    }

    /** The JFreeChart for {@code chart}, styled for the report. */
    static JFreeChart build(Chart chart) {
        if (chart.hasIntervals()) {
            return intervals(chart);
        }
        DefaultCategoryDataset data = new DefaultCategoryDataset();
        for (Map.Entry<String, double[]> s : chart.series().entrySet()) {
            for (int i = 0; i < chart.categories().size(); i++) {
                double v = s.getValue()[i];
                boolean drawable = Double.isFinite(v) && (!chart.logScale() || v > 0);
                data.addValue(drawable ? (Number) v : null, s.getKey(), chart.categories().get(i));
            }
        }
        JFreeChart jf = chart.lines()
                ? ChartFactory.createLineChart(chart.title(), chart.categoryAxis(), chart.valueAxis(), data,
                PlotOrientation.VERTICAL, true, false, false)
                : ChartFactory.createBarChart(chart.title(), chart.categoryAxis(), chart.valueAxis(), data,
                PlotOrientation.VERTICAL, true, false, false);
        jf.setBackgroundPaint(Color.WHITE);
        jf.getTitle().setFont(new Font(Font.SANS_SERIF, Font.BOLD, 15));
        CategoryPlot plot = jf.getCategoryPlot();
        plot.setBackgroundPaint(Color.WHITE);
        plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
        if (chart.categories().size() > 6) {
            plot.getDomainAxis().setCategoryLabelPositions(CategoryLabelPositions.UP_45);
        }
        CategoryItemRenderer renderer = plot.getRenderer();
        double floor = logFloor(chart);
        if (chart.logScale()) {
            // One tick per decade, printed as plain numbers (not 10^x).
            LogAxis axis = new LogAxis(chart.valueAxis());
            axis.setSmallestValue(floor);
            axis.setTickUnit(new NumberTickUnit(1));
            axis.setNumberFormatOverride(new DecimalFormat("#,##0.####", DecimalFormatSymbols.getInstance(Locale.ROOT)));
            plot.setRangeAxis(axis);
            if (renderer instanceof BarRenderer bars) {
                bars.setBase(floor); // bars rise from the decade below the smallest value, not from 0 (-∞ on a log axis)
            }
        }
        if (renderer instanceof BarRenderer bars) {
            bars.setBarPainter(new StandardBarPainter());
            bars.setShadowVisible(false);
            bars.setItemMargin(0.05);
        }
        if (renderer instanceof LineAndShapeRenderer lines) {
            lines.setDefaultShapesVisible(true);
        }
        int i = 0;
        for (String name : chart.series().keySet()) {
            Paint p = colourOf(name);
            renderer.setSeriesPaint(i, p);
            renderer.setSeriesStroke(i, new BasicStroke(2f));
            i++;
        }
        return jf;
    }

    /**
     * Points with error bars on a linear axis: the interval of each series as a thin bar from
     * low to high (IntervalBarRenderer), the ratio as a marker on it, a dashed reference line.
     */
    private static JFreeChart intervals(Chart chart) {
        List<String> names = List.copyOf(chart.series().keySet());
        Number[][] starts = new Number[names.size()][chart.categories().size()];
        Number[][] ends = new Number[names.size()][chart.categories().size()];
        DefaultCategoryDataset points = new DefaultCategoryDataset();
        for (int s = 0; s < names.size(); s++) {
            for (int c = 0; c < chart.categories().size(); c++) {
                double lo = chart.low().get(names.get(s))[c];
                double hi = chart.high().get(names.get(s))[c];
                double v = chart.series().get(names.get(s))[c];
                boolean ok = Double.isFinite(lo) && Double.isFinite(hi);
                starts[s][c] = ok ? lo : null;
                ends[s][c] = ok ? hi : null;
                points.addValue(Double.isFinite(v) ? (Number) v : null, names.get(s), chart.categories().get(c));
            }
        }
        org.jfree.data.category.DefaultIntervalCategoryDataset bars = new org.jfree.data.category.DefaultIntervalCategoryDataset(
                names.toArray(new String[0]), chart.categories().toArray(new String[0]), starts, ends);
        org.jfree.chart.axis.CategoryAxis x = new org.jfree.chart.axis.CategoryAxis(chart.categoryAxis());
        org.jfree.chart.axis.NumberAxis y = new org.jfree.chart.axis.NumberAxis(chart.valueAxis());
        y.setAutoRangeIncludesZero(false);
        org.jfree.chart.renderer.category.IntervalBarRenderer barRenderer =
                new org.jfree.chart.renderer.category.IntervalBarRenderer();
        barRenderer.setBarPainter(new StandardBarPainter());
        barRenderer.setShadowVisible(false);
        barRenderer.setItemMargin(0.35);
        barRenderer.setMaximumBarWidth(0.02);
        CategoryPlot plot = new CategoryPlot(bars, x, y, barRenderer);
        LineAndShapeRenderer marks = new LineAndShapeRenderer(false, true);
        plot.setDataset(1, points);
        plot.setRenderer(1, marks);
        for (int s = 0; s < names.size(); s++) {
            Color c = colourOf(names.get(s));
            barRenderer.setSeriesPaint(s, c);
            marks.setSeriesPaint(s, c);
            marks.setSeriesShape(s, new java.awt.geom.Rectangle2D.Double(-4, -4, 8, 8));
            marks.setSeriesVisibleInLegend(s, false);
        }
        if (Double.isFinite(chart.reference())) {
            org.jfree.chart.plot.ValueMarker m = new org.jfree.chart.plot.ValueMarker(chart.reference(), Color.DARK_GRAY,
                    new BasicStroke(1.2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10, new float[] {6, 4}, 0));
            plot.addRangeMarker(m);
        }
        plot.setBackgroundPaint(Color.WHITE);
        plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
        JFreeChart jf = new JFreeChart(chart.title(), new Font(Font.SANS_SERIF, Font.BOLD, 15), plot, true);
        jf.setBackgroundPaint(Color.WHITE);
        return jf;
    }

    /** The decade at or below the smallest positive value (1 when there is none). */
    private static double logFloor(Chart chart) {
        double min = Double.MAX_VALUE;
        for (double[] values : chart.series().values()) {
            for (double v : values) {
                if (Double.isFinite(v) && v > 0) {
                    min = Math.min(min, v);
                }
            }
        }
        return min == Double.MAX_VALUE ? 1 : Math.pow(10, Math.floor(Math.log10(min)));
    }

    /** How a palette colour is spelled in the SVG JFreeSVG writes: {@code rgb(31,119,180)}. */
    public static String svgColour(Color c) {
        return "rgb(" + c.getRed() + "," + c.getGreen() + "," + c.getBlue() + ")";
    }
}
