package org.ringlab.conformance.growth;

import java.util.List;

import org.ringlab.api.GrowthStrategy;
import org.ringlab.api.Registries;

import static org.junit.jupiter.api.Assertions.assertFalse;

/** The growth strategies under test, always from the registry, never a hand-written list. */
final class GrowthStrategies {

    private GrowthStrategies() {
    }

    /** Every discovered strategy; fails when discovery found nothing. */
    static List<GrowthStrategy> all() {
        List<GrowthStrategy> all = Registries.growthStrategies().all();
        assertFalse(all.isEmpty(), "no GrowthStrategy discovered: every test here would pass on nothing");
        return all;
    }

    /** The available ones; fails when none is. */
    static List<GrowthStrategy> available() {
        List<GrowthStrategy> available = all().stream().filter(s -> s.availability().isAvailable()).toList();
        assertFalse(available.isEmpty(), "no GrowthStrategy is available here: " + all().stream()
                .map(s -> s.name() + " (" + s.availability().reason() + ")").toList());
        return available;
    }

    static GrowthStrategy byName(String name) {
        return Registries.growthStrategies().require(name);
    }
}
