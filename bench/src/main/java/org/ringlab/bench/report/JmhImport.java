package org.ringlab.bench.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * {@code ringlab report --jmh F}: JMH's JSON ({@code -rf json}) turned into report sections.
 * Each benchmark is filed under the {@link ForExperiment} of its class (loaded by name); its
 * params become labels, the primary metric's raw data (every iteration of every fork) the
 * samples, and each secondary metric (gc.alloc.rate.norm, {@code @AuxCounters}, the methods
 * of a {@code @Group}) an extra measurement.
 */
public final class JmhImport {

    /** The section of benchmarks whose class is not found or not annotated. */
    public static final String UNFILED = "unfiled";

    private static final java.util.regex.Pattern COUNTED_FAILURE =
            java.util.regex.Pattern.compile("(?i)fail|drop|miss|reject|lost|empty|full");

    private JmhImport() {
    }

    /** Reads {@code file}; {@link IllegalArgumentException} says what is wrong with it. */
    public static List<Section> read(Path file) {
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException(file + ": no such file");
        }
        JsonNode root;
        try {
            root = new ObjectMapper().readTree(file.toFile());
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(file + " is not JSON: " + e.getOriginalMessage());
        } catch (IOException e) {
            throw new IllegalArgumentException(file + ": cannot read: " + e.getMessage());
        }
        if (root == null || !root.isArray()) {
            throw new IllegalArgumentException(file + " is not JMH's JSON output (-rf json): expected an array of"
                    + " benchmark results at the top");
        }
        Map<String, Builder> byExperiment = new LinkedHashMap<>();
        for (JsonNode bench : root) {
            String name = bench.path("benchmark").asText("");
            JsonNode primary = bench.get("primaryMetric");
            int dot = name.lastIndexOf('.');
            if (dot <= 0 || primary == null) {
                throw new IllegalArgumentException(file + " is not JMH's JSON output: an entry has no \"benchmark\""
                        + " class.method or no \"primaryMetric\": " + abbreviate(bench.toString()));
            }
            String className = name.substring(0, dot);
            String method = name.substring(dot + 1);
            Optional<String> experiment = experimentOf(className);
            Builder b = byExperiment.computeIfAbsent(experiment.orElse(UNFILED), Builder::new);
            if (experiment.isEmpty()) {
                b.skipped.add(name + ": class " + className + " is not on the class path or has no @ForExperiment;"
                        + " filed here");
            }
            String mode = bench.path("mode").asText("thrpt");
            Map<String, String> labels = new LinkedHashMap<>();
            labels.put("benchmark", simpleName(className) + "." + method);
            labels.put("mode", mode);
            bench.path("params").properties().forEach(e -> labels.put(e.getKey(), e.getValue().asText()));
            boolean higher = mode.equals("thrpt");
            Measurement m = metric(b.id, labels, "score", primary, higher);
            if (m != null) {
                b.measurements.add(m);
                b.rows.add(List.of(labels.get("benchmark"), params(labels), mode, ReportText.number(m.median()),
                        score(primary), primary.path("scoreUnit").asText("")));
            }
            bench.path("secondaryMetrics").properties().forEach(e -> {
                String metricName = e.getKey().startsWith("·") ? e.getKey().substring(1) : e.getKey();
                    // Allocation and counted failures (failed offers, drops) are better low; the rest (the
                // methods of a @Group) follow the primary metric's mode.
                boolean up = higher && !metricName.startsWith("gc.") && !COUNTED_FAILURE.matcher(metricName).find();
                Measurement s = metric(b.id, labels, metricName, e.getValue(), up);
                if (s != null) {
                    b.measurements.add(s);
                }
            });
        }
        List<Section> sections = new ArrayList<>();
        for (Builder b : byExperiment.values()) {
            Optional<Experiment> e = b.id.equals(UNFILED) ? Optional.empty() : Experiments.find(b.id);
            String seed = e.map(Experiment::seed).orElse("—");
            String description = e.map(Experiment::description)
                    .orElse(b.id.equals(UNFILED) ? "JMH benchmarks without an experiment" : "(experiment not on the class path)");
            List<String> categories = new ArrayList<>();
            double[] values = new double[b.rows.size()];
            for (int i = 0; i < b.rows.size(); i++) {
                List<String> row = b.rows.get(i);
                categories.add(row.get(1).isEmpty() ? row.get(0) : row.get(0) + " " + row.get(1));
                values[i] = Double.parseDouble(row.get(3).equals("-") ? "NaN" : row.get(3));
            }
            List<Chart> charts = List.of(new Chart(b.id + ": JMH primary scores", "benchmark",
                    "score (" + (b.rows.isEmpty() ? "" : b.rows.getFirst().get(5)) + ")", categories,
                    Map.of("score", values), false, false));
            ExperimentResult r = new ExperimentResult(b.id, seed, "JMH results (rigorous mode) from " + file.getFileName(),
                    "jmh", b.measurements, List.of(new Table("JMH primary metrics", List.of("benchmark", "params", "mode",
                    "median", "JMH score ± error (99.9%)", "unit"), b.rows)), charts, List.of(),
                    List.of("Samples are JMH's raw data: one value per measurement iteration of every fork."
                            + " The seed's claims are judged by 'ringlab compare'; this section lists the JMH figures."),
                    b.skipped);
            sections.add(new Section(b.id, seed, description, r, null, 0));
        }
        return sections;
    }

    private static Optional<String> experimentOf(String className) {
        try {
            Class<?> c = Class.forName(className, false, JmhImport.class.getClassLoader());
            ForExperiment f = c.getAnnotation(ForExperiment.class);
            return f == null ? Optional.empty() : Optional.of(f.value());
        } catch (ClassNotFoundException | LinkageError e) {
            return Optional.empty();
        }
    }

    /** Every raw value (forks × iterations) of one metric, or null when JMH recorded none. */
    private static Measurement metric(String experiment, Map<String, String> labels, String name, JsonNode node,
                                      boolean higherIsBetter) {
        List<Double> values = new ArrayList<>();
        for (JsonNode fork : node.path("rawData")) {
            for (JsonNode v : fork) {
                if (v.isNumber()) {
                    values.add(v.asDouble());
                }
            }
        }
        if (values.isEmpty() && node.path("score").isNumber()) {
            values.add(node.path("score").asDouble());
        }
        if (values.isEmpty()) {
            return null;
        }
        return new Measurement(experiment, labels, name, node.path("scoreUnit").asText(""), higherIsBetter, false,
                values.stream().mapToDouble(Double::doubleValue).toArray());
    }

    private static String params(Map<String, String> labels) {
        List<String> p = new ArrayList<>();
        labels.forEach((k, v) -> {
            if (!k.equals("benchmark") && !k.equals("mode")) {
                p.add(k + "=" + v);
            }
        });
        return String.join(" ", p);
    }

    /** JMH's own figure: the mean of the iterations, with its 99.9% error when JMH could compute one. */
    private static String score(JsonNode primary) {
        JsonNode score = primary.get("score");
        JsonNode e = primary.get("scoreError");
        String s = score != null && score.isNumber() ? ReportText.number(score.asDouble()) : "-";
        return e != null && e.isNumber() ? s + " ± " + ReportText.number(e.asDouble()) : s;
    }

    private static String simpleName(String className) {
        return className.substring(className.lastIndexOf('.') + 1);
    }

    private static String abbreviate(String s) {
        return s.length() > 120 ? s.substring(0, 120) + "..." : s;
    }

    private static final class Builder {
        final String id;
        final List<Measurement> measurements = new ArrayList<>();
        final List<List<String>> rows = new ArrayList<>();
        final List<String> skipped = new ArrayList<>();

        Builder(String id) {
            this.id = id;
        }
    }
}
