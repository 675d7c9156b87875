package org.ringlab.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.ringlab.bench.anchors.AnchorsExperiment;
import org.ringlab.bench.broadcast.BroadcastExperiment;
import org.ringlab.bench.driver.DriverExperiment;

class ProseTest {

    @Test
    void aSectionIsOneParagraphWithItsPlaceholdersFilled() {
        String s = Prose.of(DriverExperiment.class, "notes.md", "load", "before", "1.0 0.5 0.2", "after", "2.0 1 0.3");
        assertEquals("load average (1, 5, 15 min) before: 1.0 0.5 0.2; after: 2.0 1 0.3 — the two-thread and napi "
                + "figures mostly measure the scheduler when it exceeds the core count", s);
    }

    @Test
    void aMissingSectionValueOrPlaceholderIsAnErrorNamingIt() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Prose.of(DriverExperiment.class, "notes.md", "no-such-section"));
        assertTrue(e.getMessage().contains("'no-such-section'") && e.getMessage().contains("load"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Prose.of(DriverExperiment.class, "notes.md", "load",
                "before", "x"));
        assertTrue(e.getMessage().contains("{after}"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Prose.of(DriverExperiment.class, "notes.md",
                "wall-clock", "extra", 1));
        assertTrue(e.getMessage().contains("{extra}"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Prose.of(DriverExperiment.class, "no-such.md", "x"));
        assertTrue(e.getMessage().contains("no-such.md"), e.getMessage());
    }

    /** Every section of every experiment's notes is reachable and none is empty. */
    @Test
    void everyNotesFileParsesIntoNonEmptySections() {
        for (Class<?> owner : new Class<?>[] {DriverExperiment.class, BroadcastExperiment.class, AnchorsExperiment.class}) {
            Prose prose = Prose.load(owner, "notes.md");
            assertFalse(prose.names().isEmpty(), owner.getName());
            prose.names().forEach(name -> assertFalse(prose.text(name).isBlank(), owner.getName() + " " + name));
        }
    }

    @Test
    void sectionsJoinTheirLinesAndSkipCommentsAndThePreamble() {
        Map<String, String> s = Prose.parse("t.txt", "what this file is\n# a comment\n[note.a]\nfirst line\n  second line\n"
                + "\n## b\n%d of %s\n");
        assertEquals(Map.of("note.a", "first line second line", "b", "%d of %s"), s);
    }

    @Test
    void aDuplicateSectionIsRefusedNamingIt() {
        IllegalStateException twice = assertThrows(IllegalStateException.class,
                () -> Prose.parse("t.txt", "[a]\nx\n## a\ny\n"));
        assertTrue(twice.getMessage().contains("'a' twice"), twice.getMessage());
    }

    @Test
    void theHistoryProseLoadsFormatsAndNamesAMissingSection() {
        Prose t = Prose.load(org.ringlab.bench.history.HistoryExperiment.class, "history.txt");
        List<String> notes = t.texts("note.");
        assertEquals(8, notes.size());
        assertTrue(notes.getFirst().startsWith("write: ns per put() of one element"), notes.getFirst());
        assertEquals("(steady state: a ring already faulted in, 4 KiB elements, ring 1 MiB)",
                t.text("claim.steady", "4 KiB", "1 MiB"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> t.text("no.such"));
        assertTrue(e.getMessage().contains("'no.such'"), e.getMessage());
    }
}
