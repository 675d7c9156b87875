package org.ringlab.conformance;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;

import org.junit.jupiter.api.Test;
import org.ringlab.api.GrowthPolicy;
import org.ringlab.api.GrowthStrategy;

/**
 * What ringlab ships: the five strategies of seed 002 and the policy's own checks. The
 * {@code GrowableBuffer} contract itself is the conformance kit's ({@code GrowthContract}),
 * run over every discovered growth strategy by conformance-tests.
 */
class GrowthRegistryTest {

    @Test
    void theRegistryFindsTheFiveStrategiesOfSeed002() {
        Set<String> names = Set.copyOf(Strategies.growthAll().stream().map(GrowthStrategy::name).toList());
        assertTrue(names.contains("copy-doubling-heap"), names.toString());
        if (System.getProperty("os.name", "").startsWith("Linux")) {
            assertTrue(names.containsAll(Set.of("copy-doubling-native", "realloc", "mremap", "reserve-commit")),
                    names.toString());
        }
        for (GrowthStrategy s : Strategies.growthAll()) {
            assertFalse(s.description().isBlank(), s.name());
            assertThrows(UnsupportedOperationException.class, () -> s.traits().clear());
        }
    }

    @Test
    void badPoliciesAreRefusedNamingTheValues() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new GrowthPolicy(0, 10)).getMessage().contains("0"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new GrowthPolicy(17, 10)).getMessage().contains("17"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> GrowthPolicy.doubling(-1)).getMessage().contains("-1"));
    }
}
