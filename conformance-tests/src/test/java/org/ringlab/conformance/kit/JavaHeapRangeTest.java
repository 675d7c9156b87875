package org.ringlab.conformance.kit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.ringlab.growth.ProcSelf;

/** The soak sets the Java heap's own pages apart by the address range GC.heap_info prints. */
class JavaHeapRangeTest {

    @Test
    void g1sOneRangeIsTheHeap() {
        JavaHeapRange range = JavaHeapRange.parse("""
                 garbage-first heap   total reserved 262144K, committed 262144K, used 9758K [0x00000000f0000000, 0x0000000100000000)
                  region size 1024K, 5 young (5120K), 4 survivors (4096K)
                """).range().orElseThrow();
        assertEquals(0xf0000000L, range.start());
        assertEquals(0x100000000L, range.end());
    }

    @Test
    void parallelsGenerationsAreEnvelopedInOneRange() {
        JavaHeapRange range = JavaHeapRange.parse("""
                PSYoungGen      total 113152K, used 48821K [0x0000000782700000, 0x000000078a500000, 0x0000000800000000)
                 eden space 97280K, 50% used [0x0000000782700000,0x00000007856ad5b0,0x0000000788600000)
                ParOldGen       total 258048K, used 1166K [0x0000000687400000, 0x0000000697000000, 0x0000000782700000)
                """).range().orElseThrow();
        assertEquals(0x687400000L, range.start());
        assertEquals(0x800000000L, range.end());
        assertTrue(range.contains(new ProcSelf.Mapping(0x690000000L, 0x691000000L, "rw-p", "", 4096, 4096)));
        assertTrue(!range.contains(new ProcSelf.Mapping(0x7f0000000000L, 0x7f0000001000L, "rw-p", "", 4096, 4096)));
    }

    @Test
    void aCollectorWithoutAddressesSaysSo() {
        JavaHeapRange.Result zgc = JavaHeapRange.parse(" ZHeap            used 86M, capacity 378M, max capacity 6028M\n");
        assertTrue(zgc.range().isEmpty());
        assertTrue(zgc.unknownReason().contains("ZHeap"), zgc.unknownReason());
    }

    @Test
    void thisJvmsHeapIsFoundAndHoldsALiveArray() {
        Assumptions.assumeTrue(ProcSelf.isSupported(), "needs /proc/self (Linux)");
        JavaHeapRange.Result result = JavaHeapRange.find();
        Assumptions.assumeTrue(result.range().isPresent(), () -> "skipped: " + result.unknownReason());
        byte[][] held = new byte[64][];
        for (int i = 0; i < held.length; i++) {
            held[i] = new byte[1 << 20];
            java.util.Arrays.fill(held[i], (byte) 1); // touched: resident
        }
        List<ProcSelf.Mapping> mappings = ProcSelf.smaps();
        long inHeap = result.range().get().residentBytes(mappings);
        assertTrue(inHeap >= 64L << 20, "resident inside " + result.range().get() + ": " + inHeap + " bytes while "
                + held.length + " MiB of arrays are live");
    }
}
