package org.ringlab.conformance.kit;

import java.lang.foreign.MemorySegment;
import java.util.Set;

import org.ringlab.api.Availability;
import org.ringlab.api.Capability;
import org.ringlab.api.CopyCounters;
import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.RingMemory;
import org.ringlab.api.RingSpec;
import org.ringlab.api.SegmentPathMemory;

/**
 * A strategy whose memory keeps the memory side of contract point 7 (after close every method
 * but {@code close()}, {@code isOpen()} and {@code capacity()} throws), over another strategy's ring: the correct
 * fake for {@link QueueContractPoints#memoryUseAfterClose}, whose broken twin is the ring it
 * wraps (an {@code AbstractRingMemory} still answers {@code strategyName()} after close).
 */
record StrictCloseStrategy(MemoryStrategy inner, boolean answersNameAfterClose) implements MemoryStrategy {

    StrictCloseStrategy(MemoryStrategy inner) {
        this(inner, false);
    }

    /** The broken twin: its memory still answers {@code strategyName()} after close. */
    static StrictCloseStrategy answeringNameAfterClose(MemoryStrategy inner) {
        return new StrictCloseStrategy(inner, true);
    }


    @Override
    public String name() {
        return (answersNameAfterClose ? "name-after-close-" : "strict-close-") + inner.name();
    }

    @Override
    public String description() {
        return inner.name() + ", every method throwing after close";
    }

    @Override
    public Availability availability() {
        return inner.availability();
    }

    @Override
    public Set<Capability> capabilities() {
        return inner.capabilities();
    }

    @Override
    public long granularity() {
        return inner.granularity();
    }

    @Override
    public RingMemory allocate(RingSpec spec) {
        RingMemory ring = inner.allocate(spec);
        String name = name();
        return new SegmentPathMemory() {
            private void ensureOpen() {
                if (!ring.isOpen()) {
                    throw new IllegalStateException(name + " ring memory is closed");
                }
            }

            @Override
            public String strategyName() {
                if (!answersNameAfterClose) {
                    ensureOpen();
                }
                return name;
            }

            @Override
            public long capacity() {
                return ring.capacity();
            }

            @Override
            public MemorySegment claim(long position, long length) {
                return ring.claim(position, length);
            }

            @Override
            public void commit(long position, long length) {
                ring.commit(position, length);
            }

            @Override
            public void write(long position, MemorySegment src) {
                ring.write(position, src);
            }

            @Override
            public MemorySegment window(long position, long length) {
                return ring.window(position, length);
            }

            @Override
            public MemorySegment header() {
                return ring.header();
            }

            @Override
            public Set<Capability> capabilities() {
                ensureOpen();
                return inner.capabilities();
            }

            @Override
            public long granularity() {
                ensureOpen();
                return ring.granularity();
            }

            @Override
            public CopyCounters copyCounters() {
                ensureOpen();
                return ring.copyCounters();
            }

            @Override
            public boolean isOpen() {
                return ring.isOpen();
            }

            @Override
            public void close() {
                ring.close();
            }
        };
    }
}
