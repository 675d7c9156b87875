package org.ringlab.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ringlab.bench.fixtures.SeededFigureTestExperiment;
import org.ringlab.bench.report.Diff;

/** {@code ringlab ab}'s argument errors name the bad value; {@code diff} says what it cannot tell. */
class AbCommandTest {

    private static Cli.Result ab(Path out, String... more) {
        List<String> args = new java.util.ArrayList<>(List.of("ab"));
        args.addAll(List.of(more));
        args.addAll(List.of("--out", out.toString()));
        return Cli.run(args.toArray(String[]::new));
    }

    private static void refused(Cli.Result r, String... words) {
        assertEquals(2, r.exitCode(), r.all());
        for (String w : words) {
            assertTrue(r.err().contains(w), "'" + w + "' missing from: " + r.err());
        }
    }

    @Test
    void oneRoundIsRefused(@TempDir Path out) {
        refused(ab(out, "HEAD", "HEAD", "--rounds", "1"), "--rounds", "got 1");
    }

    @Test
    void anUnknownProfileOrExperimentIsNamed(@TempDir Path out) {
        refused(ab(out, "HEAD", "HEAD", "--profile", "huge"), "'huge'", "quick, full");
        refused(ab(out, "HEAD", "HEAD", "--experiment", "nope"), "'nope'", SeededFigureTestExperiment.ID);
    }

    @Test
    void aBuildThatIsNeitherADirectoryNorARevisionIsNamed(@TempDir Path out) {
        refused(ab(out, "no-such-build-xyz", "HEAD", "--experiment", SeededFigureTestExperiment.ID, "--profile",
                "tiny"), "A 'no-such-build-xyz'");
    }

    @Test
    void aDirectoryWithoutJarsIsNamed(@TempDir Path out, @TempDir Path empty) {
        refused(ab(out, empty.toString(), empty.toString(), "--experiment", SeededFigureTestExperiment.ID),
                "A '" + empty + "'", "without a build");
    }

    @Test
    void duetOptionsAreChecked(@TempDir Path out) {
        refused(ab(out, "HEAD", "HEAD", "--duet", "--duet-cpus", "1,1"), "--duet-cpus", "[1, 1]");
        refused(ab(out, "HEAD", "HEAD", "--duet", "--duet-repetitions", "0", "--duet-cpus", "0,1"),
                "--duet-repetitions", "got 0");
        refused(ab(out, "HEAD", "HEAD", "--duet-repetitions", "2"), "--duet-repetitions", "need --duet");
    }

    @Test
    void diffSaysItCannotSeparateDriftFromChange() {
        String text = Diff.render(Diff.compare(List.of(), List.of(), Map.of(), Map.of()), "a", "b");
        assertTrue(text.contains("cannot separate a drift of the machine") && text.contains("ringlab ab"), text);
        Cli.Result help = Cli.run("diff", "--help");
        assertTrue(help.out().contains("ringlab ab"), help.out());
    }
}
