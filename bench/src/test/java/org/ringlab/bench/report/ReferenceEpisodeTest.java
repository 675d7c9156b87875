package org.ringlab.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.ringlab.bench.harness.ReferenceLoop;

/** Which child JVMs ran the core kernel slow after their cell, against the run's median, and the note that names them. */
class ReferenceEpisodeTest {

    private static ReferenceLoop.Sample child(double core) {
        return new ReferenceLoop.Sample(new double[] {1.5e6, 1.5e6}, new double[] {50_000, 50_000},
                new double[] {core, core * 1.01, core * 0.99});
    }

    @Test
    void childrenWhoseCoreKernelRanAtLeast1point3TimesTheMedianAreNamedInRunOrder() {
        List<ReferenceLoop.Sample> children = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            children.add(child(2.5));
        }
        children.set(2, child(5.0)); // an episode: twice as slow
        children.set(6, child(3.4)); // 1.36x: counted
        children.set(7, child(3.0)); // 1.2x: not
        Reference reference = new Reference(ReferenceLoop.Kernel.CORE, children);
        assertEquals(List.of(2, 6), reference.episodeChildren());
        String note = reference.episodeNote();
        assertTrue(note.startsWith("Host episodes: 2 of 8 child JVMs (number 3, 7 in run order)"), note);
        assertTrue(note.contains("slowest 5.00"), note);
    }

    @Test
    void noEpisodeAndNoCoreRepetitionsGiveNoNote() {
        List<ReferenceLoop.Sample> steady = List.of(child(2.5), child(2.6), child(2.4));
        assertTrue(new Reference(ReferenceLoop.Kernel.CORE, steady).episodeChildren().isEmpty());
        assertNull(new Reference(ReferenceLoop.Kernel.CORE, steady).episodeNote());
        // Results from before the core kernel: no yardstick, no note (whatever the other kernels did).
        List<ReferenceLoop.Sample> old = List.of(new ReferenceLoop.Sample(new double[] {1e6}, new double[] {5e4}),
                new ReferenceLoop.Sample(new double[] {9e6}, new double[] {9e5}));
        assertNull(new Reference(ReferenceLoop.Kernel.MEMORY, old).episodeNote());
    }
}
