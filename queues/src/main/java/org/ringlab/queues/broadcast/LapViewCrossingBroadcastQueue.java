package org.ringlab.queues.broadcast;

import java.lang.foreign.MemorySegment;

import org.ringlab.api.LapViewMemory;
import org.ringlab.api.QueueSpec;
import org.ringlab.api.SeamPlacement;

/**
 * {@link SeamCrossingBroadcastQueue} on a {@link LapViewMemory} without concurrent reads
 * (linearize): seam placement {@link SeamPlacement#CROSS}, records packed; claims through
 * {@link LapViewClaims} (in place in the lap view, the strategy's staged claim across the seam),
 * windows the strategy's own (a window across the seam rotates the ring, its mechanism), poll
 * through the strategy's {@code read}. One thread only, as the superclass says.
 */
final class LapViewCrossingBroadcastQueue extends SeamCrossingBroadcastQueue {

    private final LapViewClaims claims;

    LapViewCrossingBroadcastQueue(String disciplineName, LapViewMemory memory, QueueSpec spec,
                                  BroadcastOptions options) {
        super(disciplineName, memory, spec, options);
        this.claims = new LapViewClaims(memory);
    }

    @Override
    MemorySegment claimSlot(int slot, long position, int length) {
        return claims.claim(position, length);
    }

    @Override
    void commitSlot(int slot, long position, int length) {
        claims.commit(position, length);
    }
}
