package org.ringlab.conformance.kit;

/**
 * How much work the kit does, from system properties so a long local run needs no code change.
 * The defaults keep the whole suite within the CI budget on 2 cores.
 *
 * @param tries      action chains run per matrix cell ({@value #TRIES}, default {@value #DEFAULT_TRIES})
 * @param cycles     allocate/close cycles per strategy ({@value #CYCLES}, default {@value #DEFAULT_CYCLES})
 * @param soakBytes  bytes pushed through each discipline by the soak, shared among the available
 *                   strategies ({@value #SOAK_BYTES}, default {@value #DEFAULT_SOAK_BYTES}: 10^8 over
 *                   ringlab's five disciplines, what CI affords; {@code 1e9} is the full soak)
 * @param records    records each concurrency cell moves between two threads ({@value #RECORDS},
 *                   default {@value #DEFAULT_RECORDS})
 * @param seed       seed of the first chain of every cell ({@value #SEED}; default: random, printed
 *                   with any failure so it can be replayed)
 * @param shrinkSeconds how long the shrink of a failing chain may take before the best chain
 *                   found so far is reported ({@value #SHRINK_SECONDS}, default {@value #DEFAULT_SHRINK_SECONDS})
 */
public record KitSettings(int tries, int cycles, long soakBytes, long records, long seed, long shrinkSeconds) {

    public static final String TRIES = "ringlab.conformance.tries";
    public static final String CYCLES = "ringlab.conformance.cycles";
    public static final String SOAK_BYTES = "ringlab.conformance.soakBytes";
    public static final String RECORDS = "ringlab.conformance.records";
    public static final String SEED = "ringlab.conformance.seed";
    /** Seconds a failing chain's shrink may take before the best chain so far is reported (default 10). */
    public static final String SHRINK_SECONDS = "ringlab.conformance.shrinkSeconds";

    public static final int DEFAULT_TRIES = 10;
    public static final int DEFAULT_CYCLES = 10_000;
    public static final long DEFAULT_SOAK_BYTES = 20_000_000L;
    public static final long DEFAULT_RECORDS = 20_000;
    public static final long DEFAULT_SHRINK_SECONDS = 10;

    public KitSettings {
        positive(TRIES, tries);
        positive(CYCLES, cycles);
        positive(SOAK_BYTES, soakBytes);
        positive(RECORDS, records);
        positive(SHRINK_SECONDS, shrinkSeconds);
    }

    /** With the default shrink time. */
    public KitSettings(int tries, int cycles, long soakBytes, long records, long seed) {
        this(tries, cycles, soakBytes, records, seed, DEFAULT_SHRINK_SECONDS);
    }

    /** The defaults, overridden by whichever of the system properties are set. */
    public static KitSettings fromSystemProperties() {
        return new KitSettings((int) number(TRIES, DEFAULT_TRIES), (int) number(CYCLES, DEFAULT_CYCLES),
                number(SOAK_BYTES, DEFAULT_SOAK_BYTES), number(RECORDS, DEFAULT_RECORDS),
                number(SEED, new java.util.Random().nextLong()), number(SHRINK_SECONDS, DEFAULT_SHRINK_SECONDS));
    }

    public KitSettings withTries(int n) {
        return new KitSettings(n, cycles, soakBytes, records, seed, shrinkSeconds);
    }

    public KitSettings withCycles(int n) {
        return new KitSettings(tries, n, soakBytes, records, seed, shrinkSeconds);
    }

    public KitSettings withSoakBytes(long n) {
        return new KitSettings(tries, cycles, n, records, seed, shrinkSeconds);
    }

    public KitSettings withRecords(long n) {
        return new KitSettings(tries, cycles, soakBytes, n, seed, shrinkSeconds);
    }

    public KitSettings withSeed(long n) {
        return new KitSettings(tries, cycles, soakBytes, records, n, shrinkSeconds);
    }

    public KitSettings withShrinkSeconds(long n) {
        return new KitSettings(tries, cycles, soakBytes, records, seed, n);
    }

    private static long number(String property, long fallback) {
        String value = System.getProperty(property);
        if (value == null || value.isBlank()) {
            return fallback;
        }
        try {
            // 1e9 is easier to type than 1000000000.
            return value.matches("[0-9.]+[eE][0-9]+") ? (long) Double.parseDouble(value) : Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("-D" + property + "=" + value + " is not a number", e);
        }
    }

    private static void positive(String property, long value) {
        if (value <= 0) {
            throw new IllegalArgumentException(property + " must be positive, got " + value);
        }
    }
}
