package org.ringlab.bench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

class InterleavingTest {

    private static final List<String> ABC = List.of("a", "b", "c");

    @Test
    void eachRepetitionOfEachForkDrawsItsOwnSeededOrderAndRecordsIt() {
        RoundOrder.take();
        Interleaving fork0 = Interleaving.draw(7, "part", 0, 20, ABC);
        Interleaving fork1 = Interleaving.draw(7, "part", 1, 20, ABC);
        List<RoundOrder.Drawn> log = RoundOrder.take();
        assertEquals(40, log.size(), "one recorded order per timed repetition");
        for (int r = 0; r < 20; r++) {
            // round fork × repetitions + r: RoundOrder's order for it, with the alternatives' names recorded
            assertEquals(RoundOrder.permute(7, "part", r, List.of(0, 1, 2)), fork0.at(r));
            assertEquals(RoundOrder.permute(7, "part", 20 + r, List.of(0, 1, 2)), fork1.at(r));
            assertEquals(new RoundOrder.Drawn("part", 20 + r, fork1.at(r).stream().map(ABC::get).toList()),
                    log.get(20 + r));
        }
        assertEquals(fork0, Interleaving.draw(7, "part", 0, 20, ABC), "the same seed draws the same orders");
        assertNotEquals(fork0, Interleaving.draw(8, "part", 0, 20, ABC), "another seed draws others");
        assertNotEquals(fork0, fork1, "another fork draws others");
        Set<List<Integer>> seen = new HashSet<>(fork0.orders());
        seen.addAll(fork1.orders());
        assertEquals(6, seen.size(), "40 draws of 3 alternatives reach every one of the 6 orders");
        assertEquals(fork0.at(0), fork0.at(-1), "a warm-up runs the first timed order");
        RoundOrder.take();
    }

    @Test
    void badArgumentsAreRejectedWithTheValue() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Interleaving.draw(1, "x", 0, 0, ABC));
        assertTrue(e.getMessage().contains("0 repetitions"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Interleaving.draw(1, "x", 0, 2, List.of()).at(0));
        assertTrue(e.getMessage().contains("[]"), e.getMessage());
        Interleaving two = Interleaving.draw(1, "x", 0, 2, ABC);
        e = assertThrows(IllegalArgumentException.class, () -> two.at(2));
        assertTrue(e.getMessage().contains("repetition 2"), e.getMessage());
        RoundOrder.take();
    }
}
