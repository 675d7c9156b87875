package org.ringlab.conformance;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.methods;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaMethod;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.ringlab.api.GrowthStrategy;
import org.ringlab.api.MappedFileStrategy;
import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.Registries;
import org.ringlab.linux.BoundToLibc;
import org.ringlab.queues.broadcast.RefCountedBroadcastQueue;

/** ringlab's module boundaries, as rules named as sentences. */
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
        for (String expected : Set.of("org.ringlab.api", "org.ringlab.api.support", "org.ringlab.api.testing",
                "org.ringlab.growth", "org.ringlab.heap", "org.ringlab.linux", "org.ringlab.jna",
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

    /**
     * The exported package's types, by role. A type added to {@code org.ringlab.api} must be
     * added here, deliberately: a helper goes to {@code org.ringlab.api.support}, a test hook to
     * {@code org.ringlab.api.testing}, a growth helper to the growth module.
     */
    private static final List<String> SPI = List.of(
            // the services and what their providers make
            "RinglabProvider", "MemoryStrategy", "GrowthStrategy", "MappedFileStrategy", "QueueDiscipline", "PlatformThreads",
            "RingMemory", "SegmentPathMemory", "MirrorViewMemory", "LapViewMemory", "DoubledViewMemory", "GrowableRingMemory",
            "GrowableBuffer", "MappedFile", "RecordQueue", "QueueProducer", "QueueConsumer",
            // the value types and errors they share
            "Availability", "Capability", "CopyCounters", "GrowthCounters", "GrowthPolicy", "GrowthTrait", "MappedFileSpec",
            "PrefaultPolicy", "QueueSpec", "RingSpec", "SeamPlacement", "StrategyChoice",
            "NativeCallException", "UnavailableException",
            // discovery
            "Registries", "ProviderRegistry",
            // what a third party's ring memory extends or hands its mapping to, and its argument checks
            "AbstractRingMemory", "RingProtocol", "MirroredRingMemory", "RingChecks");

    @Test
    void theApiPackageHoldsOnlyTheSpi() {
        classes().that().resideInAPackage("org.ringlab.api").and().areTopLevelClasses()
                .should().haveNameMatching("org\\.ringlab\\.api\\.(" + String.join("|", SPI) + ")")
                .because("helpers live in org.ringlab.api.support, test hooks in org.ringlab.api.testing,"
                        + " growth helpers in the growth module; none is exported to users")
                .check(production);
        Set<String> present = production.stream()
                .filter(c -> c.getPackageName().equals("org.ringlab.api") && c.isTopLevelClass())
                .map(JavaClass::getSimpleName).collect(Collectors.toCollection(TreeSet::new));
        assertEquals(new TreeSet<>(SPI), present, "the SPI list names a type the api package does not hold");
    }

    @Test
    void theApiModuleExportsOnlyTheSpiToEveryoneAndItsHelpersAndTestHooksOnlyToRinglabsModules() throws Exception {
        Path api = Path.of(Registries.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        ModuleDescriptor descriptor = ModuleFinder.of(api).find("org.ringlab.api").orElseThrow(
                () -> new AssertionError("no module org.ringlab.api at " + api)).descriptor();
        Map<String, Set<String>> exports = descriptor.exports().stream()
                .collect(Collectors.toMap(ModuleDescriptor.Exports::source, ModuleDescriptor.Exports::targets));
        assertEquals(Set.of("org.ringlab.api", "org.ringlab.api.support", "org.ringlab.api.testing"), exports.keySet());
        assertEquals(Set.of(), exports.get("org.ringlab.api"), "the SPI package is exported to everyone");
        for (String qualified : List.of("org.ringlab.api.support", "org.ringlab.api.testing")) {
            Set<String> targets = exports.get(qualified);
            assertFalse(targets.isEmpty(), qualified + " must be exported only to named modules");
            assertTrue(targets.stream().allMatch(t -> t.startsWith("org.ringlab.")),
                    qualified + " is exported to a module outside ringlab: " + targets);
        }
        assertTrue(descriptor.opens().isEmpty(), "api opens " + descriptor.opens());
    }

    @Test
    void onlyTheAvailabilityProbeTheLinuxFaultDecoratorAndTheKitsFaultInjectorReachTheTestHooks() {
        noClasses().that().resideOutsideOfPackage("org.ringlab.api.testing")
                .and(DescribedPredicate.describe("are not a hook's consumer",
                        (JavaClass c) -> !c.getName().matches("org\\.ringlab\\.(api\\.support\\.ProbedAvailability"
                                + "|linux\\.(FaultInjectingLibc|LinuxFaults)|conformance\\.kit\\.FaultInjector)(\\$.*)?")))
                .should().dependOnClassesThat().resideInAPackage("org.ringlab.api.testing")
                .because("test hooks are consulted by a decorator or a remembered probe, never on a production call's path")
                .check(production);
        noClasses().that().resideInAPackage("org.ringlab.api")
                .should().dependOnClassesThat().resideInAnyPackage("org.ringlab.api.testing", "org.ringlab.growth..")
                .check(production);
    }

    @Test
    void noBackendDependsOnAnotherExceptBackendJnaOnBackendLinux() {
        slices().matching("org.ringlab.(heap|linux|windows)..").should().notDependOnEachOther()
                .allowEmptyShould(false)
                .as("heap, linux and windows backends never depend on each other")
                .check(production);
        noClasses().that().resideInAnyPackage("org.ringlab.heap..", "org.ringlab.linux..", "org.ringlab.windows..")
                .should().dependOnClassesThat().resideInAPackage("org.ringlab.jna..")
                .as("no backend depends on backend-jna")
                .check(production);
        noClasses().that().resideInAPackage("org.ringlab.jna..")
                .should().dependOnClassesThat().resideInAnyPackage("org.ringlab.heap..", "org.ringlab.windows..")
                .as("backend-jna depends on no backend but backend-linux")
                .check(production);
    }

    @Test
    void backendJnaUsesBackendLinuxsLibcInterfaceAndMechanismsButNeverItsFfmBindingOrFaultHooks() {
        noClasses().that().resideInAPackage("org.ringlab.jna..")
                .should().dependOnClassesThat(DescribedPredicate.describe("backend-linux's FFM binding or fault hooks",
                        (JavaClass c) -> c.getPackageName().equals("org.ringlab.linux")
                                && topLevel(c).getSimpleName().matches("Ffm.*|LinuxFaults|FaultInjectingLibc")))
                .as("backend-jna never uses backend-linux's FFM binding or its fault hooks")
                .check(production);
        classes().that().resideInAPackage("org.ringlab.jna..").and(DescribedPredicate.describe(
                        "are memory or growth strategies", (JavaClass c) -> c.isAssignableTo(MemoryStrategy.class)
                                || c.isAssignableTo(GrowthStrategy.class)))
                .should().beAssignableTo(BoundToLibc.class)
                .allowEmptyShould(false)
                .as("backend-jna's strategies are backend-linux's mechanisms over a Libc")
                .check(production);
    }

    @Test
    void everyLinuxStrategyCanBeRebuiltOverAFaultInjectingBindingAndOnlyTheDecoratorConsultsTheHook() {
        // The kit injects faults into memory, growth and mapped-file strategies alike by
        // rebuilding them over a decorated Libc (BoundToLibc.over): one that cannot be rebuilt
        // would have its fault cells skipped as "no fault hook covers".
        classes().that().resideInAnyPackage("org.ringlab.linux..", "org.ringlab.jna..")
                .and().areNotInterfaces()
                .and().doNotHaveModifier(com.tngtech.archunit.core.domain.JavaModifier.ABSTRACT)
                .and(DescribedPredicate.describe("are memory, growth or mapped-file strategies",
                        (JavaClass c) -> c.isAssignableTo(MemoryStrategy.class) || c.isAssignableTo(GrowthStrategy.class)
                                || c.isAssignableTo(MappedFileStrategy.class)))
                .should().beAssignableTo(BoundToLibc.class)
                .allowEmptyShould(false)
                .as("every strategy of backend-linux and backend-jna can be rebuilt over another Libc")
                .check(production);
        noClasses().that().resideInAnyPackage("org.ringlab.linux..", "org.ringlab.jna..")
                .and().doNotHaveFullyQualifiedName("org.ringlab.linux.FaultInjectingLibc")
                .should().callMethod(org.ringlab.api.testing.FaultHooks.class, "consult", String.class, String.class)
                .as("no production call of the Linux backends consults the fault hook, only its decorator does")
                .check(production);
        classes().that().haveFullyQualifiedName("org.ringlab.linux.FaultInjectingLibc")
                .should().callMethod(org.ringlab.api.testing.FaultHooks.class, "consult", String.class, String.class)
                .allowEmptyShould(false)
                .as("the fault-injecting decorator consults the hook")
                .check(production);
    }

    /** A binding class, or a class nested in one (the FFM bindings keep their handles in a nested holder). */
    private static final DescribedPredicate<JavaClass> BINDING = DescribedPredicate.describe(
            "a Libc, Kernel32 or *Bindings binding class or a class nested in one",
            (JavaClass c) -> topLevel(c).getSimpleName().matches(".*(Libc|Kernel32|Bindings)"));

    @Test
    void onlyBindingClassesUseTheNativeLinker() {
        noClasses().that(DescribedPredicate.not(BINDING))
                .should().dependOnClassesThat().haveFullyQualifiedName("java.lang.foreign.Linker")
                .orShould().dependOnClassesThat().haveFullyQualifiedName("java.lang.foreign.Linker$Option")
                .as("only binding classes use java.lang.foreign.Linker")
                .check(production);
        classes().that().haveFullyQualifiedName("org.ringlab.linux.FfmLibc$C")
                .or().haveFullyQualifiedName("org.ringlab.windows.Kernel32")
                .should().dependOnClassesThat().haveFullyQualifiedName("java.lang.foreign.Linker")
                .allowEmptyShould(false)
                .as("the FFM bindings are where the Linker is used")
                .check(production);
    }

    @Test
    void jnaIsUsedOnlyInBackendJna() {
        noClasses().that().resideOutsideOfPackage("org.ringlab.jna..")
                .should().dependOnClassesThat().resideInAPackage("com.sun.jna..")
                .as("com.sun.jna is used only in backend-jna")
                .check(production);
        classes().that().resideInAPackage("org.ringlab.jna..").and(BINDING)
                .should().dependOnClassesThat().resideInAPackage("com.sun.jna..")
                .allowEmptyShould(false)
                .as("backend-jna's binding is where JNA is used")
                .check(production);
    }

    private static JavaClass topLevel(JavaClass c) {
        JavaClass outer = c;
        while (outer.getEnclosingClass().isPresent()) {
            outer = outer.getEnclosingClass().get();
        }
        return outer;
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
                        "backend classes other than LinuxFaults, or growth classes other than its RSS accounting",
                        (JavaClass c) -> c.getPackageName().matches("org\\.ringlab\\.(heap|linux|jna|windows|queues|growth).*")
                                && !c.getName().matches("org\\.ringlab\\.linux\\.LinuxFaults.*")
                                && !c.getName().matches("org\\.ringlab\\.growth\\.ProcSelf.*")))
                .check(production);
    }

    private static final String BROADCAST = "org.ringlab.queues.broadcast";

    @Test
    void broadcastShapeClassesAreFinalAndOwnTheirRecordPath() {
        // A queue's speed must not depend on what else ran in the JVM: each shape's record path is
        // bytecode of its own (generated from one source), calling only final code, so the JIT's
        // profile of one shape never sees another's types.
        classes().that().areAssignableTo(RefCountedBroadcastQueue.class)
                .and().doNotHaveModifier(JavaModifier.ABSTRACT)
                .should().haveModifier(JavaModifier.FINAL)
                .allowEmptyShould(false)
                .as("broadcast shape classes are final")
                .check(production);
        assertTrue(production.stream().filter(c -> c.isAssignableTo(RefCountedBroadcastQueue.class)
                        && !c.getModifiers().contains(JavaModifier.ABSTRACT)).count() >= 8,
                "every broadcast shape is imported (mirror view, lap view, segment path, zero copy, and four packed)");
        classes().that(DescribedPredicate.describe("are broadcast's producer handles",
                        (JavaClass c) -> c.isAssignableTo(BROADCAST + ".ProducerCursor") && !c.getModifiers().contains(JavaModifier.ABSTRACT)))
                .should().haveModifier(JavaModifier.FINAL)
                .andShould(declareMethods("offer", "put", "claim", "awaitClaim", "commit"))
                .allowEmptyShould(false)
                .as("each broadcast shape's producer is final and declares its own offer, put, claim and commit")
                .check(production);
        classes().that(DescribedPredicate.describe("are broadcast's consumer handles",
                        (JavaClass c) -> c.isAssignableTo(BROADCAST + ".ConsumerCursor") && !c.getModifiers().contains(JavaModifier.ABSTRACT)))
                .should().haveModifier(JavaModifier.FINAL)
                .andShould(declareMethods("peek", "release", "poll", "drain", "awaitDrain"))
                .allowEmptyShould(false)
                .as("each broadcast shape's consumer is final and declares its own peek, release, poll and drain")
                .check(production);
        classes().that().resideInAPackage(BROADCAST).and().haveSimpleNameEndingWith("Slots")
                .should().haveModifier(JavaModifier.FINAL)
                .allowEmptyShould(false)
                .as("broadcast's slots classes (how a shape reaches its slots) are final")
                .check(production);
        methods().that().areDeclaredInClassesThat(DescribedPredicate.describe("abstract classes of broadcast",
                        (JavaClass c) -> c.getPackageName().equals(BROADCAST) && !c.isInterface()
                                && c.getModifiers().contains(JavaModifier.ABSTRACT)))
                .and().areNotStatic().and().areNotPrivate()
                .and().doNotHaveModifier(JavaModifier.BRIDGE) // javac's covariant-return bridges call the final method
                .should().haveModifier(JavaModifier.FINAL)
                .allowEmptyShould(false)
                .as("broadcast's shared base classes have no method a shape could override")
                .check(production);
    }

    private static ArchCondition<JavaClass> declareMethods(String... names) {
        return new ArchCondition<>("declare " + String.join(", ", names)) {
            @Override
            public void check(JavaClass c, ConditionEvents events) {
                Set<String> declared = c.getMethods().stream().map(JavaMethod::getName).collect(Collectors.toSet());
                for (String name : names) {
                    if (!declared.contains(name)) {
                        events.add(SimpleConditionEvent.violated(c, c.getName() + " does not declare " + name
                                + ": it inherits a record path another shape shares"));
                    }
                }
            }
        };
    }

    @Test
    void spscShapeClassesAreFinalAndShareNoCore() {
        // Each spsc shape owns its per-record path: a shared abstract core calling steps that
        // differ by shape makes the JIT's profile at those calls depend on which other shapes
        // ran in the JVM (megamorphic), and a non-final shape invites a test hook.
        String queue = "org.ringlab.queues.spsc.SpscRingQueue";
        classes().that().resideInAPackage("org.ringlab.queues.spsc").and().areAssignableTo(queue)
                .and().doNotHaveFullyQualifiedName(queue)
                .should().haveModifier(com.tngtech.archunit.core.domain.JavaModifier.FINAL)
                .allowEmptyShould(false)
                .as("spsc shape classes are final")
                .check(production);
        noClasses().that().resideInAPackage("org.ringlab.queues.spsc").and().areAssignableTo(queue)
                .and().doNotHaveFullyQualifiedName(queue)
                .should().haveModifier(com.tngtech.archunit.core.domain.JavaModifier.ABSTRACT)
                .as("no abstract spsc core sits between a shape and SpscRingQueue")
                .check(production);
    }

    @Test
    void nothingUsesSunMiscUnsafe() {
        noClasses().should().dependOnClassesThat().haveFullyQualifiedName("sun.misc.Unsafe")
                .orShould().dependOnClassesThat().haveFullyQualifiedName("jdk.internal.misc.Unsafe")
                .check(production);
    }
}
