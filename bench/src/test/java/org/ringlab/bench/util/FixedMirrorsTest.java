package org.ringlab.bench.util;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;

import org.junit.jupiter.api.Test;
import org.ringlab.api.Registries;

/** Which strategies are the same mirror of a fixed ring, and which one a quick profile keeps. */
class FixedMirrorsTest {

    @Test
    void theFixedMirrorsAreTheMirroredStrategiesThatDoNotGrow() {
        Map<String, Boolean> expected = Map.of("mirrored-memfd", true, "mirrored-shm", true, "mirrored-tmpfile", true,
                "mirrored-file", true, "mirrored-memfd-growable", false, "doubled", false, "split", false,
                "linearize", false);
        expected.forEach((name, fixed) -> assertEquals(fixed,
                FixedMirrors.isFixedMirror(Registries.memoryStrategies().require(name)), name));
        expected.forEach((name, fixed) -> assertEquals(fixed && !name.equals("mirrored-memfd"),
                FixedMirrors.repeats(Registries.memoryStrategies().require(name), "mirrored-memfd"), name));
    }
}
