package org.ringlab.queues.broadcast;

/**
 * The one-time slot-count adjustment of a {@link RefCountedBroadcastQueue} (seed 003's
 * "Adjusted buffer ring size"): after {@code afterRecords} records whose largest was
 * {@code largestRecord} bytes, the slot count became {@code memoryCap / max(largestRecord, 32)},
 * clamped to at least 8 and to the {@code physicalSlots} the ring holds.
 *
 * @param afterRecords  K, the records seen before the adjustment
 * @param largestRecord the largest of them, in bytes
 * @param recordBytes   the M used: {@code max(largestRecord, }{@value #MIN_RECORD_BYTES}{@code )}
 * @param memoryCap     C, in bytes
 * @param requested     C / M, before clamping
 * @param physicalSlots how many slots the ring holds (the hard bound)
 * @param before        slots in use before
 * @param after         slots in use from record {@code afterRecords} on
 */
public record SlotAdjustment(long afterRecords, int largestRecord, int recordBytes, long memoryCap, long requested,
                             int physicalSlots, int before, int after) {

    /** Records smaller than this count as this size (seed 003: {@code if (sza < 32) sza = 32}). */
    public static final int MIN_RECORD_BYTES = 32;
    /** The fewest slots an adjustment leaves, unless the ring holds fewer (seed 003: 8). */
    public static final int MIN_SLOTS = 8;

    /** Computes the adjustment; the rule, once. */
    static SlotAdjustment compute(long afterRecords, int largestRecord, long memoryCap, int physicalSlots, int before) {
        int m = Math.max(largestRecord, MIN_RECORD_BYTES);
        long requested = memoryCap / m;
        long after = Math.min(Math.max(requested, MIN_SLOTS), physicalSlots);
        return new SlotAdjustment(afterRecords, largestRecord, m, memoryCap, requested, physicalSlots, before,
                (int) after);
    }

    /** Why the count is what it is, in one line. */
    @Override
    public String toString() {
        String clamp = requested > physicalSlots ? ", clamped to the " + physicalSlots + " slots the ring holds"
                : requested < MIN_SLOTS ? ", raised to the minimum of " + Math.min(MIN_SLOTS, physicalSlots) : "";
        return "Adjusted slot count after " + afterRecords + " records: " + memoryCap + " bytes / " + recordBytes
                + " bytes = " + requested + " slots" + clamp + "; " + before + " -> " + after + " slots in use";
    }
}
