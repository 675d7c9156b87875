package org.ringlab.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.ringlab.api.support.FallbackChain;
import org.ringlab.api.Registries;
import org.ringlab.api.testing.SimulatedRefusal;
import org.ringlab.api.UnavailableException;
import org.ringlab.api.StrategyChoice;

/**
 * The default mirrored strategy over the real, discovered strategies: each probe is made to
 * fail in turn (a simulated refusal per strategy, with the kind of reason a real machine
 * gives), and the next one must be chosen, with every reason in the choice. (The log line is
 * checked from a child JVM's stderr in {@link NativeAccessFallbackTest}.)
 * On Linux; on Windows only the last test runs.
 */
class DefaultMirroredTest {

    private static final List<String> REASONS = List.of("memfd_create refused by seccomp (errno 1, Operation not permitted)",
            "/dev/shm is missing or full (shm_open: errno 28, No space left on device)",
            "native access denied to org.ringlab.linux", "JNA is not on the module path",
            "wrong OS");

    @AfterEach
    void unpin() {
        Registries.pinMirrored(null);
    }

    @Test
    @EnabledOnOs(OS.LINUX)
    void onLinuxMemfdIsTheDefault() {
        StrategyChoice choice = Registries.defaultMirrored();
        assertEquals("mirrored-memfd", choice.require().name(), choice.summary());
        assertTrue(choice.skipped().isEmpty());
    }

    @Test
    @EnabledOnOs(OS.LINUX)
    void eachRefusalInTurnHandsTheChoiceToTheNextOneWithTheReason() {
        List<String> order = FallbackChain.MIRRORED_ORDER;
        List<SimulatedRefusal> armed = new ArrayList<>();
        try {
            // Windows is the last and is unavailable here for real: four refusals walk the chain.
            for (int refused = 0; refused < 4; refused++) {
                armed.add(SimulatedRefusal.refuse(order.get(refused), REASONS.get(refused)));
                StrategyChoice choice = Registries.defaultMirrored();
                List<String> skippedNames = choice.skipped().stream().map(StrategyChoice.Skipped::name).toList();
                assertEquals(order.subList(0, refused + 1), skippedNames.subList(0, refused + 1), choice.summary());
                for (int i = 0; i <= refused; i++) {
                    assertEquals("simulated refusal (SimulatedRefusal.refuse): " + REASONS.get(i),
                            choice.skipped().get(i).reason());
                }
                if (refused < 3) {
                    assertEquals(order.get(refused + 1), choice.require().name(), choice.summary());
                    assertEquals(refused + 1, choice.skipped().size());
                } else {
                    assertTrue(choice.chosen().isEmpty(), choice.summary());
                    assertEquals("mirrored-windows", choice.skipped().getLast().name());
                    assertTrue(choice.skipped().getLast().reason().startsWith(
                            "mirrored-windows needs Windows 10 1803+ (VirtualAlloc2/MapViewOfFile3), this is"),
                            choice.skipped().getLast().reason());
                    UnavailableException e = assertThrows(UnavailableException.class, choice::require);
                    assertTrue(e.getMessage().contains(REASONS.get(0)) && e.getMessage().contains("needs Windows"),
                            e.getMessage());
                }
                // The strategies themselves report the refusal, so every listing agrees with the choice.
                assertTrue(Registries.memoryStrategies().available().stream()
                        .noneMatch(s -> s.name().equals(order.get(armed.size() - 1))));
            }
        } finally {
            armed.forEach(SimulatedRefusal::close);
        }
        assertEquals("mirrored-memfd", Registries.defaultMirrored().require().name(), "refusals end with their hooks");
    }

    @Test
    @EnabledOnOs(OS.LINUX)
    void thePropertyRefusesLikeTheHook() {
        System.setProperty(SimulatedRefusal.PROPERTY, "mirrored-memfd:seccomp;mirrored-shm:/dev/shm is full");
        try {
            StrategyChoice choice = Registries.defaultMirrored();
            assertEquals("mirrored-tmpfile", choice.require().name());
            assertEquals("mirrored-shm: simulated refusal (-Dringlab.refuse): /dev/shm is full",
                    choice.skipped().get(1).toString());
        } finally {
            System.clearProperty(SimulatedRefusal.PROPERTY);
        }
    }

    @Test
    @EnabledOnOs(OS.LINUX)
    void aUserCanPinOneByNameThroughTheApiOrTheProperty() {
        Registries.pinMirrored("mirrored-jna");
        StrategyChoice pinned = Registries.defaultMirrored();
        assertEquals("mirrored-jna", pinned.require().name());
        assertEquals("Registries.pinMirrored(\"mirrored-jna\")", pinned.pinnedBy().orElseThrow());
        Registries.pinMirrored(null);

        System.setProperty(FallbackChain.PIN_PROPERTY, "mirrored-tmpfile");
        try {
            assertEquals("mirrored-tmpfile", Registries.defaultMirrored().require().name());
            Registries.pinMirrored("mirrored-shm");
            assertEquals("mirrored-shm", Registries.defaultMirrored().require().name(), "the API pin wins");
        } finally {
            System.clearProperty(FallbackChain.PIN_PROPERTY);
        }

        Registries.pinMirrored("mirrored-windows");
        UnavailableException e = assertThrows(UnavailableException.class, () -> Registries.defaultMirrored().require());
        assertTrue(e.getMessage().contains("pinned by") && e.getMessage().contains("needs Windows"), e.getMessage());

        IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class,
                () -> Registries.pinMirrored("mirrored-nope"));
        assertTrue(unknown.getMessage().contains("mirrored-nope") && unknown.getMessage().contains("mirrored-jna"),
                unknown.getMessage());
        IllegalArgumentException notMirrored = assertThrows(IllegalArgumentException.class,
                () -> Registries.pinMirrored("doubled"));
        assertTrue(notMirrored.getMessage().contains("not a mirrored strategy"), notMirrored.getMessage());
    }

    @Test
    @EnabledOnOs(OS.WINDOWS)
    void onWindowsThePlaceholderRingIsTheDefaultAndTheLinuxOnesSayWhyNot() {
        StrategyChoice choice = Registries.defaultMirrored();
        assertEquals("mirrored-windows", choice.require().name(), choice.summary());
        assertEquals(FallbackChain.MIRRORED_ORDER.subList(0, 4),
                choice.skipped().stream().map(StrategyChoice.Skipped::name).toList());
        for (StrategyChoice.Skipped s : choice.skipped()) {
            assertTrue(s.reason().contains("needs Linux"), s.toString());
        }
    }
}
