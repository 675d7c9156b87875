package org.ringlab.bench.util;

import java.util.Locale;
import java.util.function.DoubleFunction;

/** Table cells of repeated samples, as every experiment prints them: median [min..max], ratios of rounds. */
public final class Cells {

    private Cells() {
    }

    /** {@link Stats#median}, for the experiments that import it from here. */
    public static double median(double[] samples) {
        return Stats.median(samples);
    }

    /** Per-round ratios a[i] / b[i]: the rounds were interleaved, so each pair saw the same background load. */
    public static double[] ratios(double[] a, double[] b) {
        double[] r = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = a[i] / b[i];
        }
        return r;
    }

    /** {@code median [min..max]}. */
    public static String cell(double[] samples) {
        return range(Stats.of(samples), Cells::fmt);
    }

    /** {@code median [min..max]} of {@code s}, each figure written by {@code format}. */
    public static String range(Stats s, DoubleFunction<String> format) {
        return format.apply(s.median()) + " [" + format.apply(s.min()) + ".." + format.apply(s.max()) + "]";
    }

    /** {@code v} with {@code decimals} decimals, whatever the default locale. */
    public static String fixed(double v, int decimals) {
        return String.format(Locale.ROOT, "%." + decimals + "f", v);
    }

    /** The ratio of the medians, with the range of the per-round ratios. */
    public static String ratioCell(double[] a, double[] b) {
        Stats r = Stats.of(ratios(a, b));
        return String.format(Locale.ROOT, "%.2f× [%.2f..%.2f]", Stats.median(a) / Stats.median(b), r.min(), r.max());
    }

    /** Three significant digits or so, "—" for NaN. */
    public static String fmt(double v) {
        if (Double.isNaN(v)) {
            return "—";
        }
        double a = Math.abs(v);
        String f = a >= 1000 ? "%,.0f" : a >= 100 ? "%.0f" : a >= 10 ? "%.1f" : a >= 1 ? "%.2f" : "%.3f";
        return String.format(Locale.ROOT, f, v);
    }

    /** A throwable for a report line: class, message, and the chain of causes. */
    public static String describe(Throwable t) {
        String m = t.getMessage();
        StringBuilder s = new StringBuilder(t.getClass().getSimpleName()).append(m == null ? "" : ": " + m);
        for (Throwable c = t.getCause(); c != null && c != c.getCause(); c = c.getCause()) {
            s.append("; caused by ").append(c.getClass().getSimpleName())
                    .append(c.getMessage() == null ? "" : ": " + c.getMessage());
        }
        return s.toString();
    }
}
