package org.ringlab.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.ringlab.api.MemoryStrategy;

class DemoCommandTest {

    private static final long RING = 4 * 4096;

    @Test
    void everyAvailableStrategyGivesTheSeedsSums() {
        var available = Cli.available();

        Cli.Result r = Cli.run("demo");

        assertEquals(0, r.exitCode(), r.all());
        for (MemoryStrategy s : available) {
            String block = block(r.out(), s.name());
            if (RING % s.granularity() != 0) {
                assertTrue(block.contains("skipped"), block);
                continue;
            }
            assertTrue(block.contains("0-element sum: 12288\n"), block);
            assertTrue(block.contains("1-element sum: 16384\n"), block);
            assertTrue(block.contains("2-element sum: 20480\n"), block);
            assertTrue(block.contains("3-element sum: 24576\n"), block);
            assertTrue(block.contains("Total sum: 73728 "), block);
            assertTrue(block.contains("  ok"), block);
        }
        assertTrue(r.out().contains("demo OK on "), r.out());
    }

    @Test
    void oneStrategyByName() {
        String name = Cli.available().getFirst().name();

        Cli.Result r = Cli.run("demo", "--strategy", name);

        assertEquals(0, r.exitCode(), r.all());
        assertTrue(r.out().contains(name + " (granularity"), r.out());
        assertTrue(r.out().contains("demo OK on 1 strategies"), r.out());
    }

    /** The lines printed for one strategy: from its header to the next blank line. */
    private static String block(String out, String name) {
        int start = out.indexOf("\n" + name + " (granularity");
        assertTrue(start >= 0, "no demo block for " + name + ":\n" + out);
        int end = out.indexOf("\n\n", start + 1);
        return out.substring(start + 1, end < 0 ? out.length() : end + 1);
    }
}
