package org.ringlab.bench.harness;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Function;

/**
 * The order in which the alternatives of one round run: a seeded shuffle, a fresh one every round
 * (randomized multiple interleaved trials, RMIT). A fixed order (A B C, or A B C then C B A) lets
 * a drift of the machine that keeps pace with the round favour whichever alternative runs in the
 * same place of every round; shuffled, drift lands on every alternative alike and widens the
 * interval instead of biasing the ratio.
 * <p>
 * The order depends only on the run's seed, the scope (which loop: {@code "history"},
 * {@code "ab"}) and the round, so a run is reproduced exactly by its seed. Every order drawn is
 * logged ({@link #take}), so the command that runs the experiments writes it into results.json
 * beside their figures.
 */
public final class RoundOrder {

    /** One round's order as drawn: the names of its alternatives, first to run first. */
    public record Drawn(String scope, int round, List<String> order) {

        public Drawn {
            order = List.copyOf(order);
        }
    }

    private static final List<Drawn> LOG = new ArrayList<>();

    private RoundOrder() {
    }

    /**
     * {@code items} in round {@code round}'s order for {@code scope} under {@code seed}, logged
     * with each item's {@code name}. {@code items} is not changed.
     */
    public static <T> List<T> shuffled(long seed, String scope, int round, List<T> items, Function<T, String> name) {
        List<T> out = permute(seed, scope, round, items);
        log(new Drawn(scope, round, out.stream().map(name).toList()));
        return out;
    }

    /** {@link #shuffled} without logging: the order only (tests, and callers that record it themselves). */
    public static <T> List<T> permute(long seed, String scope, int round, List<T> items) {
        if (round < 0) {
            throw new IllegalArgumentException("round must be >= 0, got " + round);
        }
        List<T> out = new ArrayList<>(items);
        SplittableRandom random = new SplittableRandom(mix(seed, scope, round));
        // Fisher-Yates: every permutation equally likely.
        for (int i = out.size() - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            T t = out.get(i);
            out.set(i, out.get(j));
            out.set(j, t);
        }
        return out;
    }

    /** Every order drawn since the last call, oldest first; the log is empty afterwards. */
    public static synchronized List<Drawn> take() {
        List<Drawn> out = List.copyOf(LOG);
        LOG.clear();
        return out;
    }

    private static synchronized void log(Drawn d) {
        LOG.add(d);
    }

    /** One stream per (seed, scope, round): SplittableRandom's own mixing spreads nearby seeds apart. */
    private static long mix(long seed, String scope, int round) {
        long h = seed;
        for (int i = 0; i < scope.length(); i++) {
            h = h * 31 + scope.charAt(i);
        }
        return new SplittableRandom(h).split().nextLong() ^ (0x9E3779B97F4A7C15L * (round + 1));
    }
}
