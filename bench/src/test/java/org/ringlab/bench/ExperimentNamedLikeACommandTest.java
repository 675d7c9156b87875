package org.ringlab.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.List;

import org.junit.jupiter.api.Test;
import picocli.CommandLine.ParseResult;

/** Experiment ids that are also command names (history, growth, mapped) are values of --experiment. */
class ExperimentNamedLikeACommandTest {

    @Test
    void experimentGrowthIsAValueNotTheGrowthCommand() {
        ParseResult parsed = RinglabMain.commandLine().parseArgs("--experiment", "growth", "--experiment", "history");
        assertEquals(List.of("growth", "history"), parsed.matchedOptionValue("--experiment", List.<String>of()));
        assertFalse(parsed.hasSubcommand(), "no command was typed");
    }
}
