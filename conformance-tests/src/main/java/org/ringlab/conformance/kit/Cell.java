package org.ringlab.conformance.kit;

import java.util.Optional;

import org.junit.jupiter.api.Assumptions;
import org.ringlab.api.Availability;
import org.ringlab.api.Capability;
import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.QueueDiscipline;
import org.ringlab.api.QueueSpec;
import org.ringlab.api.RingMemory;
import org.ringlab.api.RingSpec;
import org.ringlab.api.SeamPlacement;
import org.ringlab.api.UnavailableException;

/**
 * One combination of the matrix: a strategy, a nominal capacity and, for queue cells, a
 * discipline and a record mode. The capacity is resolved against the strategy's granularity
 * only when the cell runs, because an unavailable strategy may not know its granularity.
 *
 * @param discipline null for a memory-only cell
 * @param mode       null for a memory-only cell
 * @param seam       where the queue puts a record that would cross the seam ({@link SeamPlacement#CROSS}
 *                   cells exist only on strategies whose claims or windows copy there: see {@link #crossesOn})
 */
public record Cell(MemoryStrategy strategy, QueueDiscipline discipline, QueueSpec.RecordMode mode, long nominalCapacity,
                   SeamPlacement seam) {

    public Cell {
        if (seam == null) {
            throw new IllegalArgumentException("seam placement is required (pad or cross)");
        }
    }

    /** A cell with the default seam placement, {@link SeamPlacement#PAD}. */
    public Cell(MemoryStrategy strategy, QueueDiscipline discipline, QueueSpec.RecordMode mode, long nominalCapacity) {
        this(strategy, discipline, mode, nominalCapacity, SeamPlacement.PAD);
    }

    /**
     * Whether {@code cross} differs from {@code pad} on {@code strategy}: its claims or windows
     * copy at the seam (split, linearize), so a record straddling the seam runs its staging and
     * gathering. On mirrored and doubled memory both placements are the same.
     */
    public static boolean crossesOn(MemoryStrategy strategy) {
        return !(strategy.has(Capability.ZERO_COPY_CLAIM) && strategy.has(Capability.ZERO_COPY_WINDOW));
    }

    /** This cell with records placed {@code placement} at the seam. */
    public Cell withSeam(SeamPlacement placement) {
        return new Cell(strategy, discipline, mode, nominalCapacity, placement);
    }

    /** A memory-only cell. */
    public static Cell memory(MemoryStrategy strategy, long nominalCapacity) {
        return new Cell(strategy, null, null, nominalCapacity);
    }

    /** The nominal capacity that stands for "three granules": never a power of two. */
    public static final long THREE_PAGES = 3 * 4096;

    /**
     * The capacity this cell allocates: the nominal one rounded up to the granularity, except
     * {@link #THREE_PAGES}, which is three granules (at least three pages) so that it stays a
     * non-power-of-two multiple of the granularity on every strategy; on a byte-granular
     * strategy it is 8 bytes less still, not even a multiple of the page.
     */
    public long capacity() {
        long g = strategy.granularity();
        if (nominalCapacity == THREE_PAGES) {
            return g == 1 ? THREE_PAGES - 8 : 3 * Math.max(g, Math.ceilDiv(4096, g) * g);
        }
        return Math.max(g, Math.ceilDiv(nominalCapacity, g) * g);
    }

    /**
     * The largest record the kit offers: an eighth of the ring, at most 512 bytes, so that every
     * discipline (padded spsc takes up to half the ring per frame) accepts the spec.
     */
    public int recordSize() {
        return (int) Math.min(512, capacity() / 8);
    }

    public QueueSpec spec() {
        return (mode == QueueSpec.RecordMode.FIXED ? QueueSpec.fixed(recordSize()) : QueueSpec.variable(recordSize()))
                .withSeam(seam);
    }

    /** This cell with records of {@code newMode}. */
    public Cell withMode(QueueSpec.RecordMode newMode) {
        return new Cell(strategy, discipline, newMode, nominalCapacity, seam);
    }

    /** Why this cell cannot run here (strategy, discipline, or the pair), if it cannot. */
    public Optional<String> unavailableReason() {
        Availability s = strategy.availability();
        if (!s.isAvailable()) {
            return Optional.of(strategy.name() + " is unavailable: " + s.reason());
        }
        if (discipline != null) {
            Availability d = discipline.availability();
            if (!d.isAvailable()) {
                return Optional.of(discipline.name() + " is unavailable: " + d.reason());
            }
            Availability pair = discipline.supports(strategy);
            if (!pair.isAvailable()) {
                return Optional.of(discipline.name() + " does not run on " + strategy.name() + ": " + pair.reason());
            }
        }
        return Optional.empty();
    }

    /**
     * Why this cell cannot run here, as {@link #unavailableReason}, or because its discipline
     * refuses {@link SeamPlacement#CROSS} on this memory with the {@link #consumers()} the kit
     * builds it with; a discipline that accepts the placement runs. A discipline may refuse it (say,
     * consumers that cannot share one reader's gather scratch or a rotation of the ring; broadcast
     * accepts it on split and linearize), but only as {@code create} refusing the spec with an
     * {@link IllegalArgumentException} that names the strategy and the placement; a refusal that
     * does not is an {@link AssertionError}. Allocates one ring to ask.
     */
    public Optional<String> runnableReason() {
        Optional<String> unavailable = unavailableReason();
        if (unavailable.isPresent() || discipline == null || seam != SeamPlacement.CROSS) {
            return unavailable;
        }
        QueueSpec probe = spec().withConsumers(consumers());
        try (RingMemory memory = strategy.allocate(RingSpec.ofCapacity(capacity()))) {
            discipline.create(memory, probe).close();
            return Optional.empty();
        } catch (IllegalArgumentException refused) {
            String message = String.valueOf(refused.getMessage());
            if (!message.contains(strategy.name()) || !message.contains("cross")) {
                throw new AssertionError(displayName() + ": " + discipline.name() + " refused seam placement cross"
                        + " without naming the strategy (" + strategy.name() + ") and the placement: " + message, refused);
            }
            return Optional.of(discipline.name() + " refuses seam placement cross on " + strategy.name() + ": " + message);
        }
    }

    /**
     * How many consumers the kit builds this cell's queue with: {@link QueueContractPoints#CONSUMERS}
     * when the discipline takes that many, else 1 (it refuses more with
     * {@link IllegalArgumentException}). Asked with records padded at the seam, so that a
     * discipline refusing {@code cross} is never mistaken for a single-consumer one: on a
     * {@code cross} cell it must then take the placement with that many consumers, or the cell is
     * skipped with its refusal ({@link #runnableReason}). Allocates one ring to ask.
     */
    public int consumers() {
        try (RingMemory memory = strategy.allocate(RingSpec.ofCapacity(capacity()))) {
            try {
                discipline.create(memory, spec().withSeam(SeamPlacement.PAD).withConsumers(QueueContractPoints.CONSUMERS)).close();
                return QueueContractPoints.CONSUMERS;
            } catch (IllegalArgumentException single) {
                return 1;
            }
        }
    }

    /** Aborts the running test (JUnit reports it skipped, with the reason) when the cell cannot run. */
    public void assumeAvailable() {
        Optional<String> reason = runnableReason();
        Assumptions.assumeTrue(reason.isEmpty(), () -> "skipped: " + reason.orElse(""));
    }

    /** {@code spsc × mirrored-memfd × variable × 64 KiB}. */
    public String displayName() {
        StringBuilder name = new StringBuilder();
        if (discipline != null) {
            name.append(discipline.name()).append(" × ");
        }
        name.append(strategy.name());
        if (mode != null) {
            name.append(" × ").append(mode.name().toLowerCase(java.util.Locale.ROOT));
        }
        name.append(" × ").append(size());
        return (seam == SeamPlacement.CROSS ? name.append(" × cross") : name).toString();
    }

    private String size() {
        long bytes;
        try {
            bytes = unavailableReason().isEmpty() ? capacity() : nominalCapacity;
        } catch (UnavailableException e) {
            bytes = nominalCapacity;
        }
        return bytes % 1024 == 0 ? bytes / 1024 + " KiB" : bytes + " B";
    }

    @Override
    public String toString() {
        return displayName();
    }
}
