package org.ringlab.queues.broadcast;

import java.lang.foreign.MemorySegment;

import org.ringlab.api.LapViewMemory;

/**
 * The producer's claims of packed records (seam placement cross) on a {@link LapViewMemory}
 * whose windows never move bytes (split; not linearize, whose rotation would move a slice it did
 * not hand out from under its caller): a claim that does not cross the seam is written in
 * place, a slice of the lap view (nothing to stage, nothing to commit: the lap view's bytes are
 * the ring's); one that crosses is the strategy's own claim (staged in its scratch) and its
 * commit copies it in, in two parts, counted as staging bytes: the strategy's mechanism where it
 * lives. Both are cut at
 * one slice site, of the lap view or of the strategy's staged claim, so that escape analysis
 * removes the slice the caller does not keep (records change offset every lap: no segment can
 * be kept per slot); only the strategy's staged claim, once a lap, is a segment of its own.
 * Used by the producer thread only.
 */
final class LapViewClaims {

    private final LapViewMemory memory;
    private final MemorySegment lap;
    private final long capacity;
    /** Whether the outstanding claim is the strategy's (staged): its commit then goes through the strategy. */
    private boolean staged;

    LapViewClaims(LapViewMemory memory) {
        this.memory = memory;
        this.lap = memory.lapView();
        this.capacity = memory.capacity();
    }

    /** A writable segment of {@code length} bytes for position {@code position}. */
    MemorySegment claim(long position, int length) {
        long at = memory.lapOffset(position);
        MemorySegment base = lap;
        boolean crosses = at + length > capacity;
        if (crosses) {
            base = memory.claim(position, length); // staged in the strategy's scratch
            at = 0;
        }
        staged = crosses;
        return base.asSlice(at, length);
    }

    /** Makes the first {@code length} bytes of the claim at {@code position} part of the ring. */
    void commit(long position, int length) {
        if (staged) {
            staged = false;
            memory.commit(position, length); // the staged bytes copied in at the seam, counted
        }
    }
}
