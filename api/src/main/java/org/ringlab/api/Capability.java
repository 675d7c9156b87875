package org.ringlab.api;

/** What a {@link MemoryStrategy}'s memory can do beyond the {@link RingMemory} contract. */
public enum Capability {
    /** {@code window} never copies: every window is a view of the ring's own bytes. */
    ZERO_COPY_WINDOW,
    /** {@code claim} never stages through scratch memory: the producer writes in place. */
    ZERO_COPY_CLAIM,
    /** The same physical pages are mapped twice, back to back (the "magic" ring). */
    MIRRORED,
    /**
     * One reader thread may call {@code window} while one writer thread claims and commits
     * (the window must not cover bytes the writer is changing). Strategies that move the
     * whole ring on a read (linearize) lack this.
     */
    CONCURRENT_READ,
    /** Off-heap memory; a segment of it can be handed to native code. */
    NATIVE,
    /** Another process can map the same memory (by file path or descriptor). */
    SHARED_BETWEEN_PROCESSES,
    /** The bytes outlive the process (a named file). */
    PERSISTENT,
    /** Capacity can grow while the ring holds data: {@code allocate} returns a {@link GrowableRingMemory}. */
    GROWABLE
}
