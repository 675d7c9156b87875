package org.ringlab.heap;

import java.util.EnumSet;
import java.util.Objects;
import java.util.Set;

import org.ringlab.api.Availability;
import org.ringlab.api.GrowableBuffer;
import org.ringlab.api.GrowthPolicy;
import org.ringlab.api.GrowthStrategy;
import org.ringlab.api.GrowthTrait;

/**
 * {@code copy-doubling-heap}: a Java {@code byte[]} grown by allocate-new, copy, drop (seed
 * 002's first program). The JVM zeroes each new array, touching every page: the ≈3× peak of
 * the seed when the old array, the new one and uncollected garbage are resident together.
 * Pure Java, always available; capacities up to the largest array the JVM allows.
 */
public final class CopyDoublingHeapGrowth implements GrowthStrategy {

    /** The largest {@code byte[]} HotSpot reliably allocates ({@code ArraysSupport.SOFT_MAX_ARRAY_LENGTH}). */
    public static final long MAX_CAPACITY = Integer.MAX_VALUE - 8;

    private static final String NAME = "copy-doubling-heap";
    private static final Set<GrowthTrait> TRAITS = Set.copyOf(EnumSet.of(GrowthTrait.ZEROES_NEW_CAPACITY));

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "Java byte[] grown by new zeroed array, copy, drop";
    }

    @Override
    public Availability availability() {
        return Availability.available();
    }

    @Override
    public Set<GrowthTrait> traits() {
        return TRAITS;
    }

    @Override
    public GrowableBuffer allocate(long initialCapacity, GrowthPolicy policy) {
        Objects.requireNonNull(policy, "policy");
        if (policy.maxCapacity() > MAX_CAPACITY) {
            throw new IllegalArgumentException(NAME + ": maximum capacity " + policy.maxCapacity()
                    + " is more than a Java array can hold (" + MAX_CAPACITY + ")");
        }
        return new HeapArrayBuffer(NAME, initialCapacity, policy);
    }

    @Override
    public String toString() {
        return NAME;
    }
}
