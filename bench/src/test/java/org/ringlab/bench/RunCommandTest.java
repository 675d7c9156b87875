package org.ringlab.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ringlab.bench.fixtures.ThirdPartyTestExperiment;
import org.ringlab.bench.report.ResultsFile;

/** {@code ringlab run EXPERIMENT}: one experiment with the shared options; a bad id is refused naming the allowed ones. */
class RunCommandTest {

    @Test
    void runsOneExperimentAndWritesItsReport(@TempDir Path dir) throws IOException {
        Cli.Result r = Cli.run("run", ThirdPartyTestExperiment.ID, "--profile", "tiny", "--seed", "3", "--out",
                dir.toString());
        assertEquals(0, r.exitCode(), r.all());
        ResultsFile results = ResultsFile.read(dir.resolve("results.json"));
        assertEquals("ringlab run " + ThirdPartyTestExperiment.ID + " --profile tiny --seed 3", results.command());
        assertEquals(1, results.content().experiments().size());
        assertEquals(ThirdPartyTestExperiment.ID, results.content().experiments().getFirst().id());
    }

    @Test
    void anUnknownExperimentOrProfileIsRefusedNamingTheAllowedValues() {
        Cli.Result r = Cli.run("run", "no-such-experiment");
        assertEquals(2, r.exitCode(), r.all());
        assertTrue(r.err().contains("unknown experiment 'no-such-experiment'; allowed: ") && r.err().contains("history"),
                r.err());
        r = Cli.run("run", "history", "--profile", "huge");
        assertEquals(2, r.exitCode(), r.all());
        assertTrue(r.err().contains("unknown profile 'huge'; allowed: quick, full"), r.err());
    }

    @Test
    void aTopLevelOptionBeforeACommandIsRefusedNamingTheRightForm(@TempDir Path dir) {
        // It used to be ignored: the report went to ringlab-report/ without a word.
        String out = dir.resolve("report").toString();
        Cli.Result r = Cli.run("--out", out, "run", "driver");
        assertEquals(2, r.exitCode(), r.all());
        assertTrue(r.err().contains("option --out before the command 'run driver' belongs to 'ringlab' alone"), r.err());
        assertTrue(r.err().contains("give it after the command: 'ringlab run driver --out " + out + "'"), r.err());
        assertTrue(!java.nio.file.Files.exists(dir.resolve("report")), "nothing ran");
        // An option the command does not take at all: say so rather than suggest a form it would refuse.
        Cli.Result e = Cli.run("--experiment", "anchors", "run", "history");
        assertEquals(2, e.exitCode(), e.all());
        assertTrue(e.err().contains("'ringlab run history' has no option --experiment; see 'ringlab run history --help'"),
                e.err());
        // Help before a command stays help, and options after the command stay the command's.
        assertEquals(0, Cli.run("--help").exitCode());
    }

    @Test
    void runNamesItsExperimentSoItNeitherListsNorTakesExperiment() {
        Cli.Result help = Cli.run("run", "history", "--help");
        assertEquals(0, help.exitCode(), help.all());
        assertTrue(help.out().contains("--profile") && !help.out().contains("--experiment"), help.out());
        Cli.Result r = Cli.run("run", "history", "--experiment", "growth");
        assertEquals(2, r.exitCode(), r.all());
        String allowed = "allowed options of 'ringlab run history': ";
        assertTrue(r.err().contains("Unknown option") && r.err().contains("'--experiment'") && r.err().contains(allowed),
                r.err());
        String listed = r.err().substring(r.err().indexOf(allowed) + allowed.length());
        assertTrue(listed.contains("--profile") && !listed.contains("--experiment"), listed);
        Cli.Result compare = Cli.run("compare", "--help");
        assertEquals(0, compare.exitCode(), compare.all());
        assertTrue(compare.out().contains("--experiment"), compare.out());
        Cli.Result root = Cli.run("--help");
        assertEquals(0, root.exitCode(), root.all());
        assertTrue(root.out().contains("--experiment"), root.out());
    }

    @Test
    void eachExperimentHasItsOwnOptionsBesideTheSharedOnes() {
        Cli.Result history = Cli.run("run", "history", "--help");
        assertEquals(0, history.exitCode(), history.all());
        assertTrue(history.out().contains("--sizes") && history.out().contains("--profile"), history.out());
        Cli.Result anchors = Cli.run("run", "anchors", "--help");
        assertEquals(0, anchors.exitCode(), anchors.all());
        assertTrue(anchors.out().contains("--profile") && !anchors.out().contains("--sizes"), anchors.out());
    }

    @Test
    void anOptionOfAnotherExperimentOrABadValueIsRefusedNamingWhatIsAllowed() {
        Cli.Result r = Cli.run("run", "anchors", "--sizes", "4K");
        assertEquals(2, r.exitCode(), r.all());
        assertTrue(r.err().contains("Unknown option") && r.err().contains("'--sizes'"), r.err());
        assertTrue(r.err().contains("allowed options of 'ringlab run anchors': ") && r.err().contains("--profile")
                && r.err().contains("--seed"), r.err());
        r = Cli.run("run", "history", "--sizes", "12");
        assertEquals(2, r.exitCode(), r.all());
        assertTrue(r.err().contains("--sizes: element size 12 is not a positive multiple of 8 bytes"), r.err());
        r = Cli.run("run", "history", "--sizes", "lots");
        assertEquals(2, r.exitCode(), r.all());
        assertTrue(r.err().contains("--sizes: "), r.err());
    }

    @Test
    void historysOwnSizesReachTheExperimentAndTheReportsCommandLine(@TempDir Path dir) throws IOException {
        String name = Cli.available().getFirst().name();
        Cli.Result r = Cli.run("run", "history", "--profile", "tiny", "--strategy", name, "--no-fork", "--sizes", "64K",
                "--out", dir.toString());
        assertEquals(0, r.exitCode(), r.all());
        ResultsFile results = ResultsFile.read(dir.resolve("results.json"));
        assertTrue(results.command().endsWith(" --sizes 64KiB"), results.command());
        java.util.Set<String> elements = new java.util.TreeSet<>();
        // The seed's cold runs keep the seed's own sizes; --sizes chooses the steady state's.
        results.measurements().stream().filter(m -> !m.metric().startsWith("cold"))
                .forEach(m -> elements.add(m.labels().get("element")));
        assertEquals(java.util.Set.of("64KiB"), elements, "only the size asked for");
    }
}
