package org.ringlab.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.ringlab.api.testing.SimulatedRefusal;

/** {@code ringlab list} shows the default mirrored strategy and why the ones before it were skipped. */
@EnabledOnOs(OS.LINUX)
class ListDefaultMirroredTest {

    @Test
    void listShowsTheDefaultMirroredStrategyAndTheOrder() {
        Cli.Result r = Cli.run("list");
        assertEquals(0, r.exitCode(), r.all());
        assertTrue(r.out().contains("\nDefault mirrored strategy: mirrored-memfd\n"), r.out());
        assertTrue(r.out().contains("  order mirrored-memfd -> mirrored-shm -> mirrored-tmpfile -> mirrored-jna"
                + " -> mirrored-windows; pin one with -Dringlab.mirrored=NAME"), r.out());
    }

    @Test
    void aSkippedStrategyIsListedWithItsReason() {
        try (SimulatedRefusal memfd = SimulatedRefusal.refuse("mirrored-memfd", "seccomp filter denies memfd_create");
             SimulatedRefusal shm = SimulatedRefusal.refuse("mirrored-shm", "/dev/shm is missing")) {
            Cli.Result r = Cli.run("list");
            assertTrue(r.out().contains("\nDefault mirrored strategy: mirrored-tmpfile\n"), r.out());
            assertTrue(r.out().contains("  skipped mirrored-memfd: simulated refusal (SimulatedRefusal.refuse):"
                    + " seccomp filter denies memfd_create\n"), r.out());
            assertTrue(r.out().contains("  skipped mirrored-shm: simulated refusal (SimulatedRefusal.refuse):"
                    + " /dev/shm is missing\n"), r.out());
        }
    }
}
