package org.ringlab.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

class ProviderRegistryTest {

    record Fake(String name, Availability availability) implements RinglabProvider {
    }

    static final class OtherFake implements RinglabProvider {
        @Override
        public String name() {
            return "beta";
        }

        @Override
        public Availability availability() {
            return Availability.available();
        }
    }

    @Test
    void ordersByNameKeepsUnavailableAndDropsDuplicates() {
        Fake beta = new Fake("beta", Availability.available());
        Fake alpha = new Fake("alpha", Availability.unavailable("no memfd here"));
        ProviderRegistry<RinglabProvider> registry = ProviderRegistry.of(RinglabProvider.class,
                List.of(beta, alpha, new OtherFake()));
        assertEquals(List.of("alpha", "beta"), registry.names());
        assertEquals(List.of("beta"), registry.available().stream().map(RinglabProvider::name).toList());
        assertEquals(1, registry.duplicates().size());
        assertTrue(registry.duplicates().getFirst().startsWith("beta: kept "), registry.duplicates().toString());
        // Deterministic choice: the class name that sorts first wins, whatever the discovery order.
        RinglabProvider kept = registry.find("beta").orElseThrow();
        ProviderRegistry<RinglabProvider> reversed = ProviderRegistry.of(RinglabProvider.class,
                List.of(new OtherFake(), beta, alpha));
        assertEquals(kept.getClass(), reversed.find("beta").orElseThrow().getClass());
    }

    @Test
    void requireExplainsUnknownAndUnavailableNames() {
        ProviderRegistry<RinglabProvider> registry = ProviderRegistry.of(RinglabProvider.class,
                List.of(new Fake("alpha", Availability.unavailable("memfd_create refused by seccomp"))));
        IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class, () -> registry.require("gamma"));
        assertTrue(unknown.getMessage().contains("gamma") && unknown.getMessage().contains("alpha"), unknown.getMessage());
        UnavailableException unavailable = assertThrows(UnavailableException.class, () -> registry.require("alpha"));
        assertTrue(unavailable.getMessage().contains("seccomp"), unavailable.getMessage());
    }

    @Test
    void loadsLazilyAndOnce() {
        AtomicInteger loads = new AtomicInteger();
        ProviderRegistry<RinglabProvider> registry = ProviderRegistry.from(RinglabProvider.class, () -> {
            loads.incrementAndGet();
            return List.of(new Fake("a", Availability.available()));
        });
        assertEquals(0, loads.get(), "nothing is loaded before first use");
        assertSame(registry.all(), registry.all());
        registry.available();
        registry.find("a");
        assertEquals(1, loads.get());
    }

    @Test
    void refusesNamesThatAreNotKebabCase() {
        ProviderRegistry<RinglabProvider> registry = ProviderRegistry.of(RinglabProvider.class,
                List.of(new Fake("Mirrored_Memfd", Availability.available())));
        IllegalStateException e = assertThrows(IllegalStateException.class, registry::all);
        assertTrue(e.getMessage().contains("Mirrored_Memfd"), e.getMessage());
    }

    @Test
    void probeTurnsAFailureIntoAReasonWithTheCause() {
        Availability a = Availability.probe("memfd_create", () -> {
            throw new ExceptionInInitializerError(new IllegalCallerException("native access denied"));
        });
        assertFalse(a.isAvailable());
        assertTrue(a.reason().contains("memfd_create failed") && a.reason().contains("native access denied"), a.reason());
        assertTrue(a.cause().isPresent());
        assertTrue(Availability.probe("ok", () -> { }).isAvailable());
    }
}
