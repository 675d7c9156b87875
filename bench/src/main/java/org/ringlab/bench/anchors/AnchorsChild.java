package org.ringlab.bench.anchors;

import org.ringlab.bench.harness.ForkedTask;

/**
 * What the child JVM of a forked anchors run measures: one anchor on one profile, answered as
 * one {@link AnchorSamples} record ({@link org.ringlab.bench.harness.Fork}). A fresh JVM per
 * anchor keeps the call sites the anchors share (the driver's {@link AnchorQueue} calls, spsc's
 * calls into {@code RingMemory}) monomorphic, as they are in an application that uses one queue.
 *
 * @param profile    the {@link AnchorsProfile} id
 * @param anchor     the anchor's name ({@link Anchors})
 * @param twoThreads whether it measures the two-thread figures too ({@link AnchorsProfile#measuresTwoThreads})
 * @param drainOrders its drain comparison's orders, null for an anchor without one ({@link AnchorSamples#measuresDrain})
 */
record AnchorsChild(String profile, String anchor, boolean twoThreads, AnchorSamples.DrainOrders drainOrders)
        implements ForkedTask<AnchorSamples> {

    @Override
    public AnchorSamples measure() {
        return AnchorSamples.measure(anchor, AnchorsProfile.parse(profile), twoThreads, drainOrders);
    }

    @Override
    public Class<AnchorSamples> resultType() {
        return AnchorSamples.class;
    }

    @Override
    public String describe() {
        return "anchor " + anchor;
    }
}
