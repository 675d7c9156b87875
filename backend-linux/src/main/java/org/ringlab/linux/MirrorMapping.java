package org.ringlab.linux;

import org.ringlab.api.support.Cleanup;
import org.ringlab.api.support.DeferredUnmap;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

import static org.ringlab.linux.Libc.MAP_ANONYMOUS;
import static org.ringlab.linux.Libc.MAP_FIXED;
import static org.ringlab.linux.Libc.MAP_NORESERVE;
import static org.ringlab.linux.Libc.MAP_PRIVATE;
import static org.ringlab.linux.Libc.MAP_SHARED;
import static org.ringlab.linux.Libc.PROT_NONE;
import static org.ringlab.linux.Libc.PROT_READ;
import static org.ringlab.linux.Libc.PROT_WRITE;

/**
 * The seed's {@code magicAlloc}, with a header page in front: a file of {@code H + N} bytes
 * (header, then ring) mapped so that the ring's N bytes appear twice, back to back. A
 * {@code H + 2N} {@code PROT_NONE} reservation fixes the place (nothing else can land between
 * the views), then it is replaced by two {@code MAP_SHARED | MAP_FIXED} views of the file:
 * the header and the ring's first view at offset 0 ({@code H + N} bytes), the ring's second
 * view at offset H ({@code N} bytes).
 *
 * <pre>
 *   address  base          base+H                 base+H+N               base+H+2N
 *            | header (H)  | ring, view 1 (N)      | ring, view 2 (N)      |
 *   file     0             H                       H  (same pages again)   H+N
 * </pre>
 *
 * @param arena   owns the mapping: closing it unmaps all H + 2N bytes, and any segment of
 *                it then throws {@link IllegalStateException} instead of touching freed memory
 * @param header  the H header bytes
 * @param segment the 2N ring bytes; byte {@code i} and byte {@code i + N} are the same memory
 */
record MirrorMapping(Arena arena, MemorySegment header, MemorySegment segment) implements AutoCloseable {

    static final String RESERVE = "mmap(reserve H+2N)";
    static final String VIEW_1 = "mmap(MAP_FIXED view 1 of 2)";
    static final String VIEW_2 = "mmap(MAP_FIXED view 2 of 2)";
    static final String RETIRE = "mmap(MAP_FIXED retire H+2N)";

    /**
     * Maps a file of {@code h + n} bytes of {@code fd} (both page multiples) as above; on
     * failure nothing stays mapped. Written once for every binding: {@code libc} is FFM's or JNA's.
     */
    static MirrorMapping map(Libc libc, int fd, long h, long n) {
        return map(libc, fd, h, n, null);
    }

    /**
     * The same, for the next generation of a memory that {@code previous} maps now (a growable
     * ring): the queue handles registered with any generation keep this one's unmap deferred
     * while they are inside an operation ({@link DeferredUnmap#track(MemorySegment.Scope, MemorySegment.Scope)}).
     */
    static MirrorMapping map(Libc libc, int fd, long h, long n, MirrorMapping previous) {
        long size = h + 2 * n;
        Arena arena = Arena.ofShared();
        Unmap unmap = null;
        try {
            long base = libc.mmap(RESERVE, 0, size, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
            unmap = new Unmap(libc, base, size, arena.scope());
            // The arena owns the whole range from here on: the views replace parts of it.
            MemorySegment whole = libc.segment(base, size, arena, unmap);
            if (previous == null) {
                DeferredUnmap.track(arena.scope()); // the cleanup ends the tracking
            } else {
                DeferredUnmap.track(arena.scope(), previous.arena().scope()); // the same handles guard every generation
            }
            mapView(libc, VIEW_1, base, h + n, fd, 0);
            mapView(libc, VIEW_2, base + h + n, n, fd, h);
            return new MirrorMapping(arena, whole.asSlice(0, h), whole.asSlice(h, 2 * n));
        } catch (Throwable t) {
            Unmap pending = unmap;
            Cleanup.runAll(t, arena::close, () -> {
                if (pending != null) {
                    pending.run(); // when the arena did not get to own the range
                }
            });
            throw t;
        }
    }

    private static void mapView(Libc libc, String call, long address, long length, int fd, long offset) {
        long actual = libc.mmap(call, address, length, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED, fd, offset);
        if (actual != address) {
            IllegalStateException mismatch = new IllegalStateException(call + " returned 0x" + Long.toHexString(actual)
                    + " instead of the requested 0x" + Long.toHexString(address) + ": the views would not be adjacent");
            Cleanup.runAll(mismatch, () -> libc.munmap("munmap(misplaced view)", actual, length));
            throw mismatch;
        }
    }

    @Override
    public void close() {
        arena.close();
    }

    /** munmap of the H + 2N range, at most once, whoever asks first (arena cleanup or failure path). */
    private static final class Unmap implements Consumer<MemorySegment>, Runnable {
        private final Libc libc;
        private final long base;
        private final long size;
        private final MemorySegment.Scope scope;
        private final AtomicBoolean done = new AtomicBoolean();

        Unmap(Libc libc, long base, long size, MemorySegment.Scope scope) {
            this.libc = libc;
            this.base = base;
            this.size = size;
            this.scope = scope;
        }

        /**
         * The arena's cleanup, after its close handshake: retire the range at once (one
         * {@code MAP_FIXED} anonymous mapping over it frees the file's pages; an access still
         * in flight lands in zero pages), and unmap it once no queue handle of this memory is
         * inside an operation any more ({@link DeferredUnmap}: at once when none is).
         */
        @Override
        public void accept(MemorySegment ignored) {
            if (done.compareAndSet(false, true)) {
                Cleanup.runAll(null, this::retire,
                        () -> DeferredUnmap.unmapWhenQuiet(scope, () -> libc.munmap("munmap(H+2N)", base, size)));
            }
        }

        private void retire() {
            long at = libc.mmap(RETIRE, base, size, PROT_READ | PROT_WRITE,
                    MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_FIXED, -1, 0);
            if (at != base) {
                libc.munmap("munmap(misplaced retirement)", at, size);
            }
        }

        /** On a failure path, before any segment of the range was handed out: no thread can reach it. */
        @Override
        public void run() {
            if (done.compareAndSet(false, true)) {
                libc.munmap("munmap(H+2N)", base, size);
            }
        }
    }
}
