package org.ringlab.bench.growth;

import java.util.List;

import org.ringlab.bench.util.Sizes;
import org.ringlab.growth.GrowthWorkload;

/**
 * One workload of the growth evaluation, for the strategies it concerns: seed 002's two test
 * conditions (the copy-doubling example and the realloc program) and, in the full profile, a
 * power-of-two size for ringlab's own speed goal.
 *
 * @param kind       which of the evaluation's workloads
 * @param workload   what each repetition grows
 * @param strategies the strategies it runs (empty: every chosen one)
 * @param trace      whether VmRSS is read after every append (the seed's program prints it)
 */
public record GrowthCase(Kind kind, GrowthWorkload workload, List<String> strategies, boolean trace) {

    /** The evaluation's workloads. */
    public enum Kind {
        /** Seed 002's copy-doubling example: 128 MB of data in a full array, one byte appended, doubling uncapped. */
        SEED_COPY("seed 002's copy example"),
        /** Seed 002's realloc program: 1 MB, then realloc to 2 … 69 MB, one megabyte a step. */
        SEED_REALLOC("seed 002's realloc program"),
        /** Exactly a power of two (copying's best case), for ringlab's growth-speed goal. */
        POWER_OF_TWO("a power of two"),
        /** A workload given on the command line. */
        CUSTOM("as given");

        final String description;

        Kind(String description) {
            this.description = description;
        }
    }

    public GrowthCase {
        strategies = List.copyOf(strategies);
    }

    /** The copy example at {@code dataBytes} + 1 byte: 1 MiB appends, then the byte that makes doubling allocate twice. */
    static GrowthCase seedCopy(long dataBytes) {
        return new GrowthCase(Kind.SEED_COPY, new GrowthWorkload(dataBytes + 1, GrowthProfile.CHUNK_BYTES,
                GrowthProfile.CHUNK_BYTES, 2).uncapped(), List.of(), true);
    }

    /** The realloc program up to {@code finalBytes}: 1 MiB first, 1 MiB appends, each realloc to exactly the size. */
    static GrowthCase seedRealloc(long finalBytes) {
        return new GrowthCase(Kind.SEED_REALLOC, new GrowthWorkload(finalBytes, GrowthProfile.CHUNK_BYTES,
                GrowthProfile.CHUNK_BYTES, 1), List.of("realloc"), true);
    }

    static GrowthCase powerOfTwo(long targetBytes) {
        return new GrowthCase(Kind.POWER_OF_TWO, GrowthWorkload.doubling(targetBytes, GrowthProfile.CHUNK_BYTES),
                List.of(), false);
    }

    public static GrowthCase custom(GrowthWorkload w) {
        return new GrowthCase(Kind.CUSTOM, w, List.of(), false);
    }

    boolean runs(String strategy) {
        return strategies.isEmpty() || strategies.contains(strategy);
    }

    /** {@code "128MiB + 1B (seed 002's copy example)"}. */
    public String label() {
        return size(workload.targetBytes()) + " (" + kind.description + ")";
    }

    /** {@code "final 128MiB + 1B"}: short enough for a chart's one-line title. */
    public String shortLabel() {
        return "final " + size(workload.targetBytes());
    }

    /** A size as MiB plus the odd bytes: {@code 128MiB + 1B}. */
    static String size(long bytes) {
        long rest = bytes % Sizes.MIB;
        return rest == 0 || bytes < Sizes.MIB ? Sizes.format(bytes) : Sizes.format(bytes - rest) + " + " + Sizes.format(rest);
    }
}
