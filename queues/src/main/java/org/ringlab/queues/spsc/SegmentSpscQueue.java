package org.ringlab.queues.spsc;

import org.ringlab.api.QueueSpec;
import org.ringlab.api.RingMemory;

/**
 * {@code spsc} with variable-length records on a segment path where a record runs on across
 * the seam, published through its length word ({@link WordSegmentSpscQueue}): in place where
 * the strategy's claims and windows are contiguous there (doubled, the growable mirror without
 * a growth policy), or through the strategy's own staging and gather where they are not and
 * the spec asks for seam placement cross (split, linearize): their seam code then runs at its
 * real cost, and no ring space is skipped.
 */
// Not final only so that the broken twins (same-package subclasses in src/test) can override
// one step each. Nothing in production subclasses it: the JIT binds the steps statically.
non-sealed class SegmentSpscQueue extends WordSegmentSpscQueue {

    SegmentSpscQueue(String disciplineName, RingMemory memory, QueueSpec spec) {
        super(disciplineName, memory, spec, PositionSpscQueue.seamCopies(memory), memory.capacity());
    }
}
