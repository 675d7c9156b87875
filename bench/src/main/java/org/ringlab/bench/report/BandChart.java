package org.ringlab.bench.report;

import org.ringlab.bench.harness.Band;

import org.ringlab.bench.harness.Judgement;

import org.ringlab.bench.harness.Claim;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.ringlab.bench.catalogue.SeedResult;

/**
 * One seed's results at a glance, as SVG: a row per claim, on one logarithmic axis of "measured /
 * the seed's figure", the seed's band shaded, the measured 95 % interval as a bar and its point as
 * a dot, coloured by verdict. Every band-form result sits on the same scale (its band is 1/1.25 …
 * 1.25 of the seed's figure), so a reader sees which results land inside and how far the others are.
 */
public final class BandChart {

    static final double MIN = 0.1;
    static final double MAX = 10;
    private static final int LABEL = 230;
    private static final int PLOT = 480;
    private static final int ROW = 22;
    private static final int TOP = 40;

    private BandChart() {
    }

    /** The chart of {@code seed}, or empty when no claim has a figure to draw. */
    public static java.util.Optional<String> svg(SeedResults.Seed seed) {
        List<String[]> rows = new ArrayList<>();
        List<double[]> values = new ArrayList<>();
        for (SeedResults.Row r : seed.rows()) {
            SeedResult e = r.result();
            double scale = scaleOf(e);
            if (!(scale > 0)) {
                continue;
            }
            for (Claim c : r.claims()) {
                Judgement j = c.judgement();
                if (!j.hasInterval() || !(j.ratio() > 0)) {
                    continue;
                }
                Band b = e.band();
                rows.add(new String[] {e.id(), c.verdict().word()});
                values.add(new double[] {j.low() / scale, j.ratio() / scale, j.high() / scale, b.lower() / scale,
                        b.upper() / scale});
            }
        }
        if (rows.isEmpty()) {
            return java.util.Optional.empty();
        }
        int width = LABEL + PLOT + 20;
        int height = TOP + rows.size() * ROW + 40;
        StringBuilder b = new StringBuilder(String.format(Locale.ROOT,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
                        + "font-family=\"sans-serif\" font-size=\"12\">%n", width, height, width, height));
        b.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"18\" font-size=\"14\">Seed %s: measured / seed's figure "
                + "(log scale); shaded: the band that reproduces it</text>%n", 4, esc(seed.catalogue().seed())));
        for (double tick : new double[] {0.1, 0.2, 0.5, 0.8, 1, 1.25, 2, 5, 10}) {
            double x = x(tick);
            b.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"%s\"/>%n", x, TOP - 6,
                    x, TOP + rows.size() * ROW, tick == 1 ? "#555" : "#e4e4e4"));
            b.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\" fill=\"#555\">%s×</text>%n",
                    x, TOP + rows.size() * ROW + 16, trim(tick)));
        }
        for (int i = 0; i < rows.size(); i++) {
            double[] v = values.get(i);
            int y = TOP + i * ROW + ROW / 2;
            b.append(String.format(Locale.ROOT, "<text x=\"4\" y=\"%d\">%s</text>%n", y + 4, esc(rows.get(i)[0])));
            double bl = x(Math.max(v[3], MIN));
            double bu = x(Double.isFinite(v[4]) ? Math.min(v[4], MAX) : MAX);
            b.append(String.format(Locale.ROOT, "<rect x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"%d\" fill=\"#d6ecd9\"/>%n",
                    bl, y - 8, Math.max(bu - bl, 1), 16));
            String colour = colour(rows.get(i)[1]);
            b.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"%s\" "
                    + "stroke-width=\"3\"/>%n", x(clamp(v[0])), y, x(clamp(v[2])), y, colour));
            b.append(String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%d\" r=\"4\" fill=\"%s\"><title>%s: %s (%s)"
                    + "</title></circle>%n", x(clamp(v[1])), y, colour, esc(rows.get(i)[0]), trim(v[1]),
                    esc(rows.get(i)[1])));
            if (v[1] > MAX || v[1] < MIN) {
                b.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" fill=\"%s\">%s×</text>%n",
                        v[1] > MAX ? x(MAX) - 40 : x(MIN) + 6, y - 6, colour, trim(v[1])));
            }
        }
        return java.util.Optional.of(b.append("</svg>").toString());
    }

    /** The figure a result's measurements are divided by: the seed's value, or a one-sided result's bound. */
    static double scaleOf(SeedResult e) {
        if ("band".equals(e.form())) {
            return e.value();
        }
        Double s = e.bound() != null ? e.bound() : e.value();
        return s == null ? Double.NaN : s;
    }

    private static double clamp(double v) {
        return Math.max(MIN, Math.min(MAX, v));
    }

    private static double x(double v) {
        return LABEL + (Math.log(v) - Math.log(MIN)) / (Math.log(MAX) - Math.log(MIN)) * PLOT;
    }

    private static String colour(String verdict) {
        return switch (verdict) {
            case "reproduced" -> "#1a7f37";
            case "DIFFERS" -> "#cf222e";
            case "inconclusive" -> "#9a6700";
            default -> "#777777";
        };
    }

    private static String trim(double v) {
        return Band.num(v);
    }

    private static String esc(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }
}
