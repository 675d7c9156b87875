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
 * A third party's growth strategy (a Java array grown by copy) with one realistic bug at a time;
 * {@link Bug#NONE} is the correct twin.
 */
record BrokenGrowth(Bug bug) implements GrowthStrategy {

    enum Bug {
        NONE,
        /** The copy at a growth forgets the last live byte. */
        DROPS_A_BYTE,
        /** Declares {@link GrowthTrait#NEVER_MOVES} (a reserved range, say) but grows by copying to a new array. */
        CLAIMS_NEVER_MOVES,
        /** Refuses a maximum capacity it cannot hold without saying which value. */
        REFUSES_WITHOUT_NAMING_THE_VALUE
    }

    /** Broken: the copy drops a byte; else the twin. */
    BrokenGrowth(boolean broken) {
        this(broken ? Bug.DROPS_A_BYTE : Bug.NONE);
    }

    @Override
    public String name() {
        return bug == Bug.NONE ? "growth-twin" : "broken-growth-" + bug.name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }

    @Override
    public String description() {
        return "byte[] grown by copy" + (bug == Bug.DROPS_A_BYTE ? ", the last live byte forgotten" : "");
    }

    @Override
    public Availability availability() {
        return Availability.available();
    }

    @Override
    public Set<GrowthTrait> traits() {
        return bug == Bug.CLAIMS_NEVER_MOVES ? Set.of(GrowthTrait.NEVER_MOVES) : Set.of();
    }

    @Override
    public GrowableBuffer allocate(long initialCapacity, GrowthPolicy policy) {
        Objects.requireNonNull(policy, "policy");
        if (policy.maxCapacity() > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException(name() + ": maximum capacity "
                    + (bug == Bug.REFUSES_WITHOUT_NAMING_THE_VALUE ? "" : policy.maxCapacity() + " ") + "is too large");
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
                System.arraycopy(array, 0, grown, 0, (int) (bug == Bug.DROPS_A_BYTE && liveBytes > 0 ? liveBytes - 1 : liveBytes));
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
