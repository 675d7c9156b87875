package org.ringlab.bench.driver;

import java.util.Arrays;
import java.util.List;

import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.QueueDiscipline;
import org.ringlab.api.Registries;
import org.ringlab.bench.driver.scenario.BatchingWithWork;
import org.ringlab.bench.driver.scenario.FlowTable;
import org.ringlab.bench.harness.ForkedRows;
import org.ringlab.bench.harness.ForkedTask;
import org.ringlab.queues.napi.NapiConfig;
import org.ringlab.queues.pool.BufferPool;

/**
 * One fork of a driver part (b), (c), (d), (f) or (g): its compared variants alternate inside this
 * JVM for {@link DriverProfile#repetitionsPerFork()} repetitions after the profile's warm-ups,
 * and the experiment forks it {@link DriverProfile#forks()} times ({@link ForkedRows}), so each
 * fork is one paired round and the intervals carry fork-to-fork noise.
 *
 * @param profile  the {@link DriverProfile} name
 * @param part     {@link #POOL}, {@link #BATCH_TWO_THREADS}, {@link #BATCH_ONE_THREAD}, {@link #WORK}, {@link #HEADER} or
 *                 {@link #NAPI} followed by the offered rate in records per second
 * @param strategy the memory strategy of the queue parts (ignored by {@link #POOL})
 * @param seed     the run's seed (the flow table's random flows)
 */
record DriverPartTask(String profile, String part, String strategy, long seed) implements ForkedTask<ForkedRows.Rows> {

    /** (b) rows: pool single-thread, pool spsc free list, libc malloc/free (NaN where unavailable); ns per op. */
    static final String POOL = "pool";
    /** (c) rows: drain(1), drain(32), two threads; records/µs. */
    static final String BATCH_TWO_THREADS = "batch-two-threads";
    /** (c) rows: drain(1), drain(32), one thread; ns per record. */
    static final String BATCH_ONE_THREAD = "batch-one-thread";
    /** (g) rows: header by copy, header by offset (ns per operation), then their packet bytes moved per operation. */
    static final String HEADER = "header";
    /** (f) rows: empty drain(1), empty drain(32), work drain(1), work drain(32); ns per packet. */
    static final String WORK = "work";
    /** (d) {@code napi@RATE}: {@link #NAPI_FIELDS} rows for napi, then the same for wake-per-item. */
    static final String NAPI = "napi@";
    /** (d)'s rows per mode, in order. */
    static final List<String> NAPI_FIELDS = List.of("loss %", "achieved/s", "cpu ns/record", "cpu %", "wake-ups",
            "wake-ups/record", "polls");
    /** (d)'s modes, in row order. */
    static final List<NapiConfig> NAPI_MODES = List.of(NapiConfig.defaults(), NapiConfig.wakePerItem());

    @Override
    public ForkedRows.Rows measure() {
        DriverProfile p = DriverProfile.named(profile);
        try {
            return new ForkedRows.Rows(switch (part) {
                case POOL -> pool(p);
                case BATCH_TWO_THREADS -> batchTwoThreads(p);
                case BATCH_ONE_THREAD -> batchOneThread(p);
                case WORK -> work(p);
                case HEADER -> header(p);
                default -> {
                    if (!part.startsWith(NAPI)) {
                        throw new IllegalArgumentException("no driver part '" + part + "'");
                    }
                    yield napi(p, Long.parseLong(part.substring(NAPI.length())));
                }
            });
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while measuring driver part " + part, e);
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

    private MemoryStrategy memory() {
        return Registries.memoryStrategies().require(strategy);
    }

    private static QueueDiscipline spsc() {
        return Registries.disciplines().require(DriverExperiment.SPSC);
    }

    private static double[][] pool(DriverProfile p) {
        int n = p.repetitionsPerFork();
        double[][] f = new double[3][n];
        org.ringlab.linux.Libc libc = DriverWorkloads.mallocUnavailable().isEmpty() ? org.ringlab.linux.Libc.ffm() : null;
        for (int r = -p.warmups() - 1; r < n; r++) {
            double a = DriverWorkloads.poolLoop(BufferPool.Threading.SINGLE_THREAD, p.poolOps());
            double b = DriverWorkloads.poolLoop(BufferPool.Threading.SPSC, p.poolOps());
            double c = libc == null ? Double.NaN : DriverWorkloads.mallocLoop(libc, p.mallocOps());
            if (r >= 0) {
                f[0][r] = a;
                f[1][r] = b;
                f[2][r] = c;
            }
        }
        return f;
    }

    private static double[][] header(DriverProfile p) {
        int n = p.repetitionsPerFork();
        double[][] f = new double[4][n];
        for (int r = -p.warmups() - 1; r < n; r++) {
            double a = DriverWorkloads.headerLoop(true, p.headerOps());
            double b = DriverWorkloads.headerLoop(false, p.headerOps());
            if (r >= 0) {
                f[0][r] = a;
                f[1][r] = b;
                f[2][r] = DriverWorkloads.headerBytesMoved(true);
                f[3][r] = DriverWorkloads.headerBytesMoved(false);
            }
        }
        return f;
    }

    private double[][] batchTwoThreads(DriverProfile p) throws InterruptedException {
        int n = p.repetitionsPerFork();
        double[][] f = new double[2][n];
        MemoryStrategy main = memory();
        QueueDiscipline spsc = spsc();
        for (int r = -p.warmups(); r < n; r++) {
            double a = DriverWorkloads.twoThreadRate(main, spsc, 1, p.roundNanos());
            double b = DriverWorkloads.twoThreadRate(main, spsc, 32, p.roundNanos());
            if (r >= 0) {
                f[0][r] = a;
                f[1][r] = b;
            }
        }
        return f;
    }

    private double[][] batchOneThread(DriverProfile p) {
        int n = p.repetitionsPerFork();
        double[][] f = new double[2][n];
        MemoryStrategy main = memory();
        QueueDiscipline spsc = spsc();
        for (int r = -p.warmups() - 1; r < n; r++) { // one extra warm-up: these rounds are short
            double b = DriverWorkloads.interleaved(main, spsc, 1, p.interleavedRecords());
            double c = DriverWorkloads.interleaved(main, spsc, 32, p.interleavedRecords());
            if (r >= 0) {
                f[0][r] = b;
                f[1][r] = c;
            }
        }
        return f;
    }

    private double[][] work(DriverProfile p) {
        BatchingWithWork.Result w = BatchingWithWork.run(memory(), spsc(), p.repetitionsPerFork(),
                Math.min(p.interleavedRecords(), 500_000), FlowTable.defaultBytes(), seed);
        return new double[][] {w.emptyOne(), w.emptyBatch(), w.workOne(), w.workBatch()};
    }

    private double[][] napi(DriverProfile p, long rate) throws InterruptedException {
        int n = p.napiRepetitionsPerFork();
        int fields = NAPI_FIELDS.size();
        double[][] f = new double[NAPI_MODES.size() * fields][n];
        for (double[] row : f) {
            Arrays.fill(row, Double.NaN);
        }
        MemoryStrategy main = memory();
        for (int r = -p.warmups(); r < n; r++) {
            for (int m = 0; m < NAPI_MODES.size(); m++) {
                DriverWorkloads.NapiRun run = DriverWorkloads.napi(main, NAPI_MODES.get(m), rate, p.napiNanos());
                if (r < 0) {
                    continue;
                }
                double[] v = {run.lossPercent(), run.achievedPerSecond(), run.cpuNanosPerRecord(), run.cpuPercent(),
                    run.stats().wakeUps(), (double) run.stats().wakeUps() / Math.max(1, run.stats().delivered()),
                    run.stats().polls()};
                for (int k = 0; k < fields; k++) {
                    f[m * fields + k][r] = v[k];
                }
            }
        }
        return f;
    }
}
