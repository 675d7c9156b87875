package org.ringlab.bench.report;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A report's prose kept as text, not as Java: a Markdown resource beside the class that prints it
 * ({@code notes.md} in {@code org/ringlab/bench/driver/} for the driver), one section per text,
 * each headed {@code ## name}; {@code {placeholder}}s are filled from the caller's values. A
 * section's lines join with spaces into one paragraph. A missing file or section, a placeholder
 * without a value or a value without a placeholder is an error naming it.
 */
public final class Prose {

    private static final Pattern PLACEHOLDER = Pattern.compile("\\{([A-Za-z][A-Za-z0-9]*)}");

    private Prose() {
    }

    /**
     * Section {@code section} of resource {@code file} of {@code owner}'s package, filled from
     * {@code keyValues} (a name, its value, …; values as {@link String#valueOf}).
     */
    public static String of(Class<?> owner, String file, String section, Object... keyValues) {
        if (keyValues.length % 2 != 0) {
            throw new IllegalArgumentException("names and values in pairs, got " + keyValues.length + " items for "
                    + section);
        }
        Map<String, String> values = new LinkedHashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            values.put(String.valueOf(keyValues[i]), String.valueOf(keyValues[i + 1]));
        }
        String text = sections(owner, file).get(section);
        if (text == null) {
            throw new IllegalArgumentException("no section '" + section + "' in " + owner.getPackageName() + "/" + file
                    + "; sections: " + sections(owner, file).keySet());
        }
        StringBuilder out = new StringBuilder();
        Matcher m = PLACEHOLDER.matcher(text);
        List<String> used = new ArrayList<>();
        while (m.find()) {
            String value = values.get(m.group(1));
            if (value == null) {
                throw new IllegalArgumentException("section '" + section + "' of " + file + " needs {" + m.group(1)
                        + "}; given " + values.keySet());
            }
            used.add(m.group(1));
            m.appendReplacement(out, Matcher.quoteReplacement(value));
        }
        m.appendTail(out);
        for (String name : values.keySet()) {
            if (!used.contains(name)) {
                throw new IllegalArgumentException("section '" + section + "' of " + file + " has no {" + name + "}");
            }
        }
        return out.toString();
    }

    /** Every section of the file, its lines joined with spaces. */
    static Map<String, String> sections(Class<?> owner, String file) {
        String text;
        try (InputStream in = owner.getResourceAsStream(file)) {
            if (in == null) {
                throw new IllegalArgumentException("no resource " + file + " beside " + owner.getName());
            }
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException("reading " + file + " beside " + owner.getName(), e);
        }
        Map<String, String> out = new LinkedHashMap<>();
        String name = null;
        StringBuilder body = new StringBuilder();
        for (String line : (text + "\n## ").split("\n")) {
            if (line.startsWith("## ")) {
                if (name != null) {
                    out.put(name, body.toString().strip());
                }
                name = line.substring(3).strip();
                body.setLength(0);
            } else if (name != null && !line.isBlank()) {
                body.append(body.isEmpty() ? "" : " ").append(line.strip());
            }
        }
        return out;
    }
}
