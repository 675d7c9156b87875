package org.ringlab.jna;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;
import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.NativeCallException;
import org.ringlab.api.Registries;
import org.ringlab.api.RingMemory;
import org.ringlab.api.RingSpec;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Issue 12 item 5 on every strategy (the heap strategies and every mirror, FFM and JNA): an
 * absurd capacity is refused with an {@link IllegalArgumentException} naming it (never a
 * negative "nearest allowed"), and capacities from 2^40 to 2^61 are either allocated or refused
 * with an {@link IllegalArgumentException} or a {@link NativeCallException} that names the size;
 * never an {@link OutOfMemoryError} or another exception.
 */
class BadCapacityTest {

    static final java.util.List<String> STRATEGIES = CloseUnderRunningThreadsTest.STRATEGIES;

    @ParameterizedTest(name = "{0}")
    @FieldSource("STRATEGIES")
    void longMaxValueIsRefusedNamingTheValue(String name) {
        MemoryStrategy strategy = available(name);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> strategy.allocate(RingSpec.ofCapacity(Long.MAX_VALUE)).close());
        assertTrue(e.getMessage().contains(Long.toString(Long.MAX_VALUE)), e.getMessage());
        assertFalse(Pattern.compile("-\\d").matcher(e.getMessage()).find(), "a negative number in: " + e.getMessage());
    }

    @ParameterizedTest(name = "{0}")
    @FieldSource("STRATEGIES")
    void hugeCapacitiesAreAllocatedOrRefusedNamingTheSize(String name) {
        MemoryStrategy strategy = available(name);
        for (int power = 40; power <= 61; power++) {
            long capacity = 1L << power;
            try {
                RingMemory memory = strategy.allocate(RingSpec.ofCapacity(capacity));
                memory.close(); // it fitted (a mirror only reserves address space)
            } catch (IllegalArgumentException | NativeCallException e) {
                assertTrue(e.getMessage().contains(Long.toString(capacity)),
                        name + ": 2^" + power + " refused without naming " + capacity + ": " + e);
                Matcher negative = Pattern.compile("-\\d").matcher(e.getMessage());
                assertFalse(negative.find(), "a negative number in: " + e.getMessage());
            } catch (Throwable t) {
                fail(name + ": 2^" + power + " threw " + t + ", not IllegalArgumentException/NativeCallException", t);
            }
        }
    }

    private static MemoryStrategy available(String name) {
        MemoryStrategy strategy = Registries.memoryStrategies().find(name).orElseThrow();
        Assumptions.assumeTrue(strategy.availability().isAvailable(), () -> name + ": " + strategy.availability());
        return strategy;
    }
}
