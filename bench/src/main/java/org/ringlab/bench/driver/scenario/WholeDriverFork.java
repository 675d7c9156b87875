package org.ringlab.bench.driver.scenario;

import java.util.ArrayList;
import java.util.List;

import org.ringlab.api.MemoryStrategy;
import org.ringlab.bench.harness.ForkedTask;
import org.ringlab.bench.harness.Interleaving;
import org.ringlab.bench.util.Strategies;

/**
 * One fork of driver part (e), {@link WholeDriverPart}: untimed passes over every variant until
 * the JIT is quiet ({@link ScenarioProfile#warmup()}: each fresh JVM compiles the paths anew, so
 * each warms up), then the rounds of the variants, each in the order the parent drew for it
 * ({@link Interleaving}), then the interrupt-cost sweep, per packet and NAPI in their drawn
 * order at each cost and repetition. The part
 * runs it {@link ScenarioProfile#forks()} times or more, each in a fresh JVM, so each fork is one
 * paired round and the claims and {@code diff} resample forks, then the rounds inside them.
 *
 * @param profile  the {@link ScenarioProfile} name
 * @param config   the scenario (rate, sizes, interrupt cost, run length)
 * @param variants the compared variants
 * @param strategy the memory strategy's name, resolved once in the child
 * @param order    each timed round's order of the variants
 * @param sweepOrder per sweep cost and repetition ({@code cost × sweepRepetitions + r}), per packet (0) and NAPI (1)'s order
 */
record WholeDriverFork(String profile, ScenarioConfig config, List<DriverVariant> variants, String strategy,
                       Interleaving order, Interleaving sweepOrder)
        implements ForkedTask<WholeDriverFork.Result> {

    /** One sweep point of one fork: the interrupt cost and its runs, per packet then NAPI, one pair per repetition. */
    record SweepPoint(long interruptNanos, List<DriverRun> perPacket, List<DriverRun> napi) {
    }

    /**
     * What one fork measured.
     *
     * @param runs  per variant (in {@link WholeDriverFork#variants} order), one run per round
     * @param sweep the sweep's points in the profile's order, duplicates left out
     */
    record Result(List<List<DriverRun>> runs, List<SweepPoint> sweep) {
    }

    WholeDriverFork {
        variants = List.copyOf(variants);
        int count = variants.size();
        if (count == 0 || order.orders().stream().anyMatch(o -> o.size() != count)) {
            throw new IllegalArgumentException("a whole-driver fork needs variants and an order of them each round, got "
                    + variants + " and " + order.orders());
        }
    }

    /**
     * Fork {@code fork}'s task under {@code seed}: its rounds' and its sweep's orders drawn now
     * ({@link Interleaving#draw}, so results.json records them).
     */
    static WholeDriverFork drawn(ScenarioProfile p, ScenarioConfig config, List<DriverVariant> variants, String strategy,
                                 long seed, int fork) {
        return new WholeDriverFork(p.name(), config, variants, strategy, Interleaving.draw(seed, "driver (e)", fork,
                p.repetitions(), variants.stream().map(DriverVariant::name).toList()), Interleaving.draw(seed,
                "driver (e) sweep", fork, p.sweepInterruptNanos().size() * p.sweepRepetitions(),
                List.of(WholeDriverPart.PER_PACKET, WholeDriverPart.NAPI)));
    }

    /** Timed rounds of the variants in this fork. */
    int rounds() {
        return order.repetitions();
    }

    @Override
    public Result measure() {
        ScenarioProfile p = ScenarioProfile.named(profile);
        MemoryStrategy memory = Strategies.memory(strategy);
        SpinWork spin = SpinWork.calibrate();
        try {
            // Untimed passes first, until the JIT is quiet, so that the timed rounds measure
            // compiled code with no compiler thread beside them (see ScenarioProfile).
            ScenarioConfig warmup = config.withDurationNanos(p.warmupNanos());
            p.warmup().run(() -> {
                try {
                    for (DriverVariant v : variants) {
                        DriverScenario.run(v, warmup, memory, spin);
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("interrupted while warming up the whole driver", e);
                }
            });
            List<List<DriverRun>> runs = new ArrayList<>();
            variants.forEach(v -> runs.add(new ArrayList<>()));
            for (int r = 0; r < rounds(); r++) {
                // A drawn order: a variant's place in the round is not its figure.
                DriverRun[] round = new DriverRun[variants.size()];
                for (int i : order.at(r)) {
                    round[i] = DriverScenario.run(variants.get(i), config, memory, spin);
                }
                for (int i = 0; i < round.length; i++) {
                    runs.get(i).add(round[i]);
                }
            }
            List<SweepPoint> sweep = new ArrayList<>();
            ScenarioConfig sweepBase = config.withDurationNanos(p.sweepNanos());
            for (long cost : p.sweepInterruptNanos()) {
                long ns = cost == ScenarioProfile.SEED_COST ? config.interruptNanos() : cost;
                if (sweep.stream().anyMatch(s -> s.interruptNanos() == ns)) {
                    continue;
                }
                ScenarioConfig c = sweepBase.withInterruptNanos(ns);
                List<DriverRun> perPacket = new ArrayList<>();
                List<DriverRun> napi = new ArrayList<>();
                for (int r = 0; r < p.sweepRepetitions(); r++) {
                    DriverRun[] pair = new DriverRun[2];
                    for (int m : sweepOrder.at(sweep.size() * p.sweepRepetitions() + r)) {
                        pair[m] = DriverScenario.run(m == 0 ? DriverVariant.AFTER_PER_PACKET : DriverVariant.AFTER, c,
                                memory, spin);
                    }
                    perPacket.add(pair[0]);
                    napi.add(pair[1]);
                }
                sweep.add(new SweepPoint(ns, perPacket, napi));
            }
            return new Result(runs, sweep);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while measuring " + describe(), e);
        }
    }

    @Override
    public Class<Result> resultType() {
        return Result.class;
    }

    @Override
    public String describe() {
        return "driver (e) whole driver × " + strategy + " (profile " + profile + ", " + rounds() + " round"
                + (rounds() == 1 ? "" : "s") + " of " + variants.size() + " variants and the sweep)";
    }
}
