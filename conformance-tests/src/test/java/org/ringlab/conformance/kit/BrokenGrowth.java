package org.ringlab.conformance.kit;

import java.lang.foreign.MemorySegment;
import java.util.Objects;
import java.util.Set;

import org.ringlab.growth.AbstractGrowableBuffer;
import org.ringlab.api.Availability;
import org.ringlab.api.GrowableBuffer;
import org.ringlab.api.GrowthCounters;
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
        REFUSES_WITHOUT_NAMING_THE_VALUE,
        /** Declares {@link GrowthTrait#NO_COPY} (as a remapping strategy would) but grows by copying, counting none. */
        CLAIMS_NO_COPY,
        /** Copies the live bytes at each growth but reports 0 bytes copied, with no trait excusing it. */
        COUNTS_NO_COPIES,
        /** Moves to a new array at each growth but its counters report no move and no byte moved. */
        COUNTS_NO_MOVES,
        /**
         * Reports its allocation rounded up to 8 bytes (under the maximum) as the capacity: more
         * than it holds before it grows again.
         */
        REPORTS_A_ROUNDED_UP_CAPACITY,
        /** Hands out a writable copy as {@code contents()} instead of a read-only view. */
        WRITABLE_CONTENTS,
        /** {@code policy()} throws after close, which the buffer's contract lets callers read. */
        POLICY_REFUSED_AFTER_CLOSE
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
        return switch (bug) {
            case CLAIMS_NEVER_MOVES -> Set.of(GrowthTrait.NEVER_MOVES);
            case CLAIMS_NO_COPY -> Set.of(GrowthTrait.NO_COPY);
            default -> Set.of();
        };
    }

    @Override
    public GrowableBuffer allocate(long initialCapacity, GrowthPolicy policy) {
        Objects.requireNonNull(policy, "policy");
        if (policy.maxCapacity() > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException(name() + ": maximum capacity "
                    + (bug == Bug.REFUSES_WITHOUT_NAMING_THE_VALUE ? "" : policy.maxCapacity() + " ") + "is too large");
        }
        GrowableBuffer buffer = new AbstractGrowableBuffer(name(), initialCapacity, policy) {
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
                return bug == Bug.CLAIMS_NO_COPY || bug == Bug.COUNTS_NO_COPIES ? 0 : liveBytes;
            }

            @Override
            protected void release() {
                array = null;
            }
        };
        return switch (bug) {
            case COUNTS_NO_MOVES, REPORTS_A_ROUNDED_UP_CAPACITY, WRITABLE_CONTENTS, POLICY_REFUSED_AFTER_CLOSE ->
                    new Lying(buffer, bug);
            default -> buffer;
        };
    }

    /** A correct buffer behind one lie of {@code bug}'s; every other call is delegated. */
    private record Lying(GrowableBuffer inner, Bug bug) implements GrowableBuffer {

        @Override
        public String strategyName() {
            return inner.strategyName();
        }

        @Override
        public void append(MemorySegment src) {
            inner.append(src);
        }

        @Override
        public long size() {
            return inner.size();
        }

        @Override
        public long capacity() {
            long held = inner.capacity();
            return bug == Bug.REPORTS_A_ROUNDED_UP_CAPACITY ? Math.min((held + 7) & -8L, inner.policy().maxCapacity()) : held;
        }

        @Override
        public GrowthPolicy policy() {
            if (bug == Bug.POLICY_REFUSED_AFTER_CLOSE && !inner.isOpen()) {
                throw new IllegalStateException(inner.strategyName() + " buffer is closed");
            }
            return inner.policy();
        }

        @Override
        public MemorySegment contents() {
            return bug == Bug.WRITABLE_CONTENTS
                    ? MemorySegment.ofArray(inner.contents().toArray(java.lang.foreign.ValueLayout.JAVA_BYTE))
                    : inner.contents();
        }

        @Override
        public GrowthCounters counters() {
            GrowthCounters c = inner.counters();
            return bug == Bug.COUNTS_NO_MOVES ? new GrowthCounters(c.grows(), 0, 0, 0, c.growthNanos()) : c;
        }

        @Override
        public boolean isOpen() {
            return inner.isOpen();
        }

        @Override
        public void close() {
            inner.close();
        }
    }
}
