package org.ringlab.conformance.kit;

import java.util.ArrayList;
import java.util.List;

import org.ringlab.api.Capability;
import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.QueueDiscipline;
import org.ringlab.api.QueueSpec;
import org.ringlab.api.SeamPlacement;

/**
 * The combinations the kit runs, generated from the providers it was given (normally a
 * registry), never a hand-written list: every strategy × every {@link #NOMINAL_CAPACITIES
 * capacity} for the memory contract, and every discipline × strategy × record mode × capacity
 * for the queue contract. Unavailable cells stay in the matrix: they run as skipped tests
 * carrying their reason.
 */
public final class Matrix {

    /**
     * A page, three pages (a capacity that is not a power of two: the division path of
     * {@code position mod capacity}), 64 KiB and 1 MiB (the size where scratch sized for small
     * rings runs out), each resolved against a strategy's granularity by {@link Cell#capacity()}.
     */
    public static final List<Long> NOMINAL_CAPACITIES = List.of(4096L, Cell.THREE_PAGES, 64L * 1024, 1L << 20);

    /**
     * The queue cells' capacities: the memory ones but 1 MiB (a queue's records are at most 512
     * bytes, so a larger ring adds laps, not cases; the memory contract covers the 1 MiB ring).
     */
    public static final List<Long> QUEUE_CAPACITIES = List.of(4096L, Cell.THREE_PAGES, 64L * 1024);

    /** The capacity of the costly per-pair checks (threads, contract points, soak). */
    public static final long PAIR_CAPACITY = 64L * 1024;

    private final List<MemoryStrategy> strategies;
    private final List<QueueDiscipline> disciplines;

    public Matrix(List<MemoryStrategy> strategies, List<QueueDiscipline> disciplines) {
        this.strategies = List.copyOf(strategies);
        this.disciplines = List.copyOf(disciplines);
    }

    public List<MemoryStrategy> strategies() {
        return strategies;
    }

    public List<QueueDiscipline> disciplines() {
        return disciplines;
    }

    public List<Cell> memoryCells() {
        List<Cell> cells = new ArrayList<>();
        for (MemoryStrategy s : strategies) {
            for (long capacity : NOMINAL_CAPACITIES) {
                cells.add(Cell.memory(s, capacity));
            }
        }
        return checked("memory", cells, (long) strategies.size() * NOMINAL_CAPACITIES.size());
    }

    public List<Cell> queueCells() {
        List<Cell> cells = new ArrayList<>();
        for (QueueDiscipline d : disciplines) {
            for (MemoryStrategy s : strategies) {
                for (QueueSpec.RecordMode mode : QueueSpec.RecordMode.values()) {
                    for (long capacity : QUEUE_CAPACITIES) {
                        cells.add(new Cell(s, d, mode, capacity));
                        if (Cell.crossesOn(s)) {
                            cells.add(new Cell(s, d, mode, capacity, SeamPlacement.CROSS));
                        }
                    }
                }
            }
        }
        return checked("queue", cells, (long) disciplines.size() * (strategies.size() + crossing(false))
                * QueueSpec.RecordMode.values().length * QUEUE_CAPACITIES.size());
    }

    /** One cell per strategy × discipline ({@link #PAIR_CAPACITY}, variable records): the costly checks. */
    public List<Cell> pairCells() {
        List<Cell> cells = new ArrayList<>();
        for (QueueDiscipline d : disciplines) {
            for (MemoryStrategy s : strategies) {
                cells.add(new Cell(s, d, QueueSpec.RecordMode.VARIABLE, PAIR_CAPACITY));
                if (Cell.crossesOn(s) && s.has(Capability.CONCURRENT_READ)) {
                    cells.add(new Cell(s, d, QueueSpec.RecordMode.VARIABLE, PAIR_CAPACITY, SeamPlacement.CROSS));
                }
            }
        }
        return checked("strategy × discipline", cells, (long) disciplines.size() * (strategies.size() + crossing(true)));
    }

    /**
     * The one-thread checks' cells ({@link QueueContractPoints}): the {@link #pairCells()} and a
     * {@link SeamPlacement#CROSS} cell for every strategy whose claims or windows copy at the seam,
     * the ones without a concurrent reader too (linearize: its crossing window rotates the ring,
     * which one thread may ask for while it holds a claim or a peeked record).
     */
    public List<Cell> pointCells() {
        List<Cell> cells = new ArrayList<>();
        for (QueueDiscipline d : disciplines) {
            for (MemoryStrategy s : strategies) {
                cells.add(new Cell(s, d, QueueSpec.RecordMode.VARIABLE, PAIR_CAPACITY));
                if (Cell.crossesOn(s)) {
                    cells.add(new Cell(s, d, QueueSpec.RecordMode.VARIABLE, PAIR_CAPACITY, SeamPlacement.CROSS));
                }
            }
        }
        return checked("one-thread strategy × discipline", cells, (long) disciplines.size() * (strategies.size() + crossing(false)));
    }

    /**
     * The strategies that get {@link SeamPlacement#CROSS} cells too: those whose claims or
     * windows copy at the seam; for the per-pair cells (two threads) only those that allow a
     * concurrent reader (a crossing window on linearize rotates the ring: one thread only).
     */
    private long crossing(boolean concurrent) {
        return strategies.stream().filter(s -> Cell.crossesOn(s) && (!concurrent || s.has(Capability.CONCURRENT_READ))).count();
    }

    /**
     * Fails when a matrix is empty or smaller than the providers say it must be: a suite that
     * ran nothing must not pass.
     */
    private List<Cell> checked(String what, List<Cell> cells, long expected) {
        if (strategies.isEmpty()) {
            throw new AssertionError("no MemoryStrategy to test: the " + what + " matrix is empty");
        }
        if (!what.equals("memory") && disciplines.isEmpty()) {
            throw new AssertionError("no QueueDiscipline to test: the " + what + " matrix is empty");
        }
        if (cells.size() != expected) {
            throw new AssertionError("the " + what + " matrix has " + cells.size() + " cells, the providers ("
                    + strategies.size() + " strategies, " + disciplines.size() + " disciplines) make " + expected);
        }
        return List.copyOf(cells);
    }
}
