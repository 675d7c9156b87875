package org.ringlab.bench.util;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Byte sizes as people type them ({@code 4K}, {@code 64KiB}, {@code 1M}, {@code 4096}) and back. */
public final class Sizes {

    public static final long KIB = 1024;
    public static final long MIB = 1024 * KIB;
    public static final long GIB = 1024 * MIB;

    private static final Pattern SIZE = Pattern.compile("(\\d+)\\s*([kmg]?)(i?b)?", Pattern.CASE_INSENSITIVE);

    private Sizes() {
    }

    /** Parses {@code 4096}, {@code 4K}, {@code 4KiB}, {@code 4kb}, {@code 1M}, {@code 1G}: binary units. */
    public static long parse(String text) {
        Matcher m = SIZE.matcher(text == null ? "" : text.trim());
        if (!m.matches()) {
            throw new IllegalArgumentException("'" + text + "' is not a size; use bytes or K/M/G (binary), e.g. 4096, 64K, 1MiB");
        }
        long unit = switch (m.group(2).toLowerCase(Locale.ROOT)) {
            case "k" -> KIB;
            case "m" -> MIB;
            case "g" -> GIB;
            default -> 1;
        };
        try {
            return Math.multiplyExact(Long.parseLong(m.group(1)), unit);
        } catch (ArithmeticException | NumberFormatException e) {
            throw new IllegalArgumentException("size '" + text + "' is too large", e);
        }
    }

    /** {@code 4KiB}, {@code 1MiB}, {@code 3000B}: exact, no rounding, no spaces (a table token). */
    public static String format(long bytes) {
        if (bytes != 0 && bytes % GIB == 0) {
            return bytes / GIB + "GiB";
        }
        if (bytes != 0 && bytes % MIB == 0) {
            return bytes / MIB + "MiB";
        }
        if (bytes != 0 && bytes % KIB == 0) {
            return bytes / KIB + "KiB";
        }
        return bytes + "B";
    }

    /** Mebibytes with one decimal, or {@code -} for an unknown (NaN) figure. */
    public static String mib(double bytes) {
        return Double.isNaN(bytes) ? "-" : String.format(Locale.ROOT, "%.1f", bytes / MIB);
    }
}
