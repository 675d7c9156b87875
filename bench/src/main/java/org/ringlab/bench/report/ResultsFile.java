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

    /** Reads and checks {@code path}; {@link IllegalArgumentException} names the file and what is wrong. */
    public static ResultsFile read(Path path) {
        if (!Files.isRegularFile(path)) {
            throw new IllegalArgumentException(path + ": no such file");
        }
        JsonNode root;
        try {
            root = RecordJson.results().readTree(path.toFile());
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
