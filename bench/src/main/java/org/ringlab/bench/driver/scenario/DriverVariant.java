package org.ringlab.bench.driver.scenario;

import java.util.List;

/**
 * One receive path of the whole-driver scenario: which ring, which buffers, which interrupts,
 * how many packets per drain. The scenario builds one class per choice ({@link RxRing} on the
 * named discipline, {@link MallocBuffers} or {@link PoolBuffers}, {@link PerPacketInterrupts} or
 * {@link NapiInterrupts}); no flag is read on a hot path.
 *
 * @param name       short id for labels ({@code before}, {@code after}, {@code spsc only}, …)
 * @param ring       the discipline of the receive ring: {@code locked-list} or {@code spsc}
 * @param buffers    where packet buffers come from
 * @param interrupts how the NIC signals the consumer
 * @param batch      packets per drain (seed 001: 1 before, 32 after)
 */
public record DriverVariant(String name, String ring, Buffers buffers, Interrupts interrupts, int batch) {

    public enum Buffers { MALLOC, POOL }

    public enum Interrupts { PER_PACKET, NAPI }

    public static final String LOCKED = "locked-list";
    public static final String SPSC = "spsc";
    public static final int SEED_BATCH = 32;

    /** Seed 001's "before": locked list, malloc per packet, an interrupt per packet, one at a time. */
    public static final DriverVariant BEFORE = new DriverVariant("before", LOCKED, Buffers.MALLOC,
            Interrupts.PER_PACKET, 1);
    /** Seed 001's "after": spsc ring, buffer pool, NAPI (budget 64), drains of 32. */
    public static final DriverVariant AFTER = new DriverVariant("after", SPSC, Buffers.POOL, Interrupts.NAPI,
            SEED_BATCH);
    public static final DriverVariant SPSC_ONLY = new DriverVariant("spsc only", SPSC, Buffers.MALLOC,
            Interrupts.PER_PACKET, 1);
    public static final DriverVariant POOL_ONLY = new DriverVariant("pool only", LOCKED, Buffers.POOL,
            Interrupts.PER_PACKET, 1);
    public static final DriverVariant NAPI_ONLY = new DriverVariant("napi only", LOCKED, Buffers.MALLOC,
            Interrupts.NAPI, 1);
    public static final DriverVariant BATCH_ONLY = new DriverVariant("batch only", LOCKED, Buffers.MALLOC,
            Interrupts.PER_PACKET, SEED_BATCH);
    /** "after" with an interrupt per packet: the interrupt-cost sweep compares it with {@link #AFTER}. */
    public static final DriverVariant AFTER_PER_PACKET = new DriverVariant("after, interrupt per packet", SPSC,
            Buffers.POOL, Interrupts.PER_PACKET, SEED_BATCH);

    /** Before, each change alone, after: the scenario's default set, in the order tables show them. */
    public static final List<DriverVariant> STANDARD = List.of(BEFORE, SPSC_ONLY, POOL_ONLY, NAPI_ONLY, BATCH_ONLY,
            AFTER);

    public DriverVariant {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("a driver variant needs a name");
        }
        if (!LOCKED.equals(ring) && !SPSC.equals(ring)) {
            throw new IllegalArgumentException("ring discipline '" + ring + "': allowed " + LOCKED + " or " + SPSC);
        }
        java.util.Objects.requireNonNull(buffers, "buffers");
        java.util.Objects.requireNonNull(interrupts, "interrupts");
        if (batch < 1) {
            throw new IllegalArgumentException("batch must be positive, got " + batch);
        }
    }

    /** A standard variant by name ({@code before}, {@code spsc-only}, …; spaces or dashes), else an error naming the known ones. */
    public static DriverVariant named(String name) {
        String wanted = name.trim().replace('-', ' ');
        for (DriverVariant v : STANDARD) {
            if (v.name().equals(wanted)) {
                return v;
            }
        }
        if (AFTER_PER_PACKET.name().equals(wanted)) {
            return AFTER_PER_PACKET;
        }
        throw new IllegalArgumentException("unknown driver variant '" + name + "'; known: "
                + STANDARD.stream().map(v -> v.name().replace(' ', '-')).toList());
    }

    /** {@code locked-list + malloc per packet + interrupt per packet + drain(1)}. */
    public String describe() {
        return ring + " + " + (buffers == Buffers.MALLOC ? "malloc per packet" : "buffer pool") + " + "
                + (interrupts == Interrupts.PER_PACKET ? "interrupt per packet" : "NAPI") + " + drain(" + batch + ")";
    }
}
