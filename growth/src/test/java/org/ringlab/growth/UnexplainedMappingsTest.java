package org.ringlab.growth;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;

/** The leak checks' filter: the JVM's own mapping changes are set aside, ours are reported. */
class UnexplainedMappingsTest {

    static final String JAR = "7f00aa000000-7f00aa001000 r--p 00000000 08:01 123 /opt/app.jar";
    static final String RESERVATION = "7f0010960000-7f0014000000 ---p 00000000 00:00 0";

    @Test
    void ourMappingsAreReported() {
        String view = "7f0020000000-7f0020002000 rw-s 00000000 00:01 9 /memfd:ringlab (deleted)";
        String leakedReservation = "7f0030001000-7f0030004000 ---p 00000000 00:00 0";
        assertEquals(List.of("+ " + view, "+ " + leakedReservation),
                ProcSelf.unexplainedMappingChanges(List.of(JAR), List.of(JAR, view, leakedReservation)));
        assertEquals(List.of("- " + JAR), ProcSelf.unexplainedMappingChanges(List.of(JAR), List.of()));
    }

    @Test
    void theJvmsOwnChangesAreSetAside() {
        List<String> before = List.of(JAR, RESERVATION,
                "5571d000-5571e000 rw-p 00000000 00:00 0 [heap]",
                "7f0040000000-7f0040100000 rw-p 00000000 00:00 0");
        List<String> after = List.of(JAR,
                // metaspace commits a granule inside its own reservation
                "7f0010960000-7f0010a00000 ---p 00000000 00:00 0",
                "7f0010a00000-7f0010a10000 rw-p 00000000 00:00 0",
                "7f0010a10000-7f0014000000 ---p 00000000 00:00 0",
                "5571d000-5572e000 rw-p 00000000 00:00 0 [heap]",
                // the JIT's code heap
                "7f0050000000-7f0050300000 rwxp 00000000 00:00 0",
                // a new malloc heap: a 64 MiB-aligned block
                "7f0060000000-7f0060021000 rw-p 00000000 00:00 0",
                "7f0060021000-7f0064000000 ---p 00000000 00:00 0");
        // ...and the large malloc at 7f0040000000 was freed
        assertEquals(List.of(), ProcSelf.unexplainedMappingChanges(before, after));
    }
}
