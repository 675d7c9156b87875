package org.ringlab.conformance;

import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.List;

import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.Registries;
import org.ringlab.api.RingMemory;
import org.ringlab.api.RingSpec;

/** The strategies under test, always from the registry, never a hand-written list. */
final class Strategies {

    private Strategies() {
    }

    /** Every discovered strategy; fails when discovery found nothing. */
    static List<MemoryStrategy> all() {
        List<MemoryStrategy> all = Registries.memoryStrategies().all();
        assertFalse(all.isEmpty(), "no MemoryStrategy discovered: the matrix would be empty");
        return all;
    }

    /** The available ones; fails when none is, so no test can pass on nothing. */
    static List<MemoryStrategy> available() {
        List<MemoryStrategy> available = all().stream().filter(s -> s.availability().isAvailable()).toList();
        assertFalse(available.isEmpty(), "no MemoryStrategy is available here: " + all().stream()
                .map(s -> s.name() + " (" + s.availability().reason() + ")").toList());
        return available;
    }

    static MemoryStrategy byName(String name) {
        return Registries.memoryStrategies().require(name);
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
