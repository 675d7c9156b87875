package org.ringlab.bench.harness;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;


/**
 * An experiment's claims in report order, judged together once every part has run, so that
 * the round variances of alike claims from different parts pool ({@link RoundPool}): a part
 * adds how to judge its claims on a pool, or a claim that needs no interval (not measured, a
 * count). Each function must give the same cells in the same order on both of
 * {@link RoundPool#judge}'s passes, so it may only read what its part measured.
 */
public final class PooledClaims {

    private final List<Function<RoundPool, List<Claim>>> parts = new ArrayList<>();

    /** A claim judged without a pool. */
    public void add(Claim claim) {
        parts.add(pool -> List.of(claim));
    }

    /** A claim judged on {@code pool}. */
    public void add(Function<RoundPool, Claim> claim) {
        parts.add(pool -> List.of(claim.apply(pool)));
    }

    /** Several claims judged on {@code pool}. */
    public void addAll(Function<RoundPool, List<Claim>> claims) {
        parts.add(claims);
    }

    /** Every claim, in the order added, its interval from the pooled variances. */
    public List<Claim> judge() {
        return RoundPool.judge(pool -> parts.stream().flatMap(p -> p.apply(pool).stream()).toList());
    }
}
