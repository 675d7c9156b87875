package org.ringlab.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ringlab.api.Registries;
import org.ringlab.bench.fixtures.UnavailableTestStrategy;

class BadInputTest {

    @Test
    void unknownStrategyIsNamedWithTheKnownOnes() {
        Cli.Result r = Cli.run("history", "--profile", "tiny", "--strategy", "no-such-ring");

        assertEquals(2, r.exitCode(), r.all());
        assertTrue(r.err().contains("unknown memory strategy 'no-such-ring'"), r.err());
        for (String known : Registries.memoryStrategies().names()) {
            assertTrue(r.err().contains(known), known + " missing from: " + r.err());
        }
        assertTrue(r.out().isEmpty(), r.out());
    }

    @Test
    void unknownStrategyInDemoToo() {
        Cli.Result r = Cli.run("demo", "--strategy", "no-such-ring");

        assertEquals(2, r.exitCode(), r.all());
        assertTrue(r.err().contains("unknown memory strategy 'no-such-ring'; known: "), r.err());
    }

    @Test
    void unavailableStrategyAskedForByNameGivesItsReason() {
        Cli.Result r = Cli.run("history", "--profile", "tiny", "--strategy", UnavailableTestStrategy.NAME);

        assertEquals(2, r.exitCode(), r.all());
        assertTrue(r.err().contains("'" + UnavailableTestStrategy.NAME + "' is unavailable here: "
                + UnavailableTestStrategy.REASON), r.err());
    }

    @Test
    void unknownProfileListsTheDocumentedOnes() {
        Cli.Result r = Cli.run("history", "--profile", "huge");

        assertEquals(2, r.exitCode(), r.all());
        assertTrue(r.err().contains("unknown profile 'huge'; allowed: quick, full"), r.err());
        assertFalse(r.err().contains("tiny"), "the test profile is not advertised: " + r.err());
    }

    @Test
    void badSizes() {
        Cli.Result notASize = Cli.run("history", "--profile", "tiny", "--sizes", "lots");
        assertEquals(2, notASize.exitCode(), notASize.all());
        assertTrue(notASize.err().contains("'lots' is not a size"), notASize.err());

        Cli.Result odd = Cli.run("history", "--profile", "tiny", "--sizes", "1001");
        assertEquals(2, odd.exitCode(), odd.all());
        assertTrue(odd.err().contains("1001 is not a multiple of 8"), odd.err());

        Cli.Result tooBig = Cli.run("history", "--profile", "tiny", "--sizes", "2M");
        assertEquals(2, tooBig.exitCode(), tooBig.all());
        assertTrue(tooBig.err().contains("at least 4 elements"), tooBig.err());
    }

    @Test
    void outThatCannotBeADirectory(@TempDir Path dir) throws IOException {
        Path file = Files.writeString(dir.resolve("a-file"), "x");

        Cli.Result r = Cli.run("history", "--profile", "tiny", "--out", file.resolve("sub").toString());

        assertEquals(2, r.exitCode(), r.all());
        assertTrue(r.err().contains("--out: cannot create the directory"), r.err());
    }

    @Test
    void unknownCommandAndOption() {
        Cli.Result cmd = Cli.run("frobnicate");
        assertEquals(2, cmd.exitCode(), cmd.all());
        assertTrue(cmd.err().contains("frobnicate"), cmd.err());

        Cli.Result opt = Cli.run("list", "--colour");
        assertEquals(2, opt.exitCode(), opt.all());
        assertTrue(opt.err().contains("--colour"), opt.err());
    }

    @Test
    void helpIsNotAnError() {
        Cli.Result r = Cli.run("--help");
        assertEquals(0, r.exitCode(), r.all());
        assertTrue(r.out().contains("history"), r.out());
        assertFalse(r.out().contains("history-cell"), "internal command is hidden: " + r.out());
    }

    /**
     * The command list shows one summary per command (its header, else the description's first
     * line): each must be a whole sentence, not a description cut at its first line break.
     */
    @Test
    void theCommandListSummarisesEveryCommandInWholeSentences() {
        java.util.Map<String, picocli.CommandLine> commands = RinglabMain.commandLine().getSubcommands();
        assertTrue(commands.size() >= 10, "too few commands to mean anything: " + commands.keySet());
        for (var e : commands.entrySet()) {
            var usage = e.getValue().getCommandSpec().usageMessage();
            if (usage.hidden()) {
                continue;
            }
            String[] lines = usage.header().length > 0 ? usage.header() : usage.description();
            assertTrue(lines.length > 0, e.getKey() + " has no summary");
            String summary = lines[0].strip();
            assertTrue(summary.endsWith(".") || summary.endsWith(")"), e.getKey()
                    + "'s summary in the command list is cut mid-sentence: '" + summary + "'");
        }
    }
}
