package org.ringlab.bench;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * bench's layers: the measurement harness (statistics, forks, claims and their judgement) below
 * the seed catalogues, below the report, below the experiments, {@code ringlab ab} and the command line. Each layer
 * imports only the ones below it, and none of the three lower layers knows a backend, a queue or
 * the growth module: they measure and judge whatever an experiment hands them. Beneath them all,
 * util imports no other bench package; above them, an experiment imports no other experiment and
 * not the command line, which alone puts experiments together.
 */
class BenchLayersTest {

    private static final String[] RINGLAB_MODULES = {"org.ringlab.api..", "org.ringlab.queues..", "org.ringlab.heap..",
            "org.ringlab.linux..", "org.ringlab.jna..", "org.ringlab.windows..", "org.ringlab.growth.."};
    private static final String[] EXPERIMENTS = {"org.ringlab.bench.history..", "org.ringlab.bench.driver..",
            "org.ringlab.bench.growth..", "org.ringlab.bench.broadcast..", "org.ringlab.bench.mapped..",
            "org.ringlab.bench.anchors..", "org.ringlab.bench.cli..", "org.ringlab.bench.jmh..", "org.ringlab.bench.ab.."};

    private static JavaClasses bench;

    @BeforeAll
    static void load() {
        bench = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("org.ringlab.bench");
    }

    @Test
    void theHarnessKnowsNoBackendQueueOrGrowthModule() {
        noClasses().that().resideInAnyPackage("org.ringlab.bench.harness..", "org.ringlab.bench.catalogue..",
                        "org.ringlab.bench.report..")
                .should().dependOnClassesThat().resideInAnyPackage(RINGLAB_MODULES).check(bench);
    }

    @Test
    void theHarnessCatalogueAndReportKnowNoExperimentAndNoCommand() {
        noClasses().that().resideInAnyPackage("org.ringlab.bench.harness..", "org.ringlab.bench.catalogue..",
                        "org.ringlab.bench.report..")
                .should().dependOnClassesThat().resideInAnyPackage(EXPERIMENTS).check(bench);
    }

    @Test
    void theHarnessImportsNeitherTheCataloguesNorTheReport() {
        noClasses().that().resideInAPackage("org.ringlab.bench.harness..")
                .should().dependOnClassesThat().resideInAnyPackage("org.ringlab.bench.catalogue..",
                        "org.ringlab.bench.report..").check(bench);
    }

    @Test
    void theCataloguesDoNotImportTheReport() {
        noClasses().that().resideInAPackage("org.ringlab.bench.catalogue..")
                .should().dependOnClassesThat().resideInAPackage("org.ringlab.bench.report..").check(bench);
    }

    @Test
    void utilImportsNoOtherBenchPackage() {
        noClasses().that().resideInAPackage("org.ringlab.bench.util..")
                .should().dependOnClassesThat().resideInAnyPackage("org.ringlab.bench.harness..",
                        "org.ringlab.bench.catalogue..", "org.ringlab.bench.report..", "org.ringlab.bench.ab..")
                .orShould().dependOnClassesThat().resideInAnyPackage(EXPERIMENTS).check(bench);
    }

    @Test
    void anExperimentImportsNoOtherExperimentAndNotTheCommandLine() {
        String[] experiments = {"history", "driver", "growth", "broadcast", "mapped", "anchors", "ab"};
        for (String e : experiments) {
            String[] others = java.util.stream.Stream.concat(java.util.Arrays.stream(experiments).filter(o -> !o.equals(e)),
                    java.util.stream.Stream.of("cli")).map(o -> "org.ringlab.bench." + o + "..").toArray(String[]::new);
            noClasses().that().resideInAPackage("org.ringlab.bench." + e + "..")
                    .should().dependOnClassesThat().resideInAnyPackage(others).check(bench);
        }
    }
}
