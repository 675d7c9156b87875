package org.ringlab.bench.driver;

import java.util.Arrays;
import java.util.List;

import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.QueueDiscipline;
import org.ringlab.bench.driver.scenario.BatchingWithWork;
import org.ringlab.bench.driver.scenario.FlowTable;
import org.ringlab.bench.harness.ForkedRows;
import org.ringlab.bench.harness.ForkedTask;
import org.ringlab.bench.harness.Interleaving;
import org.ringlab.bench.util.Strategies;
import org.ringlab.queues.napi.NapiConfig;
import org.ringlab.queues.pool.BufferPool;

/**
 * One fork of a driver part (a), (b), (c), (d), (f) or (g): its compared alternatives run in each
 * repetition in the order the parent drew for it ({@link Interleaving}, recorded in results.json),
 * after the profile's warm-ups; the experiment forks it {@link DriverProfile#forks()} times
 * ({@link ForkedRows}), so each fork is one paired round and the intervals carry fork-to-fork noise.
 * The strategy and the disciplines are resolved once, here in the child ({@link Strategies}).
 * <p>
 * Rows are field-major: field {@code j} of alternative {@code a} is row {@code j × alternatives + a}.
 *
 * @param profile      the {@link DriverProfile} name
 * @param part         {@link #SPSC_VS_LOCKED}, {@link #POOL}, {@link #BATCH_TWO_THREADS}, {@link #BATCH_ONE_THREAD},
 *                     {@link #WORK}, {@link #HEADER} or {@link #NAPI} followed by the offered rate in records per second
 * @param strategy     the memory strategy of the queue parts (ignored by {@link #POOL} and {@link #HEADER})
 * @param seed         the run's seed (the flow table's random flows)
 * @param alternatives the compared alternatives ({@link #alternatives}; for (a) the disciplines measured)
 * @param order        each timed repetition's order of the alternatives
 */
record DriverPartTask(String profile, String part, String strategy, long seed, List<String> alternatives,
                      Interleaving order) implements ForkedTask<ForkedRows.Rows> {

    /** (a) fields per discipline: two threads (records/µs), one thread (ns per record), lock-wait share (0 … 1). */
    static final String SPSC_VS_LOCKED = "spsc-vs-locked";
    /** (b): pool single-thread, pool spsc free list, libc malloc/free (NaN where unavailable); ns per op. */
    static final String POOL = "pool";
    /** (c): drain(1), drain(32), two threads; records/µs. */
    static final String BATCH_TWO_THREADS = "batch-two-threads";
    /** (c): drain(1), drain(32), one thread; ns per record. */
    static final String BATCH_ONE_THREAD = "batch-one-thread";
    /** (g) fields per method (copy, offset): ns per operation, packet bytes moved per operation. */
    static final String HEADER = "header";
    /** (f): empty drain(1), empty drain(32), work drain(1), work drain(32); ns per packet. */
    static final String WORK = "work";
    /** (d) {@code napi@RATE}: {@link #NAPI_FIELDS} per mode (napi, then wake-per-item). */
    static final String NAPI = "napi@";
    /** (d)'s fields per mode, in order. */
    static final List<String> NAPI_FIELDS = List.of("loss %", "achieved/s", "cpu ns/record", "cpu %", "wake-ups",
            "wake-ups/record", "polls");
    /** (d)'s modes, in alternative order. */
    static final List<NapiConfig> NAPI_MODES = List.of(NapiConfig.defaults(), NapiConfig.wakePerItem());

    DriverPartTask {
        alternatives = List.copyOf(alternatives);
        for (List<Integer> o : order.orders()) {
            if (o.size() != alternatives.size()) {
                throw new IllegalArgumentException("an order of " + o.size() + " for the " + alternatives.size()
                        + " alternatives " + alternatives + " of driver part " + part);
            }
        }
    }

    /** The alternatives part {@code part} compares, in row order ((a)'s are its disciplines, given by the caller). */
    static List<String> alternatives(String part) {
        return switch (part) {
            case POOL -> List.of("pool single-thread", "pool spsc free list", "malloc/free");
            case BATCH_TWO_THREADS, BATCH_ONE_THREAD -> List.of("drain(1)", "drain(32)");
            case WORK -> List.of("empty drain(1)", "empty drain(32)", "work drain(1)", "work drain(32)");
            case HEADER -> List.of("copy", "offset");
            default -> {
                if (!part.startsWith(NAPI)) {
                    throw new IllegalArgumentException("no driver part '" + part + "'");
                }
                yield List.of(DriverExperiment.NAPI, DriverExperiment.WAKE);
            }
        };
    }

    /** Timed repetitions of each fork of {@code part}: (a) shares the profile's rounds among its forks. */
    static int repetitions(DriverProfile p, String part) {
        return part.equals(SPSC_VS_LOCKED) ? Math.ceilDiv(p.repetitions(), p.forks())
                : part.startsWith(NAPI) ? p.napiRepetitionsPerFork() : p.repetitionsPerFork();
    }

    @Override
    public ForkedRows.Rows measure() {
        DriverProfile p = DriverProfile.named(profile);
        boolean queues = !part.equals(POOL) && !part.equals(HEADER);
        MemoryStrategy memory = queues ? Strategies.memory(strategy) : null;
        try {
            return new ForkedRows.Rows(switch (part) {
                case SPSC_VS_LOCKED -> spscVersusLocked(p, memory);
                case POOL -> pool(p);
                case BATCH_TWO_THREADS -> {
                    QueueDiscipline spsc = Strategies.discipline(DriverExperiment.SPSC);
                    yield rows(p.warmups(), 1, (a, r) -> new double[] {
                        DriverWorkloads.twoThreadRate(memory, spsc, a == 0 ? 1 : 32, p.roundNanos())});
                }
                case BATCH_ONE_THREAD -> {
                    QueueDiscipline spsc = Strategies.discipline(DriverExperiment.SPSC);
                    // one extra warm-up: these rounds are short
                    yield rows(p.warmups() + 1, 1, (a, r) -> new double[] {
                        DriverWorkloads.interleaved(memory, spsc, a == 0 ? 1 : 32, p.interleavedRecords())});
                }
                case WORK -> BatchingWithWork.run(memory, Strategies.discipline(DriverExperiment.SPSC), order,
                        Math.min(p.interleavedRecords(), 500_000), FlowTable.defaultBytes(), seed).forks().forks().getFirst();
                case HEADER -> rows(p.warmups() + 1, 2, (a, r) -> new double[] {
                    BufferLoops.headerLoop(a == 0, p.headerOps()), BufferLoops.headerBytesMoved(a == 0)});
                default -> napi(p, memory, Long.parseLong(part.substring(NAPI.length())));
            });
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while measuring " + describe(), e);
        }
    }

    @Override
    public Class<ForkedRows.Rows> resultType() {
        return ForkedRows.Rows.class;
    }

    @Override
    public String describe() {
        return "driver " + part + (part.equals(POOL) || part.equals(HEADER) ? "" : " × " + strategy);
    }

    /** One repetition of alternative {@code a}: its fields. */
    private interface Repetition {
        double[] run(int a, int repetition) throws InterruptedException;
    }

    /**
     * {@code warmups} untimed repetitions, then the order's timed ones, each running every
     * alternative in its drawn order; rows field-major.
     */
    private double[][] rows(int warmups, int fields, Repetition m) throws InterruptedException {
        int n = order.repetitions();
        int alts = alternatives.size();
        double[][] f = new double[fields * alts][n];
        for (double[] row : f) {
            Arrays.fill(row, Double.NaN);
        }
        for (int r = -warmups; r < n; r++) {
            for (int a : order.at(r)) {
                double[] v = m.run(a, r);
                for (int j = 0; r >= 0 && j < fields; j++) {
                    f[j * alts + a][r] = v[j];
                }
            }
        }
        return f;
    }

    private double[][] spscVersusLocked(DriverProfile p, MemoryStrategy memory) throws InterruptedException {
        List<QueueDiscipline> disciplines = alternatives.stream().map(Strategies::discipline).toList();
        return rows(p.warmups(), 3, (a, r) -> {
            DriverWorkloads.TwoThreadRun two = DriverWorkloads.twoThreadRun(memory, disciplines.get(a),
                    DriverWorkloads.POLL_ONE, p.roundNanos());
            double one = DriverWorkloads.interleaved(memory, disciplines.get(a), DriverWorkloads.POLL_ONE,
                    p.interleavedRecords());
            return new double[] {two.rate(), one, two.lockWaitShare()};
        });
    }

    private double[][] pool(DriverProfile p) throws InterruptedException {
        org.ringlab.linux.Libc libc = BufferLoops.mallocUnavailable().isEmpty() ? org.ringlab.linux.Libc.ffm() : null;
        return rows(p.warmups() + 1, 1, (a, r) -> new double[] {switch (a) {
            case 0 -> BufferLoops.poolLoop(BufferPool.Threading.SINGLE_THREAD, p.poolOps());
            case 1 -> BufferLoops.poolLoop(BufferPool.Threading.SPSC, p.poolOps());
            default -> libc == null ? Double.NaN : BufferLoops.mallocLoop(libc, p.mallocOps());
        }});
    }

    private double[][] napi(DriverProfile p, MemoryStrategy memory, long rate) throws InterruptedException {
        return rows(p.warmups(), NAPI_FIELDS.size(), (a, r) -> {
            DriverWorkloads.NapiRun run = DriverWorkloads.napi(memory, NAPI_MODES.get(a), rate, p.napiNanos());
            return new double[] {run.lossPercent(), run.achievedPerSecond(), run.cpuNanosPerRecord(), run.cpuPercent(),
                run.stats().wakeUps(), (double) run.stats().wakeUps() / Math.max(1, run.stats().delivered()),
                run.stats().polls()};
        });
    }
}
