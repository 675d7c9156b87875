package org.ringlab.bench.driver.scenario;

import java.util.ArrayList;
import java.util.List;

import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.Registries;
import org.ringlab.bench.harness.ForkedTask;

/**
 * One fork of driver part (e), {@link WholeDriverPart}: untimed passes over every variant until
 * the JIT is quiet ({@link ScenarioProfile#warmup()}: each fresh JVM compiles the paths anew, so
 * each warms up), then {@code rounds} rounds of the variants, their order reversed every other
 * round (A B …, … B A), then the interrupt-cost sweep, per packet and NAPI alternating. The part
 * runs it {@link ScenarioProfile#forks()} times or more, each in a fresh JVM, so each fork is one
 * paired round and the claims and {@code diff} resample forks, then the rounds inside them.
 *
 * @param profile  the {@link ScenarioProfile} name
 * @param config   the scenario (rate, sizes, interrupt cost, run length)
 * @param variants the compared variants
 * @param strategy the memory strategy's name
 * @param rounds   timed rounds of the variants in this fork
 */
record WholeDriverFork(String profile, ScenarioConfig config, List<DriverVariant> variants, String strategy, int rounds)
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
        if (variants.isEmpty() || rounds < 1) {
            throw new IllegalArgumentException("a whole-driver fork needs variants and rounds >= 1, got " + variants
                    + " and " + rounds);
        }
    }

    @Override
    public Result measure() {
        ScenarioProfile p = ScenarioProfile.named(profile);
        MemoryStrategy memory = Registries.memoryStrategies().require(strategy);
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
            for (int r = 0; r < rounds; r++) {
                // Every other round backwards: a variant's place in the round is not its figure.
                for (int k = 0; k < variants.size(); k++) {
                    int i = (r & 1) == 0 ? k : variants.size() - 1 - k;
                    runs.get(i).add(DriverScenario.run(variants.get(i), config, memory, spin));
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
                    perPacket.add(DriverScenario.run(DriverVariant.AFTER_PER_PACKET, c, memory, spin));
                    napi.add(DriverScenario.run(DriverVariant.AFTER, c, memory, spin));
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
        return "driver (e) whole driver × " + strategy + " (profile " + profile + ", " + rounds + " round"
                + (rounds == 1 ? "" : "s") + " of " + variants.size() + " variants and the sweep)";
    }
}
