package org.ringlab.growth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.List;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The RSS accounting: current, peak, its reset and bracket, and one mapping's resident size. */
class ProcSelfTest {

    private static final long MIB = 1 << 20;

    @BeforeAll
    static void needsProc() {
        assumeTrue(ProcSelf.isSupported(), "needs /proc/self");
    }

    @Test
    void smapsListsEveryMappingOfMapsWithItsResidentSize() {
        List<ProcSelf.Mapping> smaps = ProcSelf.smaps();
        assertFalse(smaps.isEmpty());
        for (ProcSelf.Mapping m : smaps) {
            assertTrue(m.end() > m.start() && m.rssBytes() >= 0 && m.rssBytes() <= m.sizeBytes(), m.toString());
            assertTrue(m.permissions().matches("[r-][w-][x-][ps]"), m.toString());
        }
        assertTrue(smaps.stream().anyMatch(m -> m.name().equals("[stack]")), "no [stack] in " + smaps);
    }

    @Test
    void theResidentSizeOfOneMappingFollowsTheBytesTouched() {
        // 64 MiB from malloc is a mapping of its own (above glibc's mmap threshold): touch half of it.
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment big = arena.allocate(64 * MIB, 4096);
            ProcSelf.Mapping mapping = ProcSelf.mappingAt(big.address()).orElseThrow();
            assertTrue(mapping.contains(big.address()) && mapping.sizeBytes() >= 64 * MIB, mapping.toString());
            // Arena.allocate zeroes the segment: every page is resident already.
            assertTrue(ProcSelf.residentBytes(big.address(), big.byteSize()) >= 64 * MIB);
        }
        assertThrows(IllegalArgumentException.class, () -> ProcSelf.residentBytes(0, 0));
    }

    @Test
    void aBracketSeesThePeakOfAnOperationThatIsOverAlready() {
        assumeTrue(ProcSelf.resetPeak(), "the kernel refuses to reset VmHWM here");
        ProcSelf.PeakBracket bracket = ProcSelf.bracketPeak();
        assertTrue(bracket.peakReset());
        long baseline = bracket.baselineBytes();
        try (Arena arena = Arena.ofConfined()) {
            arena.allocate(96 * MIB, 4096); // zeroed: 96 MiB resident, then freed on close
        }
        long peakGrowth = bracket.peakGrowthBytes();
        assertTrue(peakGrowth >= 90 * MIB, "peak grew by " + peakGrowth + " over " + baseline);
        assertTrue(ProcSelf.vmRssBytes() < baseline + 48 * MIB, "the memory is freed again");
        assertTrue(ProcSelf.resetPeak());
        assertTrue(ProcSelf.vmHwmBytes() < baseline + 48 * MIB, "the reset forgets the old peak: " + ProcSelf.vmHwmBytes());
        assertEquals(bracket.peakBytes() - baseline, bracket.peakGrowthBytes(), 16 * MIB);
    }
}
