package org.ringlab.bench.util;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class SizesTest {

    @Test
    void parsesWhatPeopleType() {
        assertEquals(4096, Sizes.parse("4096"));
        assertEquals(4096, Sizes.parse("4K"));
        assertEquals(4096, Sizes.parse("4kib"));
        assertEquals(64 * 1024, Sizes.parse("64KiB"));
        assertEquals(1 << 20, Sizes.parse("1M"));
        assertEquals(1L << 30, Sizes.parse("1G"));
        assertThrows(IllegalArgumentException.class, () -> Sizes.parse("1.5M"));
        assertThrows(IllegalArgumentException.class, () -> Sizes.parse("99999999999G"));
    }

    @Test
    void formatsExactly() {
        assertEquals("4KiB", Sizes.format(4096));
        assertEquals("1MiB", Sizes.format(1 << 20));
        assertEquals("3000B", Sizes.format(3000));
        assertEquals("1.5", Sizes.mib(1.5 * (1 << 20)));
        assertEquals("-", Sizes.mib(Double.NaN));
    }
}
