package org.ringlab.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

class TemplatesTest {

    @Test
    void sectionsJoinTheirLinesAndSkipComments() {
        Map<String, String> s = Templates.parse("t.txt", "# a comment\n[note.a]\nfirst line\n  second line\n\n[b]\n%d of %s\n");
        assertEquals(Map.of("note.a", "first line second line", "b", "%d of %s"), s);
    }

    @Test
    void aDuplicateSectionOrTextBeforeAnyIsRefusedNamingIt() {
        IllegalStateException twice = assertThrows(IllegalStateException.class,
                () -> Templates.parse("t.txt", "[a]\nx\n[a]\ny\n"));
        assertTrue(twice.getMessage().contains("[a] twice"), twice.getMessage());
        IllegalStateException before = assertThrows(IllegalStateException.class, () -> Templates.parse("t.txt", "stray\n"));
        assertTrue(before.getMessage().contains("stray"), before.getMessage());
    }

    @Test
    void theHistoryProseLoadsFormatsAndNamesAMissingSection() {
        Templates t = Templates.load(org.ringlab.bench.history.HistoryExperiment.class, "history.txt");
        List<String> notes = t.texts("note.");
        assertEquals(8, notes.size());
        assertTrue(notes.getFirst().startsWith("write: ns per put() of one element"), notes.getFirst());
        assertEquals("(steady state: a ring already faulted in, 4 KiB elements, ring 1 MiB)",
                t.text("claim.steady", "4 KiB", "1 MiB"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> t.text("no.such"));
        assertTrue(e.getMessage().contains("[no.such]"), e.getMessage());
    }
}
