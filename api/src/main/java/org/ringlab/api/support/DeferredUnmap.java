package org.ringlab.api.support;

import java.lang.foreign.MemorySegment;
import java.lang.ref.WeakReference;
import java.time.Duration;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * The rule that keeps an unmap from happening while a queue operation is in flight
 * (docs/native-access.md, "Closing memory under running threads").
 *
 * <ul>
 *   <li>A backend whose close unmaps memory calls {@link #track(MemorySegment.Scope)} with the
 *       scope of the arena owning it when it maps, and from the arena's cleanup (after the
 *       JDK's close handshake) retires the range to zero pages and calls
 *       {@link #unmapWhenQuiet(MemorySegment.Scope, Runnable)} instead of unmapping. A backend
 *       whose close frees malloc'd memory (backend-heap's rings) does the same with the free:
 *       the "unmap" is then closing the hidden arena that owns the bytes.</li>
 *   <li>Every queue handle takes an {@link InFlight} from {@link #register(MemorySegment)} (any
 *       segment of its memory) and brackets each operation with it.</li>
 *   <li>A memory that remaps itself (a growable mirror's new generation) tracks the new scope
 *       with {@link #track(MemorySegment.Scope, MemorySegment.Scope)}: the handles registered
 *       with the first generation guard every later one.</li>
 *   <li>The handles are held weakly: a handle nobody references (its queue closed and
 *       dropped) leaves the list at the next registration, so a long-lived memory with many
 *       queues built and closed on it keeps a list as long as its live handles. A handle inside
 *       an operation is referenced by the thread that will call its {@code exit()}, so it is
 *       never dropped while it matters.</li>
 *   <li>{@code unmapWhenQuiet} unmaps at once when no registered handle is inside; otherwise a
 *       daemon thread (running only while an unmap is pending) unmaps once every handle that was inside at the close has left its
 *       operation (its sequence changed). {@code close()} never waits for a handle: a drain
 *       handler may block for as long as it likes; the memory's pages are already freed.</li>
 * </ul>
 *
 * <p>Covered: every operation of a ringlab queue handle, a drain's handler included, and a
 * record held between {@code peek} and {@code release} or a claim filled before
 * {@code commit} ({@link InFlight#hold()}, for at most {@link #HOLD_GRACE} once the operation
 * returned). Not covered: a user's own {@code window}/{@code claim} segments used outside a
 * queue: only the JDK's close handshake guards those.
 */
public final class DeferredUnmap {

    private static final System.Logger LOG = System.getLogger(DeferredUnmap.class.getName());

    /**
     * Handles per tracked scope; a scope is tracked from its mapping to its cleanup. The
     * generations of one growable memory share one {@link Handles}.
     */
    private static final Map<MemorySegment.Scope, Handles> TRACKED = new IdentityHashMap<>();
    private static final List<Pending> PENDING = new ArrayList<>();
    private static Thread reaper;
    /** Closes that found a handle inside and deferred their unmap, since the JVM started. */
    private static long deferrals;

    /**
     * How long a close waits for a handle that is inside only because its caller holds a peeked
     * record or a claim (no operation running). Touching that segment after the close throws
     * (the arena is closed); what the wait covers is an access that passed its liveness check
     * just before the close and lands after it (JDK-8290892): it then hits the retired zero
     * pages. A caller that never gives the segment back would otherwise keep the range mapped
     * for ever; a handle inside an operation is waited for however long it takes.
     */
    public static final Duration HOLD_GRACE = Duration.ofMillis(250);

    private record Pending(InFlight[] handles, long[] seen, Runnable unmap, long since) {
        boolean quiet() {
            boolean graceOver = System.nanoTime() - since > HOLD_GRACE.toNanos();
            for (int i = 0; i < handles.length; i++) {
                if (handles[i].lvSequence() == seen[i] && !(graceOver && handles[i].lvHeldOutside())) {
                    return false;
                }
            }
            return true;
        }
    }

    /**
     * The handles registered with one memory, weakly: cleared references are dropped whenever
     * the list has doubled since the last sweep (amortised O(1) per registration), so the list
     * stays within twice the handles not yet collected, not as long as the memory's history.
     * Guarded by the class lock.
     */
    private static final class Handles {
        private static final int FIRST_SWEEP = 16;
        private final List<WeakReference<InFlight>> refs = new ArrayList<>();
        private int sweepAt = FIRST_SWEEP;

        void add(InFlight handle) {
            if (refs.size() >= sweepAt) {
                refs.removeIf(r -> r.get() == null);
                sweepAt = Math.max(FIRST_SWEEP, 2 * refs.size());
            }
            refs.add(new WeakReference<>(handle));
        }

        int size() {
            return refs.size();
        }

        int live() {
            int n = 0;
            for (WeakReference<InFlight> r : refs) {
                if (r.get() != null) {
                    n++;
                }
            }
            return n;
        }

        /** The handles inside an operation now, with the sequence each had. */
        void inside(List<InFlight> handles, List<Long> seen) {
            for (WeakReference<InFlight> r : refs) {
                InFlight handle = r.get();
                if (handle != null) {
                    long s = handle.lvSequence();
                    if ((s & 1) != 0) {
                        handles.add(handle);
                        seen.add(s);
                    }
                }
            }
        }
    }

    private DeferredUnmap() {
    }

    /** Starts tracking the handles of memory owned by {@code scope} (call when mapping it). */
    public static synchronized void track(MemorySegment.Scope scope) {
        TRACKED.putIfAbsent(scope, new Handles());
    }

    /**
     * Starts tracking {@code scope}, a new mapping of the memory that {@code sameMemoryAs} still
     * owns (a growable ring's next generation, mapped before the old one closes): the handles
     * registered with any generation guard this one's unmap too. When {@code sameMemoryAs} is
     * not tracked (any more), {@code scope} is tracked on its own.
     */
    public static synchronized void track(MemorySegment.Scope scope, MemorySegment.Scope sameMemoryAs) {
        Handles handles = TRACKED.get(sameMemoryAs);
        TRACKED.put(scope, handles != null ? handles : new Handles());
    }

    /**
     * How many handles registered with the memory {@code anySegment} belongs to are still
     * referenced; 0 when that memory is not tracked. For tests and leak checks.
     */
    public static synchronized int registered(MemorySegment anySegment) {
        Handles handles = TRACKED.get(anySegment.scope());
        return handles == null ? 0 : handles.live();
    }

    /**
     * How many entries the memory's handle list holds, cleared ones not yet swept included
     * (at most about twice the handles not yet collected); 0 when untracked. For tests.
     */
    public static synchronized int listed(MemorySegment anySegment) {
        Handles handles = TRACKED.get(anySegment.scope());
        return handles == null ? 0 : handles.size();
    }

    /**
     * A new in-flight sequence for a queue handle on the memory {@code anySegment} belongs to.
     * Registered when that memory is tracked (memory whose close unmaps), a private one
     * otherwise (heap, or memory the JDK frees). Throws {@link IllegalStateException} when the
     * memory is already closed.
     */
    public static InFlight register(MemorySegment anySegment) {
        MemorySegment.Scope scope = anySegment.scope();
        InFlight handle = new InFlight();
        synchronized (DeferredUnmap.class) {
            Handles handles = TRACKED.get(scope);
            if (handles != null) {
                handles.add(handle);
            }
        }
        // After the add: a close whose cleanup ran before it finds the scope dead here.
        if (!scope.isAlive()) {
            throw new IllegalStateException("cannot attach a queue handle: the memory is closed");
        }
        return handle;
    }

    /**
     * From the cleanup of {@code scope}'s arena (after its close handshake, with the range
     * already retired): runs {@code unmap} now if no handle is inside an operation, else once
     * each handle inside now has left its operation. The scope is no longer tracked after.
     */
    public static void unmapWhenQuiet(MemorySegment.Scope scope, Runnable unmap) {
        List<InFlight> inside = new ArrayList<>();
        List<Long> seen = new ArrayList<>();
        synchronized (DeferredUnmap.class) {
            Handles handles = TRACKED.remove(scope);
            if (handles != null) {
                handles.inside(inside, seen);
            }
        }
        if (inside.isEmpty()) {
            unmap.run();
            return;
        }
        long[] seenArray = seen.stream().mapToLong(Long::longValue).toArray();
        defer(new Pending(inside.toArray(InFlight[]::new), seenArray, unmap, System.nanoTime()));
    }

    private static synchronized void defer(Pending pending) {
        PENDING.add(pending);
        deferrals++;
        if (reaper == null) {
            reaper = Thread.ofPlatform().daemon().name("ringlab-deferred-unmap").start(DeferredUnmap::reap);
        }
    }

    /** Unmaps deferred ranges whose handles have moved on; polls every 100 µs while any is pending, then ends. */
    private static void reap() {
        while (true) {
            List<Pending> ready = new ArrayList<>();
            synchronized (DeferredUnmap.class) {
                if (PENDING.isEmpty()) {
                    reaper = null; // no thread outlives the work: the next deferral starts one
                    return;
                }
                for (Pending p : PENDING) {
                    if (p.quiet()) {
                        ready.add(p);
                    }
                }
            }
            for (Pending p : ready) {
                try {
                    p.unmap.run();
                } catch (Throwable t) {
                    LOG.log(System.Logger.Level.ERROR, "deferred unmap failed", t);
                }
            }
            synchronized (DeferredUnmap.class) {
                // Only now: an unmap stays pending until it has run, so awaitAll never returns in
                // between (a heap ring's free, an arena close with its handshake, takes a while).
                PENDING.removeIf(p -> ready.stream().anyMatch(r -> r == p));
                DeferredUnmap.class.notifyAll(); // wakes awaitAll
            }
            if (ready.isEmpty()) {
                LockSupport.parkNanos(100_000);
            }
        }
    }

    /**
     * How many unmaps (or frees) were deferred since the JVM started, because a handle was
     * inside when the memory closed; counted in the closing thread, before its close returns.
     * The close-race harness uses it to show that its closes met handles inside.
     */
    public static synchronized long deferrals() {
        return deferrals;
    }

    /** Ranges whose unmap waits for a handle still inside an operation, or is running. */
    public static synchronized int pending() {
        return PENDING.size();
    }

    /**
     * Waits until no unmap is pending, at most {@code timeout}; true if none is. For tests and
     * leak checks: an unmap deferred for a handle that has left runs within a fraction of a ms.
     */
    public static synchronized boolean awaitAll(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!PENDING.isEmpty()) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return false;
            }
            DeferredUnmap.class.wait(Math.max(1, TimeUnit.NANOSECONDS.toMillis(left)));
        }
        return true;
    }

}
