package org.ringlab.queues.broadcast;

import java.lang.foreign.MemorySegment;

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
 * <p>Seam placement: {@link SeamPlacement#PAD}, and {@link SeamPlacement#CROSS} where the
 * strategy's claims and windows never copy (doubled: contiguous across the seam, so both
 * placements mean the same, in place). Cross on memory that stages, gathers or rotates at the
 * seam (split, linearize) is {@link SeamCrossingBroadcastQueue}.
 */
// Not final only so that the cross shape and the stress tests' broken twins (same-package
// subclasses in src/test) can override package-private steps (writeAndPublish, countAndPublish,
// nothingPublishedSince, the placement). The discipline builds one class per queue, so the JIT
// sees one receiver type per call site: no flag and no test switch on the hot path.
non-sealed class SegmentPathBroadcastQueue extends RefCountedBroadcastQueue {

    private final RingMemory memory;

    SegmentPathBroadcastQueue(String disciplineName, SegmentPathMemory memory, QueueSpec spec,
                              BroadcastOptions options) {
        super(disciplineName, memory, spec, options);
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

    /** The strategy's own read: no window segment (split copies the parts, linearize still rotates across the seam). */
    @Override
    void readSlot(int slot, long position, int length, MemorySegment dst) {
        memory.read(position, dst, 0, length);
    }
}
