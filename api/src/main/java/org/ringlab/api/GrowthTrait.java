package org.ringlab.api;

/** What a {@link GrowthStrategy} promises about its buffers; the tests check each promise. */
public enum GrowthTrait {
    /**
     * Off-heap memory, freed on close. After the memory moves (or, for strategies that cannot
     * tell in advance whether it will, after any growth), a segment from an earlier
     * {@link GrowableBuffer#contents()} throws {@link IllegalStateException}: never a read of
     * freed memory. Without this trait (Java arrays) a stale segment keeps the old array alive
     * and keeps showing the bytes it showed.
     */
    NATIVE,
    /** The address never changes: segments taken before a growth stay valid until close. */
    NEVER_MOVES,
    /** Growth copies no byte (pages are remapped or made accessible): bytes copied is always 0. */
    NO_COPY,
    /**
     * New capacity is zeroed when it is allocated, which touches every page: resident memory
     * follows the capacity, not the size (seed 002's ≈3× peak of a Java array).
     */
    ZEROES_NEW_CAPACITY
}
