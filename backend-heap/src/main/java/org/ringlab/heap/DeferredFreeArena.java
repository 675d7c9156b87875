package org.ringlab.heap;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Optional;

import org.ringlab.api.support.DeferredUnmap;

/**
 * The arena a heap ring's memory belongs to, so that closing the ring under running threads
 * never frees bytes a thread may still touch (docs/native-access.md, "Closing memory under
 * running threads"). The bytes come from a hidden <em>backing</em> arena; what
 * {@link #allocate} returns is a view of them in a <em>front</em> arena
 * ({@code MemorySegment.reinterpret(Arena, Consumer)}). {@link #close()} closes the front: after
 * its handshake every segment handed out throws {@link IllegalStateException}, exactly as
 * before. The front's cleanup does not free: it hands the backing arena's close to
 * {@link DeferredUnmap#unmapWhenQuiet}, which frees at once when no queue handle is inside an
 * operation, else once every handle that was inside has left. A thread that passed its
 * liveness check before the close and touches the memory after it (JDK-8290892) thus lands in
 * memory that is still allocated, never in memory glibc has already unmapped or reused.
 *
 * <p>{@code reinterpret} is a restricted method: where native access is refused to this module
 * ({@code --illegal-native-access=deny}), {@link #open()} falls back to a plain shared arena
 * (the free right after the close handshake), says so once in the log and keeps the cause
 * ({@link #refusal()}), which the strategies' descriptions show in {@code ringlab list}.
 */
@SuppressWarnings("restricted")
final class DeferredFreeArena implements Arena {

    private static final System.Logger LOG = System.getLogger(DeferredFreeArena.class.getName());

    /** The probe's failure, or null: one real restricted call, made when the class is first used. */
    private static final IllegalCallerException REFUSAL = probe();

    private final Arena front;
    private final Arena backing;

    private DeferredFreeArena() {
        Arena f = Arena.ofShared();
        Arena b = Arena.ofShared();
        MemorySegment.Scope scope = f.scope();
        DeferredUnmap.track(scope);
        try {
            // The one cleanup of the front arena: it runs after the front's close handshake.
            MemorySegment.NULL.reinterpret(f, ignored -> DeferredUnmap.unmapWhenQuiet(scope, b::close));
        } catch (RuntimeException | Error e) {
            DeferredUnmap.unmapWhenQuiet(scope, b::close); // untracks it, and frees (nothing yet)
            f.close();
            throw e;
        }
        this.front = f;
        this.backing = b;
    }

    /**
     * A shared arena for one heap ring: this deferred-free arena when native access lets this
     * module call {@code reinterpret}, else {@link Arena#ofShared()} (frees at close).
     */
    static Arena open() {
        return REFUSAL == null ? new DeferredFreeArena() : Arena.ofShared();
    }

    /** Why the heap rings free at close instead of deferring the free: empty when they defer it. */
    static Optional<IllegalCallerException> refusal() {
        return Optional.ofNullable(REFUSAL);
    }

    /** The sentence {@code ringlab list} shows after a heap strategy's description when the free is not deferred; empty otherwise. */
    static String degradedNote() {
        return REFUSAL == null ? ""
                : "; DEGRADED: close() frees the memory at once, a thread still inside an operation may touch freed"
                + " memory (JDK-8290892), because " + REFUSAL.getMessage() + " (grant " + grantFlag() + ")";
    }

    private static String grantFlag() {
        Module m = DeferredFreeArena.class.getModule();
        return "--enable-native-access=" + (m.isNamed() ? m.getName() : "ALL-UNNAMED");
    }

    private static IllegalCallerException probe() {
        try (Arena probe = Arena.ofConfined()) {
            MemorySegment.NULL.reinterpret(probe, null); // the restricted call every ring makes
            return null;
        } catch (IllegalCallerException e) {
            LOG.log(System.Logger.Level.WARNING, "doubled, split and linearize free their memory at close(), not once"
                    + " the queue operations in flight have left: MemorySegment.reinterpret is refused to "
                    + DeferredFreeArena.class.getModule() + " (" + e.getMessage() + "); grant " + grantFlag());
            return e;
        }
    }

    /** Bytes of the backing arena, seen through the front: they throw once the front is closed. */
    @Override
    public MemorySegment allocate(long byteSize, long byteAlignment) {
        // After close the front refuses the view; the backing bytes then go with the backing arena.
        return backing.allocate(byteSize, byteAlignment).reinterpret(front, null);
    }

    @Override
    public MemorySegment.Scope scope() {
        return front.scope();
    }

    /** Closes the front (the JDK's handshake: every segment handed out now throws); the bytes are freed when quiet. */
    @Override
    public void close() {
        front.close();
    }

    /** The backing arena's scope: alive until the deferred free has run. For tests. */
    MemorySegment.Scope backingScope() {
        return backing.scope();
    }
}
