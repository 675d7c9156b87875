package org.ringlab.queues.spsc;

import java.util.Map;

import org.ringlab.api.QueueSpec;
import org.ringlab.api.RingMemory;

/**
 * {@code spsc} with fixed-size records on a {@link org.ringlab.api.GrowableRingMemory} with a
 * growth policy: a full ring grows instead of failing the offer, under the {@link GrowHandshake}.
 */
final class FixedGrowableSpscQueue extends FixedSlotsSpscQueue {

    private final GrowHandshake handshake;

    FixedGrowableSpscQueue(String disciplineName, RingMemory memory, QueueSpec spec) {
        // Before super, which writes the header: a growth limit refused here leaves the memory untouched.
        GrowHandshake checked = new GrowHandshake(memory, spec.growth());
        super(disciplineName, memory, spec, seamCopies(memory), memory.capacity());
        this.handshake = checked;
    }

    @Override
    boolean grow(long liveTo, long end) {
        return handshake.grow(this, liveTo, end);
    }

    @Override
    void enterRing(Consumer c) {
        handshake.enter(c);
    }

    @Override
    void leaveRing(Consumer c) {
        handshake.leave(c);
    }

    @Override
    void addCounters(Map<String, Long> c) {
        handshake.addCounters(this, c);
    }
}
