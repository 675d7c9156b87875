package org.ringlab.jna;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Collectors;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.ringlab.linux.Libc;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The rule that makes closing memory under running threads safe (docs/native-access.md), on
 * the native backends' production classes: every segment over native memory belongs to an
 * arena, so the JDK's shared-arena close handshake stands between any access and the unmap.
 */
class NativeMemoryOwnershipRulesTest {

    private static JavaClasses nativeBackends;

    @BeforeAll
    static void importNativeBackends() {
        nativeBackends = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("org.ringlab.linux", "org.ringlab.jna");
    }

    @Test
    void theRulesSeeBothNativeBackends() {
        Set<String> packages = nativeBackends.stream().map(JavaClass::getPackageName).collect(Collectors.toSet());
        assertTrue(packages.containsAll(Set.of("org.ringlab.linux", "org.ringlab.jna")), packages::toString);
        assertTrue(nativeBackends.size() >= 30, "only " + nativeBackends.size() + " classes imported");
    }

    @Test
    void onlyBindingClassesMakeGlobalScopeSegmentsAndOnlyOverLibcsOwnData() {
        // reinterpret(long) gives a segment no close can invalidate: an unmap under it crashes.
        noClasses().that().haveSimpleNameNotEndingWith("Libc")
                .should().callMethod(MemorySegment.class, "reinterpret", long.class)
                .check(nativeBackends);
    }

    @Test
    void theMirrorMappingsUnmapAsTheCleanupOfTheArenaThatOwnsTheirSegments() {
        // The unmap runs only after the close handshake, and never when the close fails.
        // Through the binding's segment(address, size, arena, cleanup): the one place reinterpret is called.
        classes().that().haveSimpleNameEndingWith("MirrorMapping")
                .should().callMethod(Libc.class, "segment", long.class, long.class, Arena.class, Consumer.class)
                .allowEmptyShould(false)
                .check(nativeBackends);
    }
}
