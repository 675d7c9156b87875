package org.ringlab.bench.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * A results.json read back (for {@code ringlab diff}): its measurements, with a clear error
 * when the file is missing, is not JSON, or is not a ringlab results file of this version.
 */
public record ResultsFile(Path path, String command, String profile, List<Measurement> measurements) {

    public ResultsFile {
        measurements = List.copyOf(measurements);
    }

    /** Reads and checks {@code path}; {@link IllegalArgumentException} names the file and what is wrong. */
    public static ResultsFile read(Path path) {
        if (!Files.isRegularFile(path)) {
            throw new IllegalArgumentException(path + ": no such file");
        }
        JsonNode root;
        try {
            root = new ObjectMapper().readTree(path.toFile());
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(path + " is not JSON: " + e.getOriginalMessage());
        } catch (IOException e) {
            throw new IllegalArgumentException(path + ": cannot read: " + e.getMessage());
        }
        if (root == null || !root.isObject() || !ReportWriter.FORMAT.equals(root.path("format").asText(null))) {
            throw new IllegalArgumentException(path + " is not a ringlab results.json (no \"format\": \""
                    + ReportWriter.FORMAT + "\" at the top)");
        }
        if (root.path("version").asInt(-1) != ReportWriter.VERSION) {
            throw new IllegalArgumentException(path + ": results.json version " + root.path("version")
                    + " does not match this ringlab's version " + ReportWriter.VERSION);
        }
        List<Measurement> list = new ArrayList<>();
        JsonNode experiments = require(path, root, "experiments", "experiments");
        for (JsonNode e : experiments) {
            String id = text(path, e, "id", "experiment");
            for (JsonNode m : require(path, e, "measurements", "experiment " + id)) {
                String where = "a measurement of " + id;
                Map<String, String> labels = new LinkedHashMap<>();
                require(path, m, "labels", where).properties().forEach(x -> labels.put(x.getKey(), x.getValue().asText()));
                JsonNode samples = require(path, m, "samples", where);
                double[] values = new double[samples.size()];
                for (int i = 0; i < values.length; i++) {
                    values[i] = samples.get(i).isNumber() ? samples.get(i).asDouble() : Double.NaN;
                }
                String direction = text(path, m, "direction", where);
                if (!direction.equals("higher-is-better") && !direction.equals("lower-is-better")) {
                    throw new IllegalArgumentException(path + ": " + where + " has direction '" + direction
                            + "'; allowed: higher-is-better, lower-is-better");
                }
                if (values.length == 0) {
                    throw new IllegalArgumentException(path + ": " + where + " " + labels + " has no samples");
                }
                // Older files have no "forks": every sample then counts as one JVM's.
                int[] forks = new int[values.length];
                JsonNode f = m.get("forks");
                if (f != null && !f.isNull()) {
                    if (!f.isArray() || f.size() != values.length) {
                        throw new IllegalArgumentException(path + ": " + where + " " + labels + " has " + f.size()
                                + " fork indices for " + values.length + " samples");
                    }
                    for (int i = 0; i < forks.length; i++) {
                        forks[i] = f.get(i).asInt(-1);
                    }
                }
                try {
                    list.add(new Measurement(id, labels, text(path, m, "metric", where), text(path, m, "unit", where),
                            direction.equals("higher-is-better"), require(path, m, "deterministic", where).asBoolean(),
                            values, forks));
                } catch (IllegalArgumentException bad) {
                    throw new IllegalArgumentException(path + ": " + bad.getMessage());
                }
            }
        }
        return new ResultsFile(path, root.path("command").asText(""), root.path("profile").asText(""), list);
    }

    private static JsonNode require(Path path, JsonNode node, String field, String where) {
        JsonNode v = node.get(field);
        if (v == null || v.isNull()) {
            throw new IllegalArgumentException(path + ": " + where + " has no \"" + field + "\" (schema mismatch)");
        }
        return v;
    }

    private static String text(Path path, JsonNode node, String field, String where) {
        JsonNode v = require(path, node, field, where);
        if (!v.isTextual()) {
            throw new IllegalArgumentException(path + ": " + where + ": \"" + field + "\" is " + v + ", not a string");
        }
        return v.asText();
    }
}
