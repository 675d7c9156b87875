package org.ringlab.api.support;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;
import org.ringlab.api.Availability;
import org.ringlab.api.testing.SimulatedRefusal;

class ProbedAvailabilityTest {

    @Test
    void probesOnceOnFirstUseAndKeepsTheAnswer() {
        AtomicInteger probes = new AtomicInteger();
        ProbedAvailability a = new ProbedAvailability("probed-once", () -> {
            probes.incrementAndGet();
            return Availability.unavailable("no such thing here");
        });
        assertEquals(0, probes.get(), "nothing is probed before first use");
        assertFalse(a.get().isAvailable());
        a.get();
        assertEquals(1, probes.get());
    }

    @Test
    void aSimulatedRefusalIsCheckedOnEveryCallAndNeverKept() {
        ProbedAvailability a = new ProbedAvailability("refusable", Availability::available);
        try (SimulatedRefusal refusal = SimulatedRefusal.refuse("refusable", "seccomp says no")) {
            assertTrue(a.get().reason().contains("seccomp says no"), a.get().reason());
        }
        assertTrue(a.get().isAvailable(), "the refusal ended, the probe's answer shows again");
    }
}
