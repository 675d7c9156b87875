package org.ringlab.bench.report;

import org.ringlab.bench.harness.Band;

import org.ringlab.bench.harness.Judgement;

import org.ringlab.bench.harness.Claim;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonInclude;
import org.ringlab.bench.harness.RecordJson;
import org.ringlab.bench.harness.ReferenceLoop;
import org.ringlab.bench.util.Stats;

/**
 * results.json as records, the shape {@code results.schema.json} describes: Jackson writes it
 * ({@link ReportWriter}) and reads it back ({@link ResultsFile}), nothing is written by hand.
 * JSON has no NaN: an unknown figure is {@code null} here ({@link #number}, {@link #value}).
 * A field added to the file is a component added here and a property in the schema; the
 * round-trip test (write, validate, read, compare) catches one without the other.
 */
public record ResultsJson(String format, int version, String command, String profile, long seed, boolean fork,
                          String started, double seconds, Filters filters, Map<String, String> environment,
                          List<ExperimentJson> experiments) {

    public record Filters(List<String> strategies, List<String> disciplines) {
    }

    /** One experiment; a failed one has an error and no title, profile, notes or charts. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record ExperimentJson(String id, String seed, String description, String status, String error,
                                 double seconds, String title, String profile, List<MeasurementJson> measurements,
                                 List<ClaimJson> claims, List<String> skipped, List<String> notes,
                                 List<ChartJson> charts, ReferenceJson reference, List<RoundOrderJson> roundOrders) {
    }

    /**
     * The order one round of an experiment ran its alternatives in (round 1 first), drawn from
     * the run's seed ({@code harness.RoundOrder}); absent for an experiment that drew none.
     */
    public record RoundOrderJson(String scope, int round, List<String> order) {

        static List<RoundOrderJson> of(List<org.ringlab.bench.harness.RoundOrder.Drawn> drawn) {
            return drawn.isEmpty() ? null
                    : drawn.stream().map(d -> new RoundOrderJson(d.scope(), d.round() + 1, d.order())).toList();
        }
    }

    /**
     * The reference loop of the experiment's child JVMs (absent when it forked none): the kernel
     * that normalises its timed figures, that kernel's median, and every child's raw repetitions
     * of each kernel.
     */
    public record ReferenceJson(String kernel, String unit, Double median, String cpuUnit, String memoryUnit,
                                String coreUnit, List<ReferenceChildJson> children) {

        static ReferenceJson of(Reference r) {
            return new ReferenceJson(r.kernel().id(), r.kernel().unit(), number(r.median()),
                    ReferenceLoop.Kernel.CPU.unit(), ReferenceLoop.Kernel.MEMORY.unit(), ReferenceLoop.Kernel.CORE.unit(),
                    r.children().stream().map(c -> new ReferenceChildJson(numbers(c.cpu()), numbers(c.memory()),
                            numbers(c.core()))).toList());
        }

        Reference toReference(String experiment) {
            String where = "the reference of " + experiment;
            present(kernel, "kernel", where);
            present(children, "children", where);
            ReferenceLoop.Kernel k = java.util.Arrays.stream(ReferenceLoop.Kernel.values())
                    .filter(v -> v.id().equals(kernel)).findFirst()
                    .orElseThrow(() -> new IllegalArgumentException(where + " has kernel '" + kernel + "'; allowed: "
                            + java.util.Arrays.stream(ReferenceLoop.Kernel.values()).map(ReferenceLoop.Kernel::id)
                            .toList()));
            if (children.isEmpty()) {
                throw new IllegalArgumentException(where + " has no children");
            }
            return new Reference(k, children.stream().map(c -> {
                present(c.cpu(), "cpu", where);
                present(c.memory(), "memory", where);
                // core is absent from results written before that kernel existed: an empty list
                List<Double> core = c.core() == null ? List.of() : c.core();
                ReferenceLoop.Sample sample = new ReferenceLoop.Sample(
                        c.cpu().stream().mapToDouble(ResultsJson::value).toArray(),
                        c.memory().stream().mapToDouble(ResultsJson::value).toArray(),
                        core.stream().mapToDouble(ResultsJson::value).toArray());
                // a child times memory only where it normalises, core only since it exists
                if (sample.of(k).length == 0) {
                    throw new IllegalArgumentException(where + " is normalised by the " + k.id() + " kernel, but a"
                            + " child has no " + k.id() + " repetitions");
                }
                return sample;
            }).toList());
        }
    }

    /** One child JVM's timed repetitions of each kernel ({@code core}: null in files from before it). */
    public record ReferenceChildJson(List<Double> cpu, List<Double> memory, List<Double> core) {
    }

    /** A measurement with every sample (null: unknown) and its fork, and the summary a reader wants. */
    public record MeasurementJson(String key, Map<String, String> labels, String metric, String unit,
                                  String direction, boolean deterministic, List<Double> samples, List<Integer> forks, int n,
                                  Double median, Double min, Double max, Double q1, Double q3, Double spread,
                                  String stability, Double normalised) {

        /** {@code normalised}: the median in reference units ({@link Reference#normalise}), null without one. */
        static MeasurementJson of(Measurement m, Reference reference) {
            Stats s = m.stats();
            return new MeasurementJson(m.key(), new LinkedHashMap<>(m.labels()), m.metric(), m.unit(), m.direction(),
                    m.deterministic(), Arrays.stream(m.samples()).mapToObj(ResultsJson::number).toList(),
                    Arrays.stream(m.forks()).boxed().toList(),
                    s.n(), number(s.median()), number(s.min()), number(s.max()), number(s.q1()), number(s.q3()),
                    number(m.spread()), m.stability(),
                    reference == null ? null : number(reference.normalise(m)));
        }

        /** Back to a {@link Measurement} of {@code experiment}; the summary is recomputed from the samples. */
        Measurement toMeasurement(String experiment) {
            String where = "a measurement of " + experiment;
            present(labels, "labels", where);
            present(metric, "metric", where);
            present(unit, "unit", where);
            present(direction, "direction", where);
            present(samples, "samples", where);
            if (!direction.equals("higher-is-better") && !direction.equals("lower-is-better")) {
                throw new IllegalArgumentException("a measurement of " + experiment + " has direction '" + direction
                        + "'; allowed: higher-is-better, lower-is-better");
            }
            if (samples == null || samples.isEmpty()) {
                throw new IllegalArgumentException("a measurement of " + experiment + " " + labels + " has no samples");
            }
            double[] values = samples.stream().mapToDouble(ResultsJson::value).toArray();
            // Older files have no "forks": every sample then counts as one JVM's.
            int[] f = forks == null ? new int[values.length] : forks.stream().mapToInt(Integer::intValue).toArray();
            return new Measurement(experiment, labels, metric, unit, direction.equals("higher-is-better"),
                    deterministic, values, f);
        }
    }

    /** {@code id}: the catalogue entry or goal; absent in files from before claims had ids. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record ClaimJson(String id, String claim, String measured, Claim.Verdict verdict, JudgementJson judgement) {

        static ClaimJson of(Claim c) {
            Judgement g = c.judgement();
            Band b = g.band();
            return new ClaimJson(c.id().isEmpty() ? null : c.id(), c.claim(), c.measured(), c.verdict(),
                    g == Judgement.POINT ? null : new JudgementJson(g.seedFigure(), number(b.lower()),
                    b.hasUpper() ? number(b.upper()) : null, null, null, number(g.ratio()), number(g.low()),
                    number(g.high()), g.rounds(), g.samples(), g.method().isEmpty() ? null : g.method()));
        }

        Claim toClaim() {
            return new Claim(id, claim, measured, verdict, judgement == null ? Judgement.POINT : judgement.toJudgement());
        }
    }

    /**
     * The band ({@code lower}, {@code upper}; no upper for "at least"), or, in files from before
     * bands, a {@code threshold} and {@code direction}. {@code interval}: how the interval was made.
     */
    public record JudgementJson(String seedFigure, Double lower,
                                @JsonInclude(JsonInclude.Include.NON_NULL) Double upper,
                                @JsonInclude(JsonInclude.Include.NON_NULL) Double threshold,
                                @JsonInclude(JsonInclude.Include.NON_NULL) String direction,
                                Double ratio, Double low, Double high, int rounds, int samples,
                                @JsonInclude(JsonInclude.Include.NON_NULL) String interval) {

        Judgement toJudgement() {
            Band band;
            if (lower != null || upper != null) {
                band = new Band(lower == null ? 0 : lower, upper == null ? Double.POSITIVE_INFINITY : upper);
            } else if (threshold != null) {
                band = "at-most".equals(direction) ? Band.atMost(threshold) : Band.atLeast(threshold);
            } else {
                band = Band.atLeast(0);
            }
            return new Judgement(seedFigure, band, value(ratio), value(low), value(high), rounds, samples, interval);
        }
    }

    public record ChartJson(String title, String file) {
    }

    /** results.json's text for one run: the one writer of the JSON format. */
    static String render(ReportWriter.Run run, List<Section> sections) {
        try {
            return RecordJson.results().writeValueAsString(of(run, sections)) + "\n";
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException("results.json cannot be written: " + e.getOriginalMessage(), e);
        }
    }

    /** The file's content for one run. */
    static ResultsJson of(ReportWriter.Run run, List<Section> sections) {
        List<ExperimentJson> experiments = new ArrayList<>();
        for (Section s : sections) {
            if (!s.ok()) {
                experiments.add(new ExperimentJson(s.id(), s.seed(), s.description(), "failed", s.failure(),
                        s.seconds(), null, null, List.of(), List.of(), List.of(), null, null,
                        s.reference() == null ? null : ReferenceJson.of(s.reference()),
                        RoundOrderJson.of(s.roundOrders())));
                continue;
            }
            ExperimentResult r = s.result();
            List<ChartJson> charts = new ArrayList<>();
            for (int i = 0; i < r.charts().size(); i++) {
                charts.add(new ChartJson(r.charts().get(i).title(),
                        ReportWriter.CHARTS + "/" + ReportWriter.chartFile(s.id(), i)));
            }
            experiments.add(new ExperimentJson(s.id(), s.seed(), s.description(), "ok", null, s.seconds(), r.title(),
                    r.profile(), r.measurements().stream().map(m -> MeasurementJson.of(m, s.reference())).toList(),
                    r.claims().stream().map(ClaimJson::of).toList(), r.skipped(), r.notes(), charts,
                    s.reference() == null ? null : ReferenceJson.of(s.reference()),
                    RoundOrderJson.of(s.roundOrders())));
        }
        return new ResultsJson(ReportWriter.FORMAT, ReportWriter.VERSION, run.command(), run.profile(), run.seed(),
                run.fork(), run.started(), run.seconds(), new Filters(run.strategies(), run.disciplines()),
                ReportText.environmentLines(run), experiments);
    }

    /** Every measurement, as {@code ringlab diff} compares them. */
    List<Measurement> measurements() {
        List<Measurement> list = new ArrayList<>();
        for (ExperimentJson e : experiments) {
            if (e.measurements() == null) {
                throw new IllegalArgumentException("experiment " + e.id() + " has no \"measurements\" (schema mismatch)");
            }
            for (MeasurementJson m : e.measurements()) {
                list.add(m.toMeasurement(e.id()));
            }
        }
        return list;
    }

    /** Per experiment id, its reference; experiments without one are absent. */
    Map<String, Reference> references() {
        Map<String, Reference> map = new LinkedHashMap<>();
        for (ExperimentJson e : experiments) {
            if (e.reference() != null) {
                map.put(e.id(), e.reference().toReference(e.id()));
            }
        }
        return map;
    }

    private static List<Double> numbers(double[] v) {
        return Arrays.stream(v).mapToObj(ResultsJson::number).toList();
    }

    private static void present(Object value, String field, String where) {
        if (value == null) {
            throw new IllegalArgumentException(where + " has no \"" + field + "\" (schema mismatch)");
        }
    }

    static Double number(double v) {
        return Double.isFinite(v) ? v : null;
    }

    static double value(Double v) {
        return v == null ? Double.NaN : v;
    }
}
