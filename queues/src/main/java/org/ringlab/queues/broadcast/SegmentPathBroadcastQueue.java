package org.ringlab.queues.broadcast;

import java.lang.foreign.MemorySegment;

import org.ringlab.api.Capability;
import org.ringlab.api.QueueSpec;
import org.ringlab.api.RingMemory;
import org.ringlab.api.SeamPlacement;
import org.ringlab.api.SegmentPathMemory;

/**
 * {@code broadcast} on a {@link SegmentPathMemory}: every record goes through the strategy's
 * own {@code write}, {@code claim}/{@code commit} and {@code window} (a doubled ring writes
 * its mirror copy there). A slot never crosses the seam, so no strategy stages, gathers or
 * rotates, and many consumer threads may take windows at once.
 *
 * <p>Seam placement: {@link SeamPlacement#PAD} everywhere. {@link SeamPlacement#CROSS} is
 * accepted where the strategy's claims and windows never copy (doubled: contiguous across the
 * seam, so both placements mean the same, in place) and refused, naming the strategy, where
 * they stage, gather or rotate at the seam (split, linearize): a window straddling the seam
 * there is gathered into the one reader's scratch or rotates the whole ring, which several
 * consumer threads holding records at once cannot share.
 */
// Not final only so that the stress tests' broken twins (same-package subclasses in src/test)
// can override one package-private step each (writeAndPublish, countAndPublish,
// nothingPublishedSince). Nothing in production subclasses it, so the JIT binds those calls
// statically (class hierarchy analysis): no flag and no test switch on the hot path.
non-sealed class SegmentPathBroadcastQueue extends RefCountedBroadcastQueue {

    private final RingMemory memory;

    SegmentPathBroadcastQueue(String disciplineName, SegmentPathMemory memory, QueueSpec spec,
                              BroadcastOptions options) {
        super(disciplineName, memory, spec, options);
        if (spec.seam() == SeamPlacement.CROSS && !(memory.capabilities().contains(Capability.ZERO_COPY_CLAIM)
                && memory.capabilities().contains(Capability.ZERO_COPY_WINDOW))) {
            throw new IllegalArgumentException(disciplineName + " cannot place records across the seam of "
                    + memory.strategyName() + " memory (seam placement cross): its claims and windows copy at the seam"
                    + " (one reader's gather scratch, or a rotation of the whole ring), which several consumer threads"
                    + " holding records at once cannot share; use seam placement pad (a record starts at the next lap)");
        }
        this.memory = memory;
    }

    @Override
    void writeSlot(int slot, long position, MemorySegment record) {
        memory.write(position, record);
    }

    @Override
    MemorySegment claimSlot(int slot, long position, int length) {
        return memory.claim(position, length);
    }

    @Override
    void commitSlot(int slot, long position, int length) {
        memory.commit(position, length);
    }

    @Override
    MemorySegment window(int slot, long position, int length) {
        return memory.window(position, length);
    }
}
