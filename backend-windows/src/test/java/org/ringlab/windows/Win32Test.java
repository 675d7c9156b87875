package org.ringlab.windows;

import static org.junit.jupiter.api.Assertions.assertEquals;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

/** The DWORD pair CreateFileMappingW takes for a 64-bit size. */
class Win32Test {

    @Test
    void sizesSplitIntoUnsignedHighAndLowDwords() {
        assertDwords(0, 0, 0);
        assertDwords(64 * 1024, 0, 64 * 1024);
        assertDwords(0x7FFF_FFFFL, 0, Integer.MAX_VALUE);
        assertDwords(0x8000_0000L, 0, Integer.MIN_VALUE); // 2 GiB: the low DWORD's top bit, negative as a Java int
        assertDwords(0xFFFF_FFFFL, 0, -1);
        assertDwords(1L << 32, 1, 0); // 4 GiB
        assertDwords((1L << 32) + 64 * 1024, 1, 64 * 1024);
        assertDwords((6L << 30) + 64 * 1024, 1, (int) ((2L << 30) + 64 * 1024));
        assertDwords(0x0001_2345_6789_ABCDL, 0x0001_2345, 0x6789_ABCD);
    }

    private static void assertDwords(long size, int high, int low) {
        assertEquals(high, Win32.high(size), "high of " + size);
        assertEquals(low, Win32.low(size), "low of " + size);
        assertEquals(size, Win32.join(high, low), "join for " + size);
    }

    @Property(tries = 500)
    void splittingAndJoiningGiveTheSizeBack(@ForAll @LongRange(min = 0, max = Long.MAX_VALUE) long size) {
        assertEquals(size, Win32.join(Win32.high(size), Win32.low(size)));
    }
}
