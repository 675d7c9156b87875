package org.ringlab.bench.report;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A report's prose kept as text, not as Java: a resource beside the class that prints it
 * ({@code notes.md} in {@code org/ringlab/bench/driver/} for the driver), one section per text.
 * A line {@code ## name} or {@code [name]} opens a section; its following lines join with single
 * spaces into one paragraph; other lines starting with {@code #} are comments, and text before the
 * first section describes the file. A section is filled either by name ({@link #fill}: its
 * {@code {placeholder}}s from name–value pairs) or by position ({@link #text}: a
 * {@link String#format} pattern, Locale.ROOT). A missing file or section, a placeholder without
 * a value, a value without a placeholder or a section named twice is an error naming it.
 */
public final class Prose {

    private static final Pattern PLACEHOLDER = Pattern.compile("\\{([A-Za-z][A-Za-z0-9]*)}");

    private final String resource;
    private final Map<String, String> sections;

    private Prose(String resource, Map<String, String> sections) {
        this.resource = resource;
        this.sections = sections;
    }

    /** The resource {@code file} in {@code owner}'s package (e.g. {@code history.txt}). */
    public static Prose load(Class<?> owner, String file) {
        String resource = owner.getPackageName().replace('.', '/') + "/" + file;
        try (InputStream in = owner.getResourceAsStream(file)) {
            if (in == null) {
                throw new IllegalArgumentException("no resource " + resource + " beside " + owner.getName());
            }
            return new Prose(resource, parse(resource, new String(in.readAllBytes(), StandardCharsets.UTF_8)));
        } catch (IOException e) {
            throw new UncheckedIOException("reading " + resource, e);
        }
    }

    /** Section {@code section} of {@code owner}'s resource {@code file}, filled by name ({@link #fill}). */
    public static String of(Class<?> owner, String file, String section, Object... keyValues) {
        return load(owner, file).fill(section, keyValues);
    }

    /** Every section of {@code text} (from {@code resource}), in file order. */
    static Map<String, String> parse(String resource, String text) {
        Map<String, StringBuilder> open = new LinkedHashMap<>();
        StringBuilder current = null;
        for (String line : text.split("\n")) {
            String l = line.strip();
            String name = l.startsWith("## ") ? l.substring(3).strip()
                    : l.startsWith("[") && l.endsWith("]") ? l.substring(1, l.length() - 1) : null;
            if (name != null) {
                current = new StringBuilder();
                if (open.put(name, current) != null) {
                    throw new IllegalStateException(resource + ": section '" + name + "' twice");
                }
            } else if (current != null && !l.isEmpty() && !l.startsWith("#")) {
                current.append(current.isEmpty() ? "" : " ").append(l);
            }
        }
        Map<String, String> out = new LinkedHashMap<>();
        open.forEach((k, v) -> out.put(k, v.toString()));
        return out;
    }

    /** The section names, in file order. */
    Set<String> names() {
        return sections.keySet();
    }

    /** Section {@code key}, formatted with {@code args} when there are any. */
    public String text(String key, Object... args) {
        String t = section(key);
        return args.length == 0 ? t : String.format(Locale.ROOT, t, args);
    }

    /** Every section whose name starts with {@code prefix}, in file order (a list of notes). */
    public List<String> texts(String prefix) {
        return sections.entrySet().stream().filter(e -> e.getKey().startsWith(prefix)).map(Map.Entry::getValue).toList();
    }

    /** Section {@code section} with its placeholders filled from {@code keyValues} (a name, its value, …). */
    public String fill(String section, Object... keyValues) {
        if (keyValues.length % 2 != 0) {
            throw new IllegalArgumentException("names and values in pairs, got " + keyValues.length + " items for "
                    + section);
        }
        Map<String, String> values = new LinkedHashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            values.put(String.valueOf(keyValues[i]), String.valueOf(keyValues[i + 1]));
        }
        Set<String> unused = new LinkedHashSet<>(values.keySet());
        Matcher m = PLACEHOLDER.matcher(section(section));
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String value = values.get(m.group(1));
            if (value == null) {
                throw new IllegalArgumentException("section '" + section + "' of " + resource + " needs {"
                        + m.group(1) + "}; given " + values.keySet());
            }
            unused.remove(m.group(1));
            m.appendReplacement(out, Matcher.quoteReplacement(value));
        }
        if (!unused.isEmpty()) {
            throw new IllegalArgumentException("section '" + section + "' of " + resource + " has no {"
                    + unused.iterator().next() + "}");
        }
        return m.appendTail(out).toString();
    }

    private String section(String key) {
        String t = sections.get(key);
        if (t == null) {
            throw new IllegalArgumentException("no section '" + key + "' in " + resource + "; sections: "
                    + sections.keySet());
        }
        return t;
    }
}
