package org.ringlab.conformance;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.Registries;
import org.ringlab.api.RingMemory;
import org.ringlab.api.RingSpec;
import org.ringlab.api.StrategyChoice;

/**
 * Run by {@link NativeAccessFallbackTest} in a child JVM with some native access refused:
 * prints the default mirrored strategy, every skipped one with its reason, and whether a ring
 * allocated through the chosen one mirrors (one line each, {@code key=value}).
 */
final class FallbackMain {

    private FallbackMain() {
    }

    public static void main(String[] args) {
        StrategyChoice choice = Registries.defaultMirrored();
        System.out.println("chosen=" + choice.chosen().map(MemoryStrategy::name).orElse("none"));
        for (StrategyChoice.Skipped s : choice.skipped()) {
            System.out.println("skipped=" + s.name() + "|" + s.reason());
        }
        choice.chosen().ifPresent(strategy -> {
            long n = strategy.granularity();
            try (RingMemory ring = strategy.allocate(RingSpec.ofCapacity(n))) {
                ring.write(n - 1, MemorySegment.ofArray(new byte[] {7, 9}));
                MemorySegment w = ring.window(n - 1, 2);
                boolean mirrors = w.get(ValueLayout.JAVA_BYTE, 0) == 7 && w.get(ValueLayout.JAVA_BYTE, 1) == 9
                        && ring.window(0, 1).get(ValueLayout.JAVA_BYTE, 0) == 9;
                System.out.println("mirrors=" + mirrors);
            }
        });
    }
}
