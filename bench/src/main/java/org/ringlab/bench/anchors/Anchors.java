package org.ringlab.bench.anchors;

import java.util.List;

import org.ringlab.api.Availability;
import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.QueueDiscipline;
import org.ringlab.api.Registries;
import org.ringlab.api.SeamPlacement;

/**
 * Opens an {@link AnchorQueue} by name: the three third-party anchors, or
 * {@code spsc@STRATEGY} for ringlab's {@code spsc} discipline on a memory strategy resolved
 * through {@link Registries}. Every queue gets the same ring size in bytes; the slot-based
 * anchors (JCTools, Disruptor) get {@code capacity / recordSize} slots rounded down to a power of two.
 */
public final class Anchors {

    /** The spsc discipline every {@code spsc@…} anchor runs. */
    public static final String SPSC = "spsc";

    /** The third-party anchors, in table order. */
    public static final List<String> THIRD_PARTY = List.of(AgronaOneToOneAnchor.NAME, JctoolsSpscArrayAnchor.NAME,
            DisruptorAnchor.NAME);

    /** The baseline of ringlab's goal: spsc with 64-byte records at least 1.5× its throughput. */
    public static final String AGRONA = AgronaOneToOneAnchor.NAME;

    private Anchors() {
    }

    /** {@code spsc@STRATEGY}: records that would cross the seam padded to the next lap (the default). */
    public static String spscOn(String strategy) {
        return RinglabSpscAnchor.PREFIX + strategy;
    }

    /** {@code spsc@STRATEGY} for {@link SeamPlacement#PAD}, {@code spsc@STRATEGY/cross} for {@link SeamPlacement#CROSS}. */
    public static String spscOn(String strategy, SeamPlacement seam) {
        return spscOn(strategy) + (seam == SeamPlacement.PAD ? "" : SEAM_SEPARATOR + seam.label());
    }

    private static final String SEAM_SEPARATOR = "/";

    /** The strategy of an {@code spsc@…} name (without its seam placement), or null for a third-party anchor. */
    public static String strategyOf(String anchor) {
        if (!anchor.startsWith(RinglabSpscAnchor.PREFIX)) {
            return null;
        }
        String rest = anchor.substring(RinglabSpscAnchor.PREFIX.length());
        int slash = rest.indexOf(SEAM_SEPARATOR);
        return slash < 0 ? rest : rest.substring(0, slash);
    }

    /** The seam placement of an {@code spsc@…} name: {@code pad} unless it ends in {@code /cross}. */
    public static SeamPlacement seamOf(String anchor) {
        String strategy = strategyOf(anchor);
        if (strategy == null) {
            throw new IllegalArgumentException(anchor + " is not an spsc anchor");
        }
        String rest = anchor.substring(RinglabSpscAnchor.PREFIX.length() + strategy.length());
        return rest.isEmpty() ? SeamPlacement.PAD : SeamPlacement.parse(rest.substring(SEAM_SEPARATOR.length()));
    }

    /**
     * Anchors measured on one thread only: spsc with records crossing the seam, where a
     * linearizing reader rotates the ring (it writes), so a producer and a consumer thread may
     * not share it ({@link SeamPlacement#CROSS}).
     */
    public static boolean oneThreadOnly(String anchor) {
        return strategyOf(anchor) != null && seamOf(anchor) == SeamPlacement.CROSS;
    }

    /**
     * Whether {@code anchor} is spsc on a fixed mirror other than {@code mirrored}'s (spsc on the
     * default one, or null): the same spsc code over another mapping of the same memory shape
     * ({@link org.ringlab.bench.util.FixedMirrors#repeats}).
     */
    static boolean onAnotherFixedMirror(String anchor, String mirrored) {
        String strategy = strategyOf(anchor);
        String chosen = mirrored == null ? null : strategyOf(mirrored);
        return strategy != null && Registries.memoryStrategies().find(strategy)
                .map(s -> org.ringlab.bench.util.FixedMirrors.repeats(s, chosen)).orElse(false);
    }

    /**
     * Whether records can cross {@code strategy}'s seam only through its staging and gather
     * (its windows are not views of the ring), so that {@code pad} and {@code cross} differ.
     */
    public static boolean seamCopies(MemoryStrategy strategy) {
        return !strategy.has(org.ringlab.api.Capability.ZERO_COPY_WINDOW);
    }

    /**
     * Whether {@code spsc} can run on {@code strategy} here, and why not: the strategy's own
     * availability, then the discipline's, then the ring size against the strategy's granularity.
     */
    public static Availability spscAvailability(MemoryStrategy strategy, long capacity) {
        if (!strategy.availability().isAvailable()) {
            return strategy.availability();
        }
        QueueDiscipline spsc = Registries.disciplines().require(SPSC);
        Availability supported = spsc.supports(strategy);
        if (!supported.isAvailable()) {
            return supported;
        }
        long granularity = strategy.granularity();
        if (capacity % granularity != 0) {
            return Availability.unavailable("a ring of " + capacity + " bytes is not a multiple of " + strategy.name()
                    + "'s granularity " + granularity);
        }
        return Availability.available();
    }

    /**
     * Opens {@code name} for records of {@code recordSize} bytes in a ring of {@code capacity}
     * bytes (a power of two): {@link #resolve} then {@link Resolved#open}.
     */
    public static AnchorQueue open(String name, int recordSize, int capacity) {
        return resolve(name).open(recordSize, capacity);
    }

    /**
     * The anchor {@code name} with its strategy and discipline looked up once, to open as many
     * queues as a child measures. {@link IllegalArgumentException} naming the known anchors for
     * an unknown name.
     */
    public static Resolved resolve(String name) {
        String strategy = strategyOf(name);
        if (strategy != null) {
            MemoryStrategy memory = Registries.memoryStrategies().find(strategy).orElseThrow(() ->
                    new IllegalArgumentException("no anchor named '" + name + "': no memory strategy '" + strategy
                            + "'; known: " + Registries.memoryStrategies().names()));
            return new Resolved(name, memory, Registries.disciplines().require(SPSC));
        }
        if (!THIRD_PARTY.contains(name)) {
            throw new IllegalArgumentException("no anchor named '" + name + "'; known: " + THIRD_PARTY + " and "
                    + RinglabSpscAnchor.PREFIX + "STRATEGY for a memory strategy of "
                    + Registries.memoryStrategies().names());
        }
        return new Resolved(name, null, null);
    }

    /**
     * An anchor by name, its spsc strategy and discipline resolved (null for a third-party anchor).
     */
    public record Resolved(String name, MemoryStrategy memory, QueueDiscipline spsc) {

        /**
         * A fresh queue for records of {@code recordSize} bytes in a ring of {@code capacity}
         * bytes (a power of two); {@link org.ringlab.api.UnavailableException} for an unavailable strategy.
         */
        public AnchorQueue open(int recordSize, int capacity) {
            if (recordSize < Long.BYTES) {
                throw new IllegalArgumentException("anchor records carry an 8-byte sequence number, so at least 8 "
                        + "bytes; got " + recordSize);
            }
            if (Integer.bitCount(capacity) != 1 || capacity < 2 * recordSize) {
                throw new IllegalArgumentException("anchor ring capacity must be a power of two of at least two "
                        + "records (" + 2 * recordSize + " bytes), got " + capacity);
            }
            int slots = Integer.highestOneBit(capacity / recordSize);
            if (memory != null) {
                return new RinglabSpscAnchor(spsc, memory, seamOf(name), recordSize, capacity, name);
            }
            return switch (name) {
                case AgronaOneToOneAnchor.NAME -> new AgronaOneToOneAnchor(recordSize, capacity);
                case JctoolsSpscArrayAnchor.NAME -> new JctoolsSpscArrayAnchor(recordSize, slots);
                default -> new DisruptorAnchor(recordSize, slots);
            };
        }
    }
}
