package org.ringlab.api;

/**
 * The shape of the records a queue carries.
 *
 * @param mode       fixed-size elements or variable-length records
 * @param recordSize the size of every element ({@link RecordMode#FIXED}) or the largest record
 *                   ({@link RecordMode#VARIABLE}), in bytes
 * @param consumers  number of consumers (1 for point-to-point disciplines)
 * @param growth     how the queue grows a {@link GrowableRingMemory} it finds full; {@code null}
 *                   (the default): never, a full ring fails the offer. A discipline that cannot grow
 *                   its ring, or a ring that cannot grow, refuses a spec that asks for growth
 * @param seam       where a record that would cross the ring's seam goes on memory whose claims
 *                   and windows are not contiguous there: {@link SeamPlacement#PAD} (the default:
 *                   it starts at the next lap) or {@link SeamPlacement#CROSS} (it straddles the
 *                   seam through the strategy's staging and gather); on a mirror view both mean the
 *                   same. Required: {@code null} is refused
 */
public record QueueSpec(RecordMode mode, int recordSize, int consumers, GrowthPolicy growth, SeamPlacement seam) {

    public QueueSpec {
        if (mode == null) {
            throw new IllegalArgumentException("record mode is required (FIXED or VARIABLE)");
        }
        if (recordSize <= 0) {
            throw new IllegalArgumentException("record size must be positive, got " + recordSize);
        }
        if (consumers <= 0) {
            throw new IllegalArgumentException("consumers must be positive, got " + consumers);
        }
        if (seam == null) {
            throw new IllegalArgumentException("seam placement is required (pad or cross); pad is the default");
        }
    }

    /** A spec with the default seam placement, {@link SeamPlacement#PAD}. */
    public QueueSpec(RecordMode mode, int recordSize, int consumers, GrowthPolicy growth) {
        this(mode, recordSize, consumers, growth, SeamPlacement.PAD);
    }

    /** A spec without growth, seam placement {@link SeamPlacement#PAD}. */
    public QueueSpec(RecordMode mode, int recordSize, int consumers) {
        this(mode, recordSize, consumers, null);
    }

    public static QueueSpec fixed(int recordSize) {
        return new QueueSpec(RecordMode.FIXED, recordSize, 1);
    }

    public static QueueSpec variable(int maxRecordSize) {
        return new QueueSpec(RecordMode.VARIABLE, maxRecordSize, 1);
    }

    public QueueSpec withConsumers(int n) {
        return new QueueSpec(mode, recordSize, n, growth, seam);
    }

    /** This spec, growing a full ring by {@code policy} (the ring must be a {@link GrowableRingMemory}). */
    public QueueSpec withGrowth(GrowthPolicy policy) {
        if (policy == null) {
            throw new IllegalArgumentException("growth policy is required; use a spec without growth instead of null");
        }
        return new QueueSpec(mode, recordSize, consumers, policy, seam);
    }

    /** This spec, doubling a full ring up to {@code maxCapacity} bytes ({@link GrowthPolicy#doubling}). */
    public QueueSpec growingUpTo(long maxCapacity) {
        return withGrowth(GrowthPolicy.doubling(maxCapacity));
    }

    /** This spec with seam placement {@code placement} (see {@link SeamPlacement}). */
    public QueueSpec withSeam(SeamPlacement placement) {
        if (placement == null) {
            throw new IllegalArgumentException("seam placement is required (pad or cross); pad is the default");
        }
        return new QueueSpec(mode, recordSize, consumers, growth, placement);
    }

    /** This spec with the seam placement named {@code label}: {@code pad} or {@code cross}. */
    public QueueSpec withSeam(String label) {
        return withSeam(SeamPlacement.parse(label));
    }

    /** The growth policy, empty when a full ring fails the offer. */
    public java.util.Optional<GrowthPolicy> growthOption() {
        return java.util.Optional.ofNullable(growth);
    }

    /**
     * For disciplines that never grow their ring: refuses a spec that asks for growth rather
     * than ignoring it; the message names the discipline and the policy.
     */
    public void requireNoGrowth(String discipline) {
        if (growth != null) {
            throw new IllegalArgumentException(discipline + " does not grow its ring; the spec asks for growth " + growth);
        }
    }

    /** Checks a record length against this spec; the message names the length and the limit. */
    public void checkRecordLength(long length) {
        if (mode == RecordMode.FIXED ? length != recordSize : length < 0 || length > recordSize) {
            throw new IllegalArgumentException("record of " + length + " bytes: " + (mode == RecordMode.FIXED
                    ? "fixed-size records have exactly " + recordSize : "records may have 0.." + recordSize) + " bytes");
        }
    }

    public enum RecordMode { FIXED, VARIABLE }
}
