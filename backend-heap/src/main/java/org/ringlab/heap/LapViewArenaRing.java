package org.ringlab.heap;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Set;

import org.ringlab.api.Capability;
import org.ringlab.api.LapViewMemory;
import org.ringlab.api.RingChecks;

/**
 * A heap ring whose one lap is its {@link #memory} segment, read and written in place for any
 * range that does not cross the seam ({@link LapViewMemory}): split and linearize. A queue keeps
 * segments of the lap (broadcast's slots) instead of a claim or window per record. The lap view
 * is a view of the front arena ({@link DeferredFreeArena}), so it and its slices throw after
 * close like every segment the ring hands out.
 */
abstract class LapViewArenaRing extends ArenaRingMemory implements LapViewMemory {

    LapViewArenaRing(String strategyName, long capacity, Set<Capability> capabilities) {
        super(strategyName, capacity, capacity, capabilities);
    }

    LapViewArenaRing(String strategyName, long capacity, Set<Capability> capabilities, Arena arena) {
        super(strategyName, capacity, capacity, capabilities, arena);
    }

    /** The ring's bytes, {@code capacity} of them: the same segment every lap. */
    @Override
    public final MemorySegment lapView() {
        ensureOpen();
        return memory;
    }

    /** {@code position}'s offset in the lap view: {@link #physical}, which a rotating ring moves. */
    @Override
    public final long lapOffset(long position) {
        ensureOpen();
        RingChecks.checkPosition(position, 0);
        return physical(position);
    }
}
