package org.ringlab.queues.spsc;

import java.util.Map;

import org.ringlab.api.QueueSpec;
import org.ringlab.api.RingMemory;

/**
 * {@code spsc} with variable-length records on a {@link org.ringlab.api.GrowableRingMemory}
 * with a growth policy (the growable mirror): a full ring grows instead of failing the offer,
 * under the {@link GrowHandshake}. Records run on across the seam as on {@link SegmentSpscQueue}.
 */
// Not final only so that the grow-under-the-consumer twin (a same-package subclass in src/test)
// can override consumerLeft. Nothing in production subclasses it.
non-sealed class GrowableSpscQueue extends VariableSegmentSpscQueue {

    private final GrowHandshake handshake;

    GrowableSpscQueue(String disciplineName, RingMemory memory, QueueSpec spec) {
        // Before super, which writes the header: a growth limit refused here leaves the memory untouched.
        GrowHandshake checked = new GrowHandshake(memory, spec.growth());
        super(disciplineName, memory, spec, seamCopies(memory), memory.capacity());
        this.handshake = checked;
    }

    @Override
    final boolean grow(long liveTo, long end) {
        return handshake.grow(this, liveTo, end);
    }

    @Override
    final void enterRing(Consumer c) {
        handshake.enter(c);
    }

    @Override
    final void leaveRing(Consumer c) {
        handshake.leave(c);
    }

    @Override
    final void addCounters(Map<String, Long> c) {
        handshake.addCounters(this, c);
    }
}
