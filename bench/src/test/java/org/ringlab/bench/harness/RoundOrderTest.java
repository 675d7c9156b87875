package org.ringlab.bench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

/** The round order: a seeded permutation, reproducible, new every round, logged as drawn. */
class RoundOrderTest {

    private static final List<String> ITEMS = List.of("a", "b", "c", "d", "e", "f");

    private static List<List<String>> rounds(long seed, String scope, int n) {
        List<List<String>> out = new ArrayList<>();
        for (int r = 0; r < n; r++) {
            out.add(RoundOrder.permute(seed, scope, r, ITEMS));
        }
        return out;
    }

    @Test
    void theSameSeedScopeAndRoundGiveTheSameOrder() {
        assertEquals(rounds(7, "history", 10), rounds(7, "history", 10));
    }

    @Test
    void everyOrderIsAPermutationAndTheyDifferAcrossRounds() {
        List<List<String>> orders = rounds(7, "history", 10);
        for (List<String> o : orders) {
            assertEquals(Set.copyOf(ITEMS), Set.copyOf(o), o.toString());
            assertEquals(ITEMS.size(), o.size(), o.toString());
        }
        // 720 permutations: ten rounds drawing fewer than 5 distinct ones would be a fixed order in disguise.
        assertTrue(new HashSet<>(orders).size() >= 5, orders.toString());
        for (int r = 1; r < orders.size(); r++) {
            assertNotEquals(orders.get(r - 1), orders.get(r), "rounds " + r + " and " + (r + 1) + ": " + orders);
        }
        // Each item leads some round: no alternative is always first.
        Set<String> leaders = new HashSet<>();
        rounds(7, "history", 40).forEach(o -> leaders.add(o.getFirst()));
        assertEquals(Set.copyOf(ITEMS), leaders);
    }

    @Test
    void anotherSeedOrScopeGivesOtherOrders() {
        assertNotEquals(rounds(7, "history", 10), rounds(8, "history", 10));
        assertNotEquals(rounds(7, "history", 10), rounds(7, "growth", 10));
    }

    @Test
    void theInputIsNotChangedAndEveryDrawIsLogged() {
        List<String> items = new ArrayList<>(ITEMS);
        RoundOrder.take();
        List<String> first = RoundOrder.shuffled(3, "ab", 0, items, s -> "<" + s + ">");
        List<String> second = RoundOrder.shuffled(3, "ab", 1, items, s -> "<" + s + ">");
        assertEquals(ITEMS, items);
        List<RoundOrder.Drawn> log = RoundOrder.take();
        assertEquals(List.of(new RoundOrder.Drawn("ab", 0, first.stream().map(s -> "<" + s + ">").toList()),
                new RoundOrder.Drawn("ab", 1, second.stream().map(s -> "<" + s + ">").toList())), log);
        assertEquals(List.of(), RoundOrder.take(), "take empties the log");
    }

    @Test
    void aNegativeRoundIsRefusedNamingIt() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> RoundOrder.permute(1, "x", -2, ITEMS));
        assertTrue(e.getMessage().contains("-2"), e.getMessage());
    }
}
