package org.ringlab.bench.anchors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.ringlab.api.Registries;

/** The mechanism's bytes and events come from the memory's own counters; deterministic, never a time. */
class MechanismLoopTest {

    static MechanismLoop probe(String anchor, long records) {
        try (AnchorQueue q = Anchors.open(anchor.startsWith("spsc@") ? anchor : Anchors.spscOn(anchor), 64,
                AnchorsProfile.RING_BYTES)) {
            return MechanismLoop.probe((RinglabSpscAnchor) q, 64, records);
        }
    }

    @Test
    void doubledCopiesEveryFrameOnceMore() {
        long records = MechanismLoop.probeRecords(64, AnchorsProfile.RING_BYTES, 100_000);
        MechanismLoop doubled = probe("doubled", records);
        assertEquals(records, doubled.events(), "one mirror copy per record");
        assertTrue(doubled.bytesPerRecord() >= 64 && doubled.bytesPerRecord() <= 128, doubled.toString());
        assertEquals(doubled.chunk(), (long) Math.ceil(doubled.bytesPerRecord()), doubled.toString());
    }

    @Test
    void aMirrorViewHasNoMechanism() {
        String mirrored = Registries.defaultMirrored().chosen().orElseThrow().name();
        MechanismLoop m = probe(mirrored, 50_000);
        assertEquals(0, m.bytes(), m.toString());
        assertEquals(0, m.chunk());
    }

    @Test
    void aSplitRingMovesBytesOnlyAtTheSeam() {
        long records = MechanismLoop.probeRecords(64, AnchorsProfile.RING_BYTES, 100_000);
        MechanismLoop split = probe("split", records);
        assertTrue(split.events() >= 1 && split.events() <= records / 1_000, split.toString());
        assertTrue(split.bytesPerRecord() < 1, split.toString());
    }

    @Test
    void crossingTheSeamOfSplitMovesNoExtraBytesWherePaddingSkipsSomeAndLinearizeRotates() {
        // With cross, spsc's offer and poll copy a straddling record in two parts straight into
        // and out of split's ring (RingMemory.write/read), so nothing is staged, gathered or
        // padded: the mechanism is nil, where pad skips bytes once per lap. linearize still
        // rotates the ring when a read crosses the seam.
        long records = MechanismLoop.probeRecords(64, AnchorsProfile.RING_BYTES, 100_000);
        MechanismLoop padded = probe("split", records);
        assertTrue(padded.bytes() > 0, "pad skips to the next lap: " + padded);
        MechanismLoop crossing = probe("spsc@split/cross", records);
        assertEquals(0, crossing.bytes(), crossing.toString());
        assertEquals(0, crossing.events(), crossing.toString());
        MechanismLoop rotating = probe("spsc@linearize/cross", records);
        assertTrue(rotating.events() >= 1 && rotating.events() <= records / 1_000, rotating.toString());
        assertTrue(rotating.chunk() >= AnchorsProfile.RING_BYTES / 2, "a rotation rewrites the ring: " + rotating);
    }

    @Test
    void anchorNamesCarryTheSeamPlacement() {
        String cross = Anchors.spscOn("split", org.ringlab.api.SeamPlacement.CROSS);
        assertEquals("spsc@split/cross", cross);
        assertEquals("split", Anchors.strategyOf(cross));
        assertEquals(org.ringlab.api.SeamPlacement.CROSS, Anchors.seamOf(cross));
        assertEquals(org.ringlab.api.SeamPlacement.PAD, Anchors.seamOf("spsc@split"));
        assertEquals("spsc@split", Anchors.spscOn("split", org.ringlab.api.SeamPlacement.PAD));
        assertTrue(Anchors.oneThreadOnly(cross) && !Anchors.oneThreadOnly("spsc@split")
                && !Anchors.oneThreadOnly(Anchors.AGRONA));
        assertThrows(IllegalArgumentException.class, () -> Anchors.seamOf("spsc@split/diagonal"));
    }

    @Test
    void theShapeIsChecked() {
        assertThrows(IllegalArgumentException.class, () -> new MechanismLoop(10, 5, 0));
        assertThrows(IllegalArgumentException.class, () -> new MechanismLoop(10, 5, 6));
        assertEquals(4, new MechanismLoop(10, 5, 3).chunk(), "rounded up");
        assertEquals(2.0, new MechanismLoop(10, 5, 3).bytesPerRecord());
        assertTrue(MechanismLoop.NONE.cpuNanosPerRecord(1_000, 4096) >= 0);
        // A chunk larger than the ring (linearize/cross: a rotation plus a frame) replays without running off it.
        assertTrue(new MechanismLoop(3 * 4096 + 100, 7, 3).cpuNanosPerRecord(1_000, 4096) >= 0);
    }
}
