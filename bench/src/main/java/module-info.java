/**
 * The ringlab command line and benchmarks. Memory strategies, growth strategies and queue
 * disciplines are found through the api's registries ({@code uses} clauses live in
 * org.ringlab.api), platform services (CPU pinning, fault counts) through ServiceLoader here;
 * no backend is named. The queues module is still required for what is not a discipline
 * (the mapped-file queue, the NAPI queue's config and stats, the buffer pool, packet framing).
 */
module org.ringlab.bench {
    requires org.ringlab.api;
    requires org.ringlab.growth;
    requires info.picocli;
    // Experiments fork child JVMs with this JVM's flags (harness.Fork reads them).
    requires java.management;
    // harness.JitWarmup asks the JVM's code list (the DiagnosticCommand MBean) whether a measured loop runs in C2's code.
    requires jdk.management;
    // Only the JMH benchmarks (org.ringlab.bench.jmh) use these; the command line never does.
    requires static jmh.core;
    requires static org.ringlab.jna;
    // The driver experiment's malloc/free baseline calls backend-linux's libc binding; static, so
    // no backend is required to run: where it is absent or unsupported the baseline is skipped.
    requires static org.ringlab.linux;
    // The mapped experiment (seed 004) drives the growing mapped-file queue directly;
    // the driver experiment the NAPI queue's config and stats and the buffer pool; broadcast the framing.
    requires org.ringlab.queues;
    requires HdrHistogram;
    // The anchors experiment: spsc beside Agrona, JCTools and the Disruptor.
    requires org.agrona;
    requires org.jctools.core;
    requires com.lmax.disruptor;
    // The report: charts drawn by JFreeChart (AWT, headless) into SVG; results.json and JMH's JSON read back.
    requires java.desktop;
    requires org.jfree.jfreechart;
    requires org.jfree.svg;
    requires com.fasterxml.jackson.databind;
    // The t and F distributions behind the claims' intervals (harness.PairedRounds, RoundPool); the t test of
    // ringlab ab (ab.AbFigures); medians and quantiles (util.Stats).
    requires org.apache.commons.statistics.distribution;
    requires org.apache.commons.statistics.descriptive;
    requires org.apache.commons.statistics.inference;

    // The experiments ringlab runs (a third-party module provides its own the same way).
    uses org.ringlab.bench.report.Experiment;
    // CPU pinning and page-fault counts (backend-linux provides it): util.Platform.
    uses org.ringlab.api.PlatformThreads;
    provides org.ringlab.bench.report.Experiment with
            org.ringlab.bench.history.HistoryExperiment,
            org.ringlab.bench.growth.GrowthExperiment,
            org.ringlab.bench.mapped.MappedExperiment,
            org.ringlab.bench.driver.DriverExperiment,
            org.ringlab.bench.broadcast.BroadcastExperiment,
            org.ringlab.bench.anchors.AnchorsExperiment;

    // picocli fills the annotated fields of the commands reflectively.
    opens org.ringlab.bench.cli to info.picocli;
    opens org.ringlab.bench.util to info.picocli;
    opens org.ringlab.bench.mapped to info.picocli;
    opens org.ringlab.bench.driver.scenario to info.picocli, com.fasterxml.jackson.databind;
    // A fork's task and result records, and results.json's, are mapped by Jackson (harness.Fork, report.ResultsJson).
    opens org.ringlab.bench.harness to com.fasterxml.jackson.databind;
    opens org.ringlab.bench.history to com.fasterxml.jackson.databind, info.picocli;
    opens org.ringlab.bench.growth to com.fasterxml.jackson.databind;
    opens org.ringlab.bench.driver to com.fasterxml.jackson.databind;
    opens org.ringlab.bench.broadcast to com.fasterxml.jackson.databind, info.picocli;
    opens org.ringlab.bench.anchors to com.fasterxml.jackson.databind;
    opens org.ringlab.bench.report to com.fasterxml.jackson.databind;
    // The seed catalogues are read by Jackson (catalogue.SeedCatalogue).
    opens org.ringlab.bench.catalogue to com.fasterxml.jackson.databind;
    // ringlab ab's child task and its figures travel as JSON (ab.ExperimentTask).
    opens org.ringlab.bench.ab to com.fasterxml.jackson.databind;

}
