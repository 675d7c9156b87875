package org.ringlab.bench.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import org.ringlab.bench.harness.RecordJson;

/**
 * A results.json read back by Jackson (for {@code ringlab diff}): its {@link ResultsJson}
 * content and measurements, with a clear error when the file is missing, is not JSON, or is not
 * a ringlab results file of this version.
 */
public record ResultsFile(Path path, String command, String profile, List<Measurement> measurements,
                          ResultsJson content, java.util.Map<String, Reference> references) {

    public ResultsFile {
        measurements = List.copyOf(measurements);
        references = java.util.Map.copyOf(references);
    }

    /**
     * {@code path} as a JSON tree whose {@code "format"} is {@code format} and {@code "version"}
     * is {@code version}: the header check of every file bench reads back ({@code noun} names
     * the kind of file in the errors, {@code hint} says how to make one).
     */
    static JsonNode readTree(Path path, com.fasterxml.jackson.databind.ObjectMapper mapper, String format, int version,
                             String noun, String hint) {
        if (!Files.isRegularFile(path)) {
            throw new IllegalArgumentException(path + ": no such file");
        }
        JsonNode root;
        try {
            root = mapper.readTree(path.toFile());
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(path + " is not JSON: " + e.getOriginalMessage());
        } catch (IOException e) {
            throw new IllegalArgumentException(path + ": cannot read: " + e.getMessage());
        }
        if (root == null || !root.isObject() || !format.equals(root.path("format").asText(null))) {
            throw new IllegalArgumentException(path + " is not a ringlab " + noun + " (no \"format\": \"" + format
                    + "\" at the top" + hint + ")");
        }
        if (root.path("version").asInt(-1) != version) {
            throw new IllegalArgumentException(path + ": " + noun + " version " + root.path("version")
                    + " does not match this ringlab's version " + version);
        }
        return root;
    }

    /** Reads and checks {@code path}; {@link IllegalArgumentException} names the file and what is wrong. */
    public static ResultsFile read(Path path) {
        JsonNode root = readTree(path, RecordJson.results(), ReportWriter.FORMAT, ReportWriter.VERSION, "results.json",
                "");
        ResultsJson results;
        try {
            results = RecordJson.results().treeToValue(root, ResultsJson.class);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(path + " does not match results.schema.json: " + e.getOriginalMessage());
        }
        if (results.experiments() == null) {
            throw new IllegalArgumentException(path + ": the file has no \"experiments\" (schema mismatch)");
        }
        try {
            return new ResultsFile(path, results.command() == null ? "" : results.command(),
                    results.profile() == null ? "" : results.profile(), results.measurements(), results,
                    results.references());
        } catch (IllegalArgumentException bad) {
            throw new IllegalArgumentException(path + ": " + bad.getMessage());
        }
    }
}
