package org.ringlab.bench.anchors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.ringlab.api.Registries;

/**
 * Which anchors a profile measures on two threads: quick leaves out spsc on the other mappings
 * of a fixed mirrored ring (the default's code on the default's shape of memory), never the
 * default itself, another mechanism or the growable mirror; full measures them all; nobody
 * shares a seam-crossing ring between threads.
 */
class AnchorsProfileTest {

    private static final String MIRRORED = "spsc@mirrored-memfd";

    @Test
    void quickMeasuresTwoThreadsForTheDefaultMirrorAndEveryOtherMechanismOnly() {
        List<String> names = Registries.memoryStrategies().names();
        assertTrue(names.containsAll(List.of("mirrored-memfd", "mirrored-shm", "mirrored-memfd-growable", "doubled",
                "split")), "the strategies this test names are discovered: " + names);
        Map<String, Boolean> quick = Map.of(MIRRORED, true, "spsc@mirrored-shm", false, "spsc@mirrored-tmpfile", false,
                "spsc@mirrored-memfd-growable", true, "spsc@doubled", true, "spsc@split", true,
                "spsc@split/cross", false, Anchors.AGRONA, true);
        quick.forEach((anchor, expected) -> assertEquals(expected, AnchorsProfile.QUICK.measuresTwoThreads(anchor,
                MIRRORED), "quick, " + anchor));
        quick.forEach((anchor, expected) -> assertEquals(!anchor.endsWith("/cross"),
                AnchorsProfile.FULL.measuresTwoThreads(anchor, MIRRORED), "full, " + anchor));
        // With another default (a pinned mirrored-shm), that one is measured and memfd is the repeat.
        assertTrue(AnchorsProfile.QUICK.measuresTwoThreads("spsc@mirrored-shm", "spsc@mirrored-shm"));
        assertTrue(!AnchorsProfile.QUICK.measuresTwoThreads(MIRRORED, "spsc@mirrored-shm"));
    }
}
