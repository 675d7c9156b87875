package org.ringlab.conformance;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import java.util.stream.Collectors;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The module boundaries of SPEC.md, as rules named as sentences. */
class ArchitectureTest {

    private static JavaClasses production;

    @BeforeAll
    static void importProductionClasses() {
        production = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("org.ringlab");
    }

    @Test
    void theRulesSeeEveryModuleSoNoRuleCanPassOnNothing() {
        Set<String> packages = production.stream().map(JavaClass::getPackageName).collect(Collectors.toSet());
        assertTrue(production.size() >= 30, "only " + production.size() + " classes imported");
        for (String expected : Set.of("org.ringlab.api", "org.ringlab.heap", "org.ringlab.linux", "org.ringlab.jna",
                "org.ringlab.windows", "org.ringlab.conformance.kit")) {
            assertTrue(packages.contains(expected), "no class imported from " + expected + ": " + packages);
        }
    }

    @Test
    void apiDependsOnTheJdkOnly() {
        classes().that().resideInAPackage("org.ringlab.api..")
                .should().onlyDependOnClassesThat().resideInAnyPackage("org.ringlab.api..", "java..")
                .check(production);
    }

    @Test
    void backendsNeverDependOnEachOther() {
        slices().matching("org.ringlab.(heap|linux|windows|jna)..").should().notDependOnEachOther()
                .allowEmptyShould(false)
                .check(production);
    }

    @Test
    void onlyBindingClassesUseTheNativeLinker() {
        noClasses().that().haveSimpleNameNotEndingWith("Libc")
                .and().haveSimpleNameNotEndingWith("Kernel32")
                .and().haveSimpleNameNotEndingWith("Bindings")
                .should().dependOnClassesThat().haveFullyQualifiedName("java.lang.foreign.Linker")
                .orShould().dependOnClassesThat().haveFullyQualifiedName("java.lang.foreign.Linker$Option")
                .check(production);
    }

    @Test
    void jnaIsUsedOnlyInBackendJna() {
        noClasses().that().resideOutsideOfPackage("org.ringlab.jna..")
                .should().dependOnClassesThat().resideInAPackage("com.sun.jna..")
                .check(production);
    }

    @Test
    void modulesHaveNoCycles() {
        slices().matching("org.ringlab.(*)..").should().beFreeOfCycles().check(production);
    }

    @Test
    void noProductionModuleDependsOnTheConformanceKit() {
        noClasses().that().resideOutsideOfPackage("org.ringlab.conformance..")
                .should().dependOnClassesThat().resideInAPackage("org.ringlab.conformance..")
                .check(production);
    }

    @Test
    void theKitReachesBackendsOnlyThroughTheirFaultHooksAndBroadcastOnlyForJoinAndLeave() {
        // Everything else comes from the registries, so the kit tests a third party's provider
        // exactly as it tests ours; broadcast's join/leave is not in the SPI (Membership).
        noClasses().that().resideInAPackage("org.ringlab.conformance.kit..")
                .and().doNotHaveFullyQualifiedName("org.ringlab.conformance.kit.Membership")
                .and().doNotHaveFullyQualifiedName("org.ringlab.conformance.kit.Membership$1")
                .should().dependOnClassesThat(com.tngtech.archunit.base.DescribedPredicate.describe(
                        "backend classes other than LinuxFaults and JnaFaults",
                        (JavaClass c) -> c.getPackageName().matches("org\\.ringlab\\.(heap|linux|jna|windows|queues|growth).*")
                                && !c.getName().matches("org\\.ringlab\\.(linux\\.LinuxFaults|jna\\.JnaFaults).*")))
                .check(production);
    }

    @Test
    void nothingUsesSunMiscUnsafe() {
        noClasses().should().dependOnClassesThat().haveFullyQualifiedName("sun.misc.Unsafe")
                .orShould().dependOnClassesThat().haveFullyQualifiedName("jdk.internal.misc.Unsafe")
                .check(production);
    }
}
