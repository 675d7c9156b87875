package org.ringlab.conformance.kit;

import java.util.List;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

import org.ringlab.api.testing.FaultHooks;
import org.ringlab.api.GrowthStrategy;
import org.ringlab.api.MappedFileStrategy;
import org.ringlab.api.MemoryStrategy;
import org.ringlab.linux.LinuxFaults;

/**
 * A backend's test hook for its native calls, as the kit drives it: record the calls one
 * allocation makes (of ring memory, of a growable buffer and its grows, of a mapped file and
 * its chunks), then make the {@code nth} call of a function fail with an errno. A third
 * party with native calls implements this over its own hook (for example a decorator of its
 * binding that consults a {@link FaultHooks}, as ringlab's Linux backends do) and passes it to
 * {@link Kit#withFaultInjector}.
 */
public interface FaultInjector {

    /** For reports: which hook this is. */
    String name();

    /** Whether {@code strategy}'s native calls go through this hook (once {@link #instrument}ed). */
    boolean covers(MemoryStrategy strategy);

    /**
     * Whether the native calls of {@code provider} (a memory, growth or mapped-file strategy)
     * go through this hook once {@link #instrument}ed; by default only memory strategies, through
     * {@link #covers}.
     */
    default boolean coversProvider(Object provider) {
        return provider instanceof MemoryStrategy s && covers(s);
    }

    /**
     * The strategy the kit allocates from when it records and fails calls: by default
     * {@code strategy} itself (a third party whose production calls consult its hook); a backend
     * whose hook is a decorator of its binding returns the same strategy made over the decorated
     * binding, as ringlab's Linux backends do.
     */
    default MemoryStrategy instrument(MemoryStrategy strategy) {
        return strategy;
    }

    /** As {@link #instrument(MemoryStrategy)}, for a growth strategy the kit grows buffers from. */
    default GrowthStrategy instrument(GrowthStrategy strategy) {
        return strategy;
    }

    /** As {@link #instrument(MemoryStrategy)}, for a mapped-file strategy the kit opens files from. */
    default MappedFileStrategy instrument(MappedFileStrategy strategy) {
        return strategy;
    }

    /** The descriptions of the native calls {@code body} makes, in order ({@code "mmap(MAP_FIXED view 2 of 2)"}). */
    <T> Recorded<T> record(Supplier<T> body);

    /** Arms a failure of the {@code nth} (from 1) call of {@code function}; close to disarm. */
    Armed failNth(String function, int nth, int errno);

    /** What a recorded body returned, and the calls it made. */
    record Recorded<T>(T result, List<String> calls) {
    }

    /** An armed failure. */
    interface Armed extends AutoCloseable {
        boolean fired();

        @Override
        void close();
    }

    /** The function a call description names: {@code mmap} for {@code mmap(MAP_FIXED view 2 of 2)}. */
    static String function(String call) {
        int paren = call.indexOf('(');
        return paren < 0 ? call : call.substring(0, paren);
    }

    /**
     * backend-linux's {@link LinuxFaults}: every libc call, through FFM or JNA, of the memory,
     * growth and mapped-file strategies made over its {@code Libc} interface (backend-linux's and
     * backend-jna's, {@code BoundToLibc}); each is rebuilt
     * over its binding behind the fault-injecting decorator, so production calls consult nothing.
     */
    static FaultInjector linux() {
        return over("LinuxFaults", LinuxFaults::covers, LinuxFaults::instrument, LinuxFaults.hooks());
    }

    /**
     * An injector over a {@link FaultHooks} (the api's hook, which a third party's bindings
     * can use too, consulted by their production calls or by a decorator) covering the
     * providers whose classes are in {@code packageName}, allocated from as they are.
     */
    static FaultInjector over(String name, String packageName, FaultHooks hooks) {
        return over(name, provider -> provider.getClass().getPackageName().equals(packageName),
                UnaryOperator.identity(), hooks);
    }

    /**
     * An injector over a {@link FaultHooks} consulted by a decorator of a binding: it covers the
     * providers (memory, growth and mapped-file strategies) {@code covers} accepts, and
     * {@code instrument} makes each again, same kind, over the decorated binding.
     */
    static FaultInjector over(String name, Predicate<Object> covers, UnaryOperator<Object> instrument,
                              FaultHooks hooks) {
        return new FaultInjector() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public boolean covers(MemoryStrategy strategy) {
                return coversProvider(strategy);
            }

            @Override
            public boolean coversProvider(Object provider) {
                return covers.test(provider);
            }

            @Override
            public MemoryStrategy instrument(MemoryStrategy strategy) {
                return rebuilt(MemoryStrategy.class, strategy);
            }

            @Override
            public GrowthStrategy instrument(GrowthStrategy strategy) {
                return rebuilt(GrowthStrategy.class, strategy);
            }

            @Override
            public MappedFileStrategy instrument(MappedFileStrategy strategy) {
                return rebuilt(MappedFileStrategy.class, strategy);
            }

            private <P> P rebuilt(Class<P> kind, P provider) {
                Object made = instrument.apply(provider);
                if (!kind.isInstance(made)) {
                    throw new IllegalStateException(name + " instrumented " + provider + " (a " + kind.getSimpleName()
                            + ") into " + made + ", which is not one");
                }
                return kind.cast(made);
            }

            @Override
            public <T> Recorded<T> record(Supplier<T> body) {
                try (FaultHooks.Recording recording = hooks.record()) {
                    T result = body.get();
                    return new Recorded<>(result, recording.calls());
                }
            }

            @Override
            public Armed failNth(String function, int nth, int errno) {
                FaultHooks.Fault fault = hooks.failNth(function, nth, errno);
                return new Armed() {
                    @Override
                    public boolean fired() {
                        return fault.fired();
                    }

                    @Override
                    public void close() {
                        fault.close();
                    }
                };
            }
        };
    }
}
