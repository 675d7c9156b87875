package org.ringlab.conformance.kit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.MemorySegment;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;

import org.ringlab.api.Availability;
import org.ringlab.api.Capability;
import org.ringlab.api.GrowthStrategy;
import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.NativeCallException;
import org.ringlab.api.RingChecks;
import org.ringlab.api.RingMemory;
import org.ringlab.api.RingSpec;

/**
 * A third party's backend with "native" calls and a fault hook of its own, to prove the kit
 * drives such a hook through {@link FaultInjector} and catches a leak on a failure path. Its
 * allocation opens a real descriptor ({@code open}) and then makes a call that only the hook
 * can fail ({@code map}); the broken one forgets to close the descriptor when {@code map} fails.
 * Both shapes a third party may have: the memory strategy consults the hook in its calls (the
 * kit allocates from it as it is); the growth strategy calls a binding that only a decorator
 * makes consult the hook (the kit allocates from it as {@link Hook#instrument} rebuilds it).
 */
final class FakeNativeBackend {

    private FakeNativeBackend() {
    }

    /** The backend's hook: records calls, or fails the nth call of a function. */
    static final class Hook implements FaultInjector {
        private final Supplier<?> strategy;
        private List<String> recording;
        private String failFunction;
        private int failNth;
        private int errno;
        private int seen;
        private boolean fired;

        Hook(Supplier<?> strategy) {
            this.strategy = strategy;
        }

        /** Called by the backend before each call: throws as the armed fault says. */
        void call(String function, String description) {
            if (recording != null) {
                recording.add(description);
            }
            if (function.equals(failFunction) && ++seen == failNth) {
                fired = true;
                throw new NativeCallException(description, errno, "Injected error " + errno);
            }
        }

        @Override
        public String name() {
            return "FakeNativeBackend.Hook";
        }

        @Override
        public boolean covers(MemoryStrategy s) {
            return s == strategy.get();
        }

        @Override
        public boolean coversProvider(Object provider) {
            return provider == strategy.get();
        }

        /** {@code binding} behind this hook: each call consults the hook first. */
        Calls decorate(Calls binding) {
            return (function, description) -> {
                call(function, description);
                binding.call(function, description);
            };
        }

        /** A growth strategy of this backend made again over its binding behind this hook. */
        @Override
        public GrowthStrategy instrument(GrowthStrategy s) {
            return s instanceof FakeGrowth g ? g.over(decorate(g.calls)) : s;
        }

        @Override
        public <T> Recorded<T> record(Supplier<T> body) {
            recording = new ArrayList<>();
            try {
                T result = body.get();
                return new Recorded<>(result, List.copyOf(recording));
            } finally {
                recording = null;
            }
        }

        @Override
        public Armed failNth(String function, int nth, int errnoValue) {
            failFunction = function;
            failNth = nth;
            errno = errnoValue;
            seen = 0;
            fired = false;
            return new Armed() {
                @Override
                public boolean fired() {
                    return fired;
                }

                @Override
                public void close() {
                    failFunction = null;
                }
            };
        }
    }

    /** A strategy whose allocation goes through {@code hook}; {@code broken} leaks the descriptor when map fails. */
    static MemoryStrategy strategy(boolean broken, Hook[] hookOut) {
        MemoryStrategy[] self = new MemoryStrategy[1];
        Hook hook = new Hook(() -> self[0]);
        hookOut[0] = hook;
        self[0] = new MemoryStrategy() {
            @Override
            public String name() {
                return broken ? "broken-leak-on-failure" : "fake-native-twin";
            }

            @Override
            public Availability availability() {
                return Availability.available();
            }

            @Override
            public Set<Capability> capabilities() {
                return Set.of(Capability.ZERO_COPY_WINDOW, Capability.ZERO_COPY_CLAIM);
            }

            @Override
            public long granularity() {
                return 1;
            }

            @Override
            public RingMemory allocate(RingSpec spec) {
                long capacity = RingChecks.checkCapacity(name(), spec.capacity(), 1);
                hook.call("open", "open(/proc/self/stat)");
                FileChannel descriptor = open();
                try {
                    hook.call("map", "map(" + capacity + " bytes twice)");
                } catch (NativeCallException e) {
                    if (broken) { // the bug: the descriptor opened above stays open
                        LEAKED.add(descriptor);
                    } else {
                        close(descriptor);
                    }
                    throw e;
                }
                RingMemory ring = BrokenStrategies.mirrorWriteForgotten(false).allocate(spec);
                return new DelegatingRing(ring, () -> close(descriptor));
            }
        };
        return self[0];
    }

    /**
     * The growth strategies' binding, the shape of ringlab's {@code Libc}: production calls go
     * to it and consult no hook; fault injection is a decorator of it ({@link Hook#decorate}),
     * and {@link Hook#instrument(GrowthStrategy)} makes the strategy again over the decorated one.
     */
    @FunctionalInterface
    interface Calls {
        /** Production: the "native" calls themselves (nothing to do for this fake). */
        Calls REAL = (function, description) -> {
        };

        void call(String function, String description);
    }

    /**
     * A growth strategy of the same backend, over a {@link Calls} binding: each grow opens a
     * descriptor, "maps" through the binding and closes the descriptor; {@code broken} leaks it
     * when the map fails. Made over {@link Calls#REAL}, so the kit's growth faults reach it only
     * through {@link Hook#instrument(GrowthStrategy)}.
     */
    static GrowthStrategy growth(boolean broken, Hook[] hookOut) {
        FakeGrowth[] self = new FakeGrowth[1];
        Hook hook = new Hook(() -> self[0]);
        hookOut[0] = hook;
        self[0] = new FakeGrowth(broken, Calls.REAL);
        return self[0];
    }

    /** See {@link #growth}. */
    static final class FakeGrowth implements GrowthStrategy {
        private final boolean broken;
        private final Calls calls;
        private final GrowthStrategy copying = new BrokenGrowth(false);

        FakeGrowth(boolean broken, Calls calls) {
            this.broken = broken;
            this.calls = calls;
        }

        /** This strategy, same name and mechanism, over {@code other}. */
        FakeGrowth over(Calls other) {
            return new FakeGrowth(broken, other);
        }

        @Override
        public String name() {
            return broken ? "broken-growth-leaks-on-failure" : "fake-native-growth-twin";
        }

        @Override
        public Availability availability() {
            return Availability.available();
        }

        @Override
        public Set<org.ringlab.api.GrowthTrait> traits() {
            return copying.traits();
        }

        @Override
        public org.ringlab.api.GrowableBuffer allocate(long initialCapacity, org.ringlab.api.GrowthPolicy policy) {
            java.util.Objects.requireNonNull(policy, "policy");
            if (policy.maxCapacity() > Integer.MAX_VALUE - 8) {
                throw new IllegalArgumentException(name() + ": maximum capacity " + policy.maxCapacity() + " is too large");
            }
            return new org.ringlab.growth.AbstractGrowableBuffer(name(), initialCapacity, policy) {
                private byte[] array = new byte[(int) initialCapacity];

                @Override
                protected MemorySegment memory() {
                    return MemorySegment.ofArray(array);
                }

                @Override
                protected long resize(long newCapacity, long liveBytes) {
                    calls.call("open", "open(/proc/self/stat for a grow to " + newCapacity + ")");
                    FileChannel descriptor = open();
                    try {
                        calls.call("map", "map(" + newCapacity + " bytes)");
                    } catch (NativeCallException e) {
                        if (broken) { // the bug: the descriptor opened above stays open
                            LEAKED.add(descriptor);
                        } else {
                            FakeNativeBackend.close(descriptor);
                        }
                        throw e;
                    }
                    FakeNativeBackend.close(descriptor);
                    array = java.util.Arrays.copyOf(array, (int) newCapacity);
                    return liveBytes;
                }

                @Override
                protected void release() {
                    array = null;
                }
            };
        }

        @Override
        public String toString() {
            return name();
        }
    }

    private static FileChannel open() {
        try {
            return FileChannel.open(Path.of("/proc/self/stat"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * What the broken twins leaked, kept reachable: an unreachable channel is closed by its
     * cleaner at some GC, which would show up as a descriptor count going down in whatever
     * cell runs then (the correct twin's). The proof releases them once the leak is caught.
     */
    private static final List<FileChannel> LEAKED = java.util.Collections.synchronizedList(new ArrayList<>());

    /** Closes what the broken twins leaked; returns how many. */
    static int releaseLeaked() {
        synchronized (LEAKED) {
            int n = LEAKED.size();
            LEAKED.forEach(FakeNativeBackend::close);
            LEAKED.clear();
            return n;
        }
    }

    private static void close(FileChannel channel) {
        try {
            channel.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The ring of the correct doubled twin, plus the descriptor closed with it. */
    private record DelegatingRing(RingMemory ring, Runnable onClose) implements org.ringlab.api.SegmentPathMemory {
        @Override
        public String strategyName() {
            return ring.strategyName();
        }

        @Override
        public Set<Capability> capabilities() {
            return ring.capabilities();
        }

        @Override
        public long granularity() {
            return ring.granularity();
        }

        @Override
        public long capacity() {
            return ring.capacity();
        }

        @Override
        public java.lang.foreign.MemorySegment claim(long position, long length) {
            return ring.claim(position, length);
        }

        @Override
        public void commit(long position, long length) {
            ring.commit(position, length);
        }

        @Override
        public java.lang.foreign.MemorySegment window(long position, long length) {
            return ring.window(position, length);
        }

        @Override
        public java.lang.foreign.MemorySegment header() {
            return ring.header();
        }

        @Override
        public org.ringlab.api.CopyCounters copyCounters() {
            return ring.copyCounters();
        }

        @Override
        public boolean isOpen() {
            return ring.isOpen();
        }

        @Override
        public void close() {
            boolean wasOpen = ring.isOpen();
            ring.close();
            if (wasOpen) {
                onClose.run();
            }
        }
    }
}
