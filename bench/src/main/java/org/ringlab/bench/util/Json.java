package org.ringlab.bench.util;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Locale;

/** A minimal streaming JSON writer, pretty-printed: enough for results.json, no dependency. */
public final class Json {

    private final StringBuilder sb = new StringBuilder();
    private int depth;
    private boolean first = true;     // next element is the first of its container
    private boolean afterName;        // a name was written; its value needs no separator

    public Json beginObject() {
        return open('{');
    }

    public Json endObject() {
        return close('}');
    }

    public Json beginArray() {
        return open('[');
    }

    public Json endArray() {
        return close(']');
    }

    public Json name(String name) {
        separator();
        string(name);
        sb.append(": ");
        afterName = true;
        return this;
    }

    public Json value(String s) {
        prefix();
        if (s == null) {
            sb.append("null");
        } else {
            string(s);
        }
        return this;
    }

    public Json value(long v) {
        prefix();
        sb.append(v);
        return this;
    }

    /** JSON has no NaN or infinity: an unknown figure is written as null. */
    public Json value(double v) {
        prefix();
        if (!Double.isFinite(v)) {
            sb.append("null");
        } else if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            sb.append((long) v);
        } else {
            // Seven significant digits are more than any timing here deserves; no exponent.
            sb.append(new BigDecimal(v).round(new MathContext(7)).stripTrailingZeros().toPlainString());
        }
        return this;
    }

    public Json value(boolean v) {
        prefix();
        sb.append(v);
        return this;
    }

    public Json field(String name, String v) {
        return name(name).value(v);
    }

    public Json field(String name, long v) {
        return name(name).value(v);
    }

    public Json field(String name, double v) {
        return name(name).value(v);
    }

    public Json field(String name, boolean v) {
        return name(name).value(v);
    }

    public Json array(String name, double[] values) {
        name(name).beginArray();
        for (double v : values) {
            value(v);
        }
        return endArray();
    }

    @Override
    public String toString() {
        return sb + "\n";
    }

    private Json open(char bracket) {
        prefix();
        sb.append(bracket);
        depth++;
        first = true;
        return this;
    }

    private Json close(char bracket) {
        depth--;
        if (!first) {
            newline();
        }
        sb.append(bracket);
        first = false;
        return this;
    }

    private void prefix() {
        if (afterName) {
            afterName = false;
        } else {
            separator();
        }
    }

    private void separator() {
        if (!first) {
            sb.append(',');
        }
        if (depth > 0) {
            newline();
        }
        first = false;
    }

    private void newline() {
        sb.append('\n').append("  ".repeat(depth));
    }

    private void string(String s) {
        sb.append('"');
        for (int i = 0; i < s.length(); i++) {
            char ch = s.charAt(i);
            switch (ch) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                default -> {
                    if (ch < 0x20) {
                        sb.append(String.format(Locale.ROOT, "\\u%04x", (int) ch));
                    } else {
                        sb.append(ch);
                    }
                }
            }
        }
        sb.append('"');
    }
}
