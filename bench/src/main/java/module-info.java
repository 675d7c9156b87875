/**
 * The ringlab command line and benchmarks. Memory strategies, growth strategies and queue
 * disciplines are found through the api's registries ({@code uses} clauses live in
 * org.ringlab.api), never named here.
 */
module org.ringlab.bench {
    requires org.ringlab.api;
    requires org.ringlab.growth;
    requires info.picocli;
    // Experiments fork child JVMs with this JVM's flags (harness.Fork reads them).
    requires java.management;
    // Only the JMH benchmarks (org.ringlab.bench.jmh) use these; the command line never does.
    requires static jmh.core;
    requires static org.ringlab.jna;
    // The mapped experiment (seed 004) drives one queue and one backend directly: the growing
    // mapped-file queue, CPU pinning and per-thread fault counts (issue 6).
    requires org.ringlab.queues;
    requires org.ringlab.linux;
    requires HdrHistogram;
    // The anchors experiment (issue 8): spsc beside Agrona, JCTools and the Disruptor.
    requires org.agrona;
    requires org.jctools.core;
    requires com.lmax.disruptor;
    // The report: charts drawn by JFreeChart (AWT, headless) into SVG; results.json and JMH's JSON read back.
    requires java.desktop;
    requires org.jfree.jfreechart;
    requires org.jfree.svg;
    requires com.fasterxml.jackson.databind;

    // The experiments ringlab runs (a third-party module provides its own the same way).
    uses org.ringlab.bench.report.Experiment;
    provides org.ringlab.bench.report.Experiment with
            org.ringlab.bench.history.HistoryExperiment,
            org.ringlab.bench.growth.GrowthExperiment,
            org.ringlab.bench.mapped.MappedExperiment,
            org.ringlab.bench.driver.DriverExperiment,
            org.ringlab.bench.broadcast.BroadcastExperiment,
            org.ringlab.bench.anchors.AnchorsExperiment;

    // picocli fills the annotated fields of the commands reflectively.
    opens org.ringlab.bench.cli to info.picocli;
    opens org.ringlab.bench.mapped to info.picocli;
    opens org.ringlab.bench.driver.scenario to info.picocli;
    // A fork's task and result records, and results.json's, are mapped by Jackson (harness.Fork, report.ResultsJson).
    opens org.ringlab.bench.harness to com.fasterxml.jackson.databind;
    opens org.ringlab.bench.history to com.fasterxml.jackson.databind;
    opens org.ringlab.bench.growth to com.fasterxml.jackson.databind;
    opens org.ringlab.bench.driver to com.fasterxml.jackson.databind;
    opens org.ringlab.bench.anchors to com.fasterxml.jackson.databind;
    opens org.ringlab.bench.report to com.fasterxml.jackson.databind;

}
