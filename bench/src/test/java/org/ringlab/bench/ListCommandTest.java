package org.ringlab.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.Registries;
import org.ringlab.bench.fixtures.UnavailableTestStrategy;

class ListCommandTest {

    @Test
    void listsEveryDiscoveredMemoryStrategyAvailableOrNot() {
        List<MemoryStrategy> all = Registries.memoryStrategies().all();
        assertFalse(all.isEmpty(), "the registry found no memory strategy at all");

        Cli.Result r = Cli.run("list");

        assertEquals(0, r.exitCode(), r.all());
        assertTrue(r.out().startsWith("Memory strategies ("), r.out());
        for (MemoryStrategy s : all) {
            String status = s.availability().isAvailable() ? "available" : "unavailable";
            assertTrue(Pattern.compile("(?m)^  " + Pattern.quote(s.name()) + " +" + status + "\\b").matcher(r.out()).find(),
                    s.name() + " is not listed as " + status + ":\n" + r.out());
        }
        assertTrue(r.out().contains("Growth strategies"), r.out());
        assertTrue(r.out().contains("Queue disciplines"), r.out());
        // Every provider of the other registries is listed by name too.
        java.util.stream.Stream.of(org.ringlab.api.Registries.growthStrategies().all(),
                        org.ringlab.api.Registries.disciplines().all(), org.ringlab.api.Registries.mappedFiles().all())
                .flatMap(java.util.List::stream)
                .forEach(p -> assertTrue(Pattern.compile("(?m)^  " + Pattern.quote(p.name()) + " ").matcher(r.out()).find(),
                        p.name() + " is not listed:\n" + r.out()));
        assertFalse(org.ringlab.api.Registries.disciplines().all().isEmpty(), "no queue discipline discovered");
    }

    @Test
    void anUnavailableStrategyShowsItsReasonAndNoGranularity() {
        Cli.Result r = Cli.run("list");

        assertTrue(Pattern.compile("(?m)^  " + UnavailableTestStrategy.NAME + " +unavailable +granularity - ")
                .matcher(r.out()).find(), r.out());
        assertTrue(r.out().contains("why unavailable: " + UnavailableTestStrategy.REASON), r.out());
    }

    @Test
    void availableStrategiesShowTheirGranularity() {
        Cli.Result r = Cli.run("list");
        for (MemoryStrategy s : Cli.available()) {
            assertTrue(Pattern.compile("(?m)^  " + Pattern.quote(s.name()) + " +available +granularity "
                    + s.granularity() + " ").matcher(r.out()).find(), r.out());
        }
    }
}
