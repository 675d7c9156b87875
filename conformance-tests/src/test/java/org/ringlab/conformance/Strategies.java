package org.ringlab.conformance;

import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.List;

import org.ringlab.api.GrowthStrategy;
import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.ProviderRegistry;
import org.ringlab.api.Registries;
import org.ringlab.api.RingMemory;
import org.ringlab.api.RingSpec;
import org.ringlab.api.RinglabProvider;

/** The strategies under test, always from the registry, never a hand-written list. */
final class Strategies {

    private Strategies() {
    }

    /** Every discovered memory strategy; fails when discovery found nothing. */
    static List<MemoryStrategy> all() {
        return discovered(Registries.memoryStrategies(), MemoryStrategy.class);
    }

    /** The available ones; fails when none is, so no test can pass on nothing. */
    static List<MemoryStrategy> available() {
        return available(Registries.memoryStrategies(), MemoryStrategy.class);
    }

    static MemoryStrategy byName(String name) {
        return Registries.memoryStrategies().require(name);
    }

    /** Every discovered growth strategy; fails when discovery found nothing. */
    static List<GrowthStrategy> growthAll() {
        return discovered(Registries.growthStrategies(), GrowthStrategy.class);
    }

    /** The available growth strategies; fails when none is. */
    static List<GrowthStrategy> growthAvailable() {
        return available(Registries.growthStrategies(), GrowthStrategy.class);
    }

    static GrowthStrategy growth(String name) {
        return Registries.growthStrategies().require(name);
    }

    private static <T extends RinglabProvider> List<T> discovered(ProviderRegistry<T> registry, Class<T> service) {
        List<T> all = registry.all();
        assertFalse(all.isEmpty(), "no " + service.getSimpleName() + " discovered: every test over them would pass on nothing");
        return all;
    }

    private static <T extends RinglabProvider> List<T> available(ProviderRegistry<T> registry, Class<T> service) {
        List<T> all = discovered(registry, service);
        List<T> available = all.stream().filter(s -> s.availability().isAvailable()).toList();
        assertFalse(available.isEmpty(), "no " + service.getSimpleName() + " is available here: " + all.stream()
                .map(s -> s.name() + " (" + s.availability().reason() + ")").toList());
        return available;
    }

    /** The smallest capacity the strategy accepts that is at least {@code atLeast}. */
    static long capacity(MemoryStrategy strategy, long atLeast) {
        long g = strategy.granularity();
        return Math.max(g, Math.ceilDiv(atLeast, g) * g);
    }

    static RingMemory allocate(MemoryStrategy strategy, long capacity) {
        return strategy.allocate(RingSpec.ofCapacity(capacity));
    }
}
