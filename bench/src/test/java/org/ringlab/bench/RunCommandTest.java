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
        r = Cli.run("run", "history", "--experiment", "growth");
        assertEquals(2, r.exitCode(), r.all());
        assertTrue(r.err().contains("--experiment is for 'compare'"), r.err());
    }
}
