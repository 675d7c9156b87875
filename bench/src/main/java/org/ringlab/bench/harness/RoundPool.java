package org.ringlab.bench.harness;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.DoubleStream;

import org.apache.commons.statistics.distribution.FDistribution;

/**
 * The round-to-round variance of several claims of one experiment and one run, pooled, so that
 * 2 or 3 rounds give a usable t interval: with 2 rounds a claim's own variance has one degree
 * of freedom (t = 12.7); pooled over six such claims it has six (t = 2.45).
 * <p>
 * Pooling assumes the claims' rounds are alike noisy, so the experiment names a pool per kind of
 * figure ("write", "read", "pss", ...) and only claims of one pool share a variance. A claim
 * whose own variance is larger than the rest of its pool's (one-sided F test at
 * {@link #NOT_ALIKE}) is not pooled: it keeps its own t interval, and its method says so. Cells
 * of one round, or whose rounds have no logarithm, do not enter a pool
 * ({@link PairedRounds#paired}).
 * <p>
 * Pooling needs every claim's rounds before any claim is judged, so {@link #judge} runs the
 * experiment's claims function twice: once to collect the cells, once to judge them on the
 * pooled variances. The function must give the same cells, in the same order, both times.
 */
public final class RoundPool {

    /** A claim is left out of its pool when its variance exceeds the rest's at this one-sided level. */
    public static final double NOT_ALIKE = 0.05;

    private final Map<String, List<PairedRounds.Cell>> collected;
    private final Map<String, Pooled> pooled;
    private final Map<String, Integer> seen = new HashMap<>();

    private RoundPool(Map<String, List<PairedRounds.Cell>> collected, Map<String, Pooled> pooled) {
        this.collected = collected;
        this.pooled = pooled;
    }

    /** One pool's variance, its cells in collection order, and which of them it includes. */
    private record Pooled(double variance, int df, int cells, List<PairedRounds.Cell> collected, boolean[] included) {
    }

    /**
     * The claims {@code claims} builds, judged on pooled variances: the function is called twice
     * (collect, then judge); the second call's result is returned.
     */
    public static <T> T judge(Function<RoundPool, T> claims) {
        RoundPool collect = new RoundPool(new LinkedHashMap<>(), null);
        claims.apply(collect);
        Map<String, Pooled> pooled = new HashMap<>();
        collect.collected.forEach((pool, cells) -> pooled.put(pool, pool(cells)));
        return claims.apply(new RoundPool(null, pooled));
    }

    /** A pool that pools nothing: every claim on its own rounds (as {@link PairedRounds#paired}). */
    public static RoundPool none() {
        return new RoundPool(null, Map.of());
    }

    /**
     * The interval of {@code median(num) / median(den)} over paired rounds, its variance pooled
     * with the other claims of {@code pool}.
     */
    public Estimate paired(String pool, List<double[]> num, List<double[]> den) {
        PairedRounds.Cell c = PairedRounds.cell(num, den);
        if (c == null || c.rounds() < 2) {
            return PairedRounds.paired(num, den);
        }
        if (collected != null) {
            collected.computeIfAbsent(pool, k -> new ArrayList<>()).add(c);
            return PairedRounds.paired(num, den);
        }
        Pooled p = pooled.get(pool);
        int index = seen.merge(pool, 1, Integer::sum) - 1;
        if (p == null) {
            return PairedRounds.paired(num, den);
        }
        if (index >= p.included().length || !Arrays.equals(p.collected().get(index).logRatios(), c.logRatios())) {
            throw new IllegalStateException("pool '" + pool + "': cell " + (index + 1) + " of the second pass is not the"
                    + " first pass's (" + p.included().length + " cells): the claims function must be pure");
        }
        if (!p.included()[index] || p.cells() < 2) {
            String why = p.included()[index] ? "" : ", not pooled: its rounds vary more than its pool's";
            return PairedRounds.interval(c, c.sumOfSquares() / c.df(), c.df(), "t over " + c.rounds() + " rounds" + why);
        }
        return PairedRounds.interval(c, p.variance(), p.df(), PairedRounds.pooledMethod(c.rounds(), p.cells(), p.df()));
    }

    /**
     * {@link #paired} for figures measured together in forks ({@link ForkedRows#groups}, one
     * group per fork): a fork a round, or, from a single fork, its repetitions as rounds (its
     * variants alternated repetition by repetition).
     */
    public Estimate ratioOfForks(String pool, List<double[]> num, List<double[]> den) {
        return num.size() == 1 && den.size() == 1
                ? paired(pool, SeedClaim.rounds(num.getFirst()), SeedClaim.rounds(den.getFirst()))
                : paired(pool, num, den);
    }

    /** One figure against a constant (its ratio to 1), a fork a round as {@link #ratioOfForks}. */
    public Estimate figureOfForks(String pool, List<double[]> groups) {
        List<double[]> rounds = groups.size() == 1 ? SeedClaim.rounds(groups.getFirst()) : groups;
        return paired(pool, rounds, rounds.stream().map(g -> DoubleStream.generate(() -> 1).limit(g.length).toArray())
                .toList());
    }

    /** The cells alike enough to pool (each against the rest of the pool), and their pooled variance. */
    static Pooled pool(List<PairedRounds.Cell> cells) {
        double ss = cells.stream().mapToDouble(PairedRounds.Cell::sumOfSquares).sum();
        int df = cells.stream().mapToInt(PairedRounds.Cell::df).sum();
        boolean[] included = new boolean[cells.size()];
        Arrays.fill(included, true);
        for (int i = 0; i < cells.size(); i++) {
            PairedRounds.Cell c = cells.get(i);
            int restDf = df - c.df();
            if (restDf < 1) {
                continue;
            }
            double own = c.sumOfSquares() / c.df();
            double rest = (ss - c.sumOfSquares()) / restDf;
            double f = rest > 0 ? own / rest : own > 0 ? Double.POSITIVE_INFINITY : 0;
            included[i] = !(f > 0) || FDistribution.of(c.df(), restDf).survivalProbability(f) >= NOT_ALIKE;
        }
        double poolSs = 0;
        int poolDf = 0;
        int n = 0;
        for (int i = 0; i < cells.size(); i++) {
            if (included[i]) {
                poolSs += cells.get(i).sumOfSquares();
                poolDf += cells.get(i).df();
                n++;
            }
        }
        return new Pooled(poolDf == 0 ? Double.NaN : poolSs / poolDf, poolDf, n, List.copyOf(cells), included);
    }
}
