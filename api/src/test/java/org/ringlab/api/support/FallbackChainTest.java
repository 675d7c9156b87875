package org.ringlab.api.support;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.ringlab.api.Availability;
import org.ringlab.api.Capability;
import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.ProviderRegistry;
import org.ringlab.api.RingMemory;
import org.ringlab.api.RingSpec;
import org.ringlab.api.StrategyChoice;
import org.ringlab.api.UnavailableException;
import org.ringlab.api.testing.SimulatedRefusal;

/** The chain over fake strategies: order, pinning, reasons, and the simulated refusals. */
class FallbackChainTest {

    /** A strategy whose probe result is given, honouring {@link SimulatedRefusal} like the real ones. */
    record Fake(String name, Availability probed, Set<Capability> capabilities) implements MemoryStrategy {
        Fake(String name, Availability probed) {
            this(name, probed, EnumSet.of(Capability.MIRRORED));
        }

        @Override
        public Availability availability() {
            return SimulatedRefusal.of(name).orElse(probed);
        }

        @Override
        public long granularity() {
            return 4096;
        }

        @Override
        public RingMemory allocate(RingSpec spec) {
            throw new UnsupportedOperationException("fake");
        }
    }

    private static ProviderRegistry<MemoryStrategy> registry(MemoryStrategy... strategies) {
        return ProviderRegistry.of(MemoryStrategy.class, List.of(strategies));
    }

    private static List<Fake> allFive() {
        List<Fake> all = new ArrayList<>();
        for (String name : FallbackChain.MIRRORED_ORDER) {
            all.add(new Fake(name, Availability.available()));
        }
        return all;
    }

    @Test
    void theFirstAvailableInOrderWinsWhateverTheNameOrder() {
        List<Fake> all = allFive();
        StrategyChoice choice = FallbackChain.choose(registry(all.toArray(MemoryStrategy[]::new)),
                FallbackChain.MIRRORED_ORDER, Capability.MIRRORED, null, null);
        assertEquals("mirrored-memfd", choice.require().name());
        assertTrue(choice.skipped().isEmpty());
        assertEquals("mirrored-memfd", choice.summary());
    }

    @Test
    void eachRefusalInTurnMovesTheChoiceToTheNextWithEveryReason() {
        ProviderRegistry<MemoryStrategy> registry = registry(allFive().toArray(MemoryStrategy[]::new));
        List<SimulatedRefusal> armed = new ArrayList<>();
        try {
            List<String> order = FallbackChain.MIRRORED_ORDER;
            for (int refused = 0; refused < order.size(); refused++) {
                StrategyChoice choice = FallbackChain.choose(registry, order, Capability.MIRRORED, null, null);
                assertEquals(order.get(refused), choice.require().name(), choice.summary());
                assertEquals(refused, choice.skipped().size());
                for (int i = 0; i < refused; i++) {
                    assertEquals(order.get(i), choice.skipped().get(i).name());
                    assertEquals("simulated refusal (SimulatedRefusal.refuse): reason " + i, choice.skipped().get(i).reason());
                }
                armed.add(SimulatedRefusal.refuse(order.get(refused), "reason " + refused));
            }
            StrategyChoice none = FallbackChain.choose(registry, order, Capability.MIRRORED, null, null);
            assertTrue(none.chosen().isEmpty());
            UnavailableException e = assertThrows(UnavailableException.class, none::require);
            for (int i = 0; i < order.size(); i++) {
                assertTrue(e.getMessage().contains(order.get(i) + ": simulated refusal (SimulatedRefusal.refuse): reason " + i),
                        e.getMessage());
            }
        } finally {
            armed.forEach(SimulatedRefusal::close);
        }
        assertEquals("mirrored-memfd", FallbackChain.choose(registry, FallbackChain.MIRRORED_ORDER, Capability.MIRRORED,
                null, null).require().name(), "closing the hooks ends the refusals");
    }

    @Test
    void aStrategyThatIsNotDiscoveredIsSkippedAsSuch() {
        StrategyChoice choice = FallbackChain.choose(registry(new Fake("mirrored-jna", Availability.available())),
                FallbackChain.MIRRORED_ORDER, Capability.MIRRORED, null, null);
        assertEquals("mirrored-jna", choice.require().name());
        assertEquals(List.of("mirrored-memfd", "mirrored-shm", "mirrored-tmpfile"),
                choice.skipped().stream().map(StrategyChoice.Skipped::name).toList());
        assertTrue(choice.skipped().getFirst().reason().startsWith("not discovered"), choice.summary());
    }

    @Test
    void aPinnedStrategyIsUsedEvenWhenAnEarlierOneIsAvailable() {
        StrategyChoice choice = FallbackChain.choose(registry(allFive().toArray(MemoryStrategy[]::new)),
                FallbackChain.MIRRORED_ORDER, Capability.MIRRORED, "mirrored-tmpfile", "-Dringlab.mirrored=mirrored-tmpfile");
        assertEquals("mirrored-tmpfile", choice.require().name());
        assertEquals("mirrored-tmpfile (pinned by -Dringlab.mirrored=mirrored-tmpfile)", choice.summary());
    }

    @Test
    void aPinnedStrategyThatIsUnavailableDoesNotFallBackAndSaysWhy() {
        Fake shm = new Fake("mirrored-shm", Availability.unavailable("shm_open failed: errno 2 (No such file or directory)"));
        StrategyChoice choice = FallbackChain.choose(registry(new Fake("mirrored-memfd", Availability.available()), shm),
                FallbackChain.MIRRORED_ORDER, Capability.MIRRORED, "mirrored-shm", "test");
        assertTrue(choice.chosen().isEmpty());
        UnavailableException e = assertThrows(UnavailableException.class, choice::require);
        assertTrue(e.getMessage().contains("pinned by test") && e.getMessage().contains("No such file"), e.getMessage());
    }

    @Test
    void aPinnedNameThatIsUnknownOrNotMirroredIsExplained() {
        ProviderRegistry<MemoryStrategy> registry = registry(new Fake("mirrored-memfd", Availability.available()),
                new Fake("doubled", Availability.available(), EnumSet.of(Capability.ZERO_COPY_WINDOW)));
        StrategyChoice unknown = FallbackChain.choose(registry, FallbackChain.MIRRORED_ORDER, Capability.MIRRORED,
                "mirrored-nope", "test");
        assertTrue(unknown.skipped().getFirst().reason().contains("no memory strategy named 'mirrored-nope'"),
                unknown.summary());
        StrategyChoice doubled = FallbackChain.choose(registry, FallbackChain.MIRRORED_ORDER, Capability.MIRRORED,
                "doubled", "test");
        assertTrue(doubled.skipped().getFirst().reason().contains("lacks the MIRRORED capability"), doubled.summary());
    }

    @Test
    void thePinPropertyPinsTheMirroredChain() {
        ProviderRegistry<MemoryStrategy> registry = registry(allFive().toArray(MemoryStrategy[]::new));
        String before = System.getProperty(FallbackChain.PIN_PROPERTY);
        System.setProperty(FallbackChain.PIN_PROPERTY, "mirrored-jna");
        try {
            StrategyChoice choice = FallbackChain.mirrored(registry);
            assertEquals("mirrored-jna", choice.require().name());
            assertEquals("-Dringlab.mirrored=mirrored-jna", choice.pinnedBy().orElseThrow());
        } finally {
            restore(FallbackChain.PIN_PROPERTY, before);
        }
    }

    @Test
    void thePropertyRefusesSeveralProvidersWithTheirReasons() {
        String before = System.getProperty(SimulatedRefusal.PROPERTY);
        System.setProperty(SimulatedRefusal.PROPERTY, "mirrored-memfd:seccomp denies memfd_create; mirrored-shm ;:x");
        try {
            assertEquals("simulated refusal (-Dringlab.refuse): seccomp denies memfd_create",
                    SimulatedRefusal.of("mirrored-memfd").orElseThrow().reason());
            assertEquals("simulated refusal (-Dringlab.refuse): no reason given",
                    SimulatedRefusal.of("mirrored-shm").orElseThrow().reason());
            assertTrue(SimulatedRefusal.of("mirrored-tmpfile").isEmpty());
            StrategyChoice choice = FallbackChain.choose(registry(allFive().toArray(MemoryStrategy[]::new)),
                    FallbackChain.MIRRORED_ORDER, Capability.MIRRORED, null, null);
            assertEquals("mirrored-tmpfile", choice.require().name());
        } finally {
            restore(SimulatedRefusal.PROPERTY, before);
        }
    }

    @Test
    void aHookNeedsANameAndAReason() {
        assertThrows(IllegalArgumentException.class, () -> SimulatedRefusal.refuse(" ", "r"));
        assertThrows(IllegalArgumentException.class, () -> SimulatedRefusal.refuse("mirrored-memfd", ""));
        SimulatedRefusal hook = SimulatedRefusal.refuse("mirrored-memfd", "r");
        hook.close();
        hook.close();
        assertTrue(SimulatedRefusal.of("mirrored-memfd").isEmpty());
    }

    @Test
    void aProviderWhoseAvailabilityThrowsIsSkippedWithTheException() {
        MemoryStrategy broken = new MemoryStrategy() {
            @Override
            public String name() {
                return "mirrored-memfd";
            }

            @Override
            public Availability availability() {
                throw new IllegalStateException("probe bug");
            }

            @Override
            public Set<Capability> capabilities() {
                return EnumSet.of(Capability.MIRRORED);
            }

            @Override
            public long granularity() {
                return 4096;
            }

            @Override
            public RingMemory allocate(RingSpec spec) {
                throw new UnsupportedOperationException();
            }
        };
        StrategyChoice choice = FallbackChain.choose(registry(broken, new Fake("mirrored-shm", Availability.available())),
                FallbackChain.MIRRORED_ORDER, Capability.MIRRORED, null, null);
        assertEquals("mirrored-shm", choice.require().name());
        assertTrue(choice.skipped().getFirst().reason().contains("availability() threw")
                && choice.skipped().getFirst().reason().contains("probe bug"), choice.summary());
    }

    @Test
    void anEmptyRegistrySkipsEveryNameAsNotDiscovered() {
        StrategyChoice none = FallbackChain.choose(registry(), FallbackChain.MIRRORED_ORDER, null, null, null);
        assertEquals(FallbackChain.MIRRORED_ORDER, none.skipped().stream().map(StrategyChoice.Skipped::name).toList());
        assertTrue(none.summary().startsWith("none available; skipped mirrored-memfd: not discovered"), none.summary());
    }

    private static void restore(String key, String value) {
        if (value == null) {
            System.clearProperty(key);
        } else {
            System.setProperty(key, value);
        }
    }
}
