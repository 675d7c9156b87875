package org.ringlab.conformance.kit;

import java.lang.foreign.MemorySegment;
import java.util.Objects;
import java.util.Set;

import org.ringlab.api.AbstractGrowableBuffer;
import org.ringlab.api.Availability;
import org.ringlab.api.GrowableBuffer;
import org.ringlab.api.GrowthPolicy;
import org.ringlab.api.GrowthStrategy;
import org.ringlab.api.GrowthTrait;

/**
 * A third party's growth strategy (a Java array grown by copy) with one realistic bug: the
 * copy at a growth forgets the last live byte. {@code broken = false} is the correct twin.
 */
record BrokenGrowth(boolean broken) implements GrowthStrategy {

    @Override
    public String name() {
        return broken ? "broken-growth-drops-a-byte" : "growth-twin";
    }

    @Override
    public String description() {
        return "byte[] grown by copy" + (broken ? ", the last live byte forgotten" : "");
    }

    @Override
    public Availability availability() {
        return Availability.available();
    }

    @Override
    public Set<GrowthTrait> traits() {
        return Set.of();
    }

    @Override
    public GrowableBuffer allocate(long initialCapacity, GrowthPolicy policy) {
        Objects.requireNonNull(policy, "policy");
        if (policy.maxCapacity() > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException(name() + ": maximum capacity " + policy.maxCapacity() + " is too large");
        }
        return new AbstractGrowableBuffer(name(), initialCapacity, policy) {
            private byte[] array = new byte[(int) initialCapacity];

            @Override
            protected MemorySegment memory() {
                return MemorySegment.ofArray(array);
            }

            @Override
            protected long resize(long newCapacity, long liveBytes) {
                byte[] grown = new byte[(int) newCapacity];
                System.arraycopy(array, 0, grown, 0, (int) (broken && liveBytes > 0 ? liveBytes - 1 : liveBytes));
                array = grown;
                return liveBytes;
            }

            @Override
            protected void release() {
                array = null;
            }
        };
    }
}
