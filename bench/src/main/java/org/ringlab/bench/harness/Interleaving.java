package org.ringlab.bench.harness;

import java.util.List;
import java.util.stream.IntStream;

/**
 * The order of a child JVM's alternatives in each of its timed repetitions, drawn in the parent
 * ({@link RoundOrder#shuffled}, so results.json records it) and sent to the child with its task.
 * The child runs what it is told: the recorded order is the order that ran. Warm-ups run the
 * first timed repetition's order.
 *
 * @param orders per timed repetition, the alternatives' indices, first to run first
 */
public record Interleaving(List<List<Integer>> orders) {

    public Interleaving {
        orders = orders.stream().map(List::copyOf).toList();
        if (orders.isEmpty()) {
            throw new IllegalArgumentException("an interleaving needs at least one repetition");
        }
    }

    /**
     * Fork {@code fork}'s {@code repetitions} orders of {@code alternatives} under {@code scope}:
     * repetition {@code r} is round {@code fork × repetitions + r} of {@link RoundOrder}, so every
     * repetition of every fork draws its own order.
     */
    public static Interleaving draw(long seed, String scope, int fork, int repetitions, List<String> alternatives) {
        if (fork < 0 || repetitions < 1 || alternatives.isEmpty()) {
            throw new IllegalArgumentException("fork >= 0, repetitions >= 1 and alternatives needed, got fork " + fork
                    + ", " + repetitions + " repetitions, alternatives " + alternatives);
        }
        List<Integer> indices = IntStream.range(0, alternatives.size()).boxed().toList();
        return new Interleaving(IntStream.range(0, repetitions).mapToObj(r -> RoundOrder.shuffled(seed, scope,
                fork * repetitions + r, indices, alternatives::get)).toList());
    }

    /** Repetition {@code r}'s order (a warm-up, {@code r < 0}, takes the first timed one's). */
    public List<Integer> at(int r) {
        if (r >= orders.size()) {
            throw new IllegalArgumentException("repetition " + r + " of an interleaving of " + orders.size());
        }
        return orders.get(Math.max(r, 0));
    }

    /** Timed repetitions. */
    public int repetitions() {
        return orders.size();
    }
}
