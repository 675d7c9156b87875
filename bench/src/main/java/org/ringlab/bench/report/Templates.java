package org.ringlab.bench.report;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A report's long prose, kept in a text resource beside the class that writes it instead of in
 * string literals. The file holds sections: a line {@code [key]} opens one, its following lines
 * are joined by single spaces, lines starting with {@code #} are comments. A section's text is a
 * {@link String#format} pattern (Locale.ROOT) when arguments are given.
 */
public final class Templates {

    private final String resource;
    private final Map<String, String> sections;

    private Templates(String resource, Map<String, String> sections) {
        this.resource = resource;
        this.sections = sections;
    }

    /** The resource {@code name} in {@code owner}'s package (e.g. {@code history.txt}). */
    public static Templates load(Class<?> owner, String name) {
        String resource = owner.getPackageName().replace('.', '/') + "/" + name;
        try (InputStream in = owner.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("no resource " + resource);
            }
            return new Templates(resource, parse(resource, new String(in.readAllBytes(), StandardCharsets.UTF_8)));
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + resource + ": " + e.getMessage(), e);
        }
    }

    static Map<String, String> parse(String resource, String text) {
        Map<String, StringBuilder> open = new LinkedHashMap<>();
        StringBuilder current = null;
        for (String line : text.split("\n")) {
            String l = line.strip();
            if (l.startsWith("#") || l.isEmpty()) {
                continue;
            }
            if (l.startsWith("[") && l.endsWith("]")) {
                String key = l.substring(1, l.length() - 1);
                current = new StringBuilder();
                if (open.put(key, current) != null) {
                    throw new IllegalStateException(resource + ": section [" + key + "] twice");
                }
            } else if (current == null) {
                throw new IllegalStateException(resource + ": text before the first [section]: " + l);
            } else {
                current.append(current.isEmpty() ? "" : " ").append(l);
            }
        }
        Map<String, String> sections = new LinkedHashMap<>();
        open.forEach((k, v) -> sections.put(k, v.toString()));
        return sections;
    }

    /** Section {@code key}, formatted with {@code args} when there are any. */
    public String text(String key, Object... args) {
        String t = sections.get(key);
        if (t == null) {
            throw new IllegalArgumentException(resource + " has no section [" + key + "]; it has " + sections.keySet());
        }
        return args.length == 0 ? t : String.format(Locale.ROOT, t, args);
    }

    /** Every section whose key starts with {@code prefix}, in file order (a list of notes). */
    public List<String> texts(String prefix) {
        return sections.entrySet().stream().filter(e -> e.getKey().startsWith(prefix)).map(Map.Entry::getValue).toList();
    }
}
