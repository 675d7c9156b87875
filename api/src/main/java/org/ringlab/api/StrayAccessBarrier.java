package org.ringlab.api;

import java.lang.foreign.Arena;

/**
 * What a backend runs between retiring memory and unmapping it, for the accesses the JDK's
 * shared-arena close misses (docs/native-access.md, "Closing under running threads").
 *
 * <p>Closing a shared arena hands shakes every thread and makes one found inside a scoped
 * access of the arena throw. On JDK 25 the search can miss a thread: when its top frame is a
 * call out of the scoped access (a not-inlined {@code Unsafe} method, a call being resolved
 * in the VM), the session is no longer live in the compiled frame's debug information
 * (JDK-8290892: {@code reachabilityFence} does not keep it), so the thread is not told, and
 * after the handshake it completes that one access. If the memory is unmapped by then, the
 * JVM dies by SIGSEGV (seen in about 1 of 125 child JVMs racing close against spsc on
 * {@code mirrored-jna}). A backend therefore first replaces the mapping with anonymous
 * memory in one {@code MAP_FIXED} call (the file's pages are freed, a stray access lands in
 * harmless zero pages), then calls {@link #awaitStrayAccesses()}, then unmaps.
 */
public final class StrayAccessBarrier {

    /** Handshakes after the retirement: each makes every running thread pass a poll or a VM transition. */
    private static final int HANDSHAKES = 2;

    private StrayAccessBarrier() {
    }

    /**
     * Returns after {@value #HANDSHAKES} more thread-local handshakes of every thread (closing
     * throwaway shared arenas): a thread that was completing a missed access when the memory
     * was retired has passed the poll or the VM transition that follows it. A thread blocked
     * inside the VM across all of them is not covered: only the JDK fix closes that.
     */
    public static void awaitStrayAccesses() {
        for (int i = 0; i < HANDSHAKES; i++) {
            Arena.ofShared().close();
        }
    }
}
