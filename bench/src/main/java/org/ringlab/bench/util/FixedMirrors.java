package org.ringlab.bench.util;

import org.ringlab.api.Capability;
import org.ringlab.api.MemoryStrategy;

/**
 * The mirrored strategies of a fixed-size ring (memfd, file, shm, tmpfile, the JNA binding of
 * memfd): different ways to map one set of pages twice, back to back, under which a queue runs
 * the same code on the same shape of memory. The quick profile measures the queue-level figures
 * that repeat across them (anchors' two-thread figures, the driver's spsc vs locked-list) on
 * the default one only; where they can differ (history's memory figures, their one-thread path
 * and its claims) every one is measured.
 */
public final class FixedMirrors {

    private FixedMirrors() {
    }

    /** Whether {@code strategy} is a mirror of a fixed-size ring ({@link Capability#MIRRORED}, not {@link Capability#GROWABLE}). */
    public static boolean isFixedMirror(MemoryStrategy strategy) {
        return strategy.has(Capability.MIRRORED) && !strategy.has(Capability.GROWABLE);
    }

    /** Whether {@code strategy} is a fixed mirror other than {@code chosen} (the default one, or null when none runs). */
    public static boolean repeats(MemoryStrategy strategy, String chosen) {
        return isFixedMirror(strategy) && !strategy.name().equals(chosen);
    }
}
