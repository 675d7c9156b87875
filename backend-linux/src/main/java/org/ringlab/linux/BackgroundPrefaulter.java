package org.ringlab.linux;

import java.util.concurrent.locks.LockSupport;

/**
 * The {@code background} policy: a daemon thread that keeps {@code window} bytes ahead of
 * the position the writer reports populated, growing the file and mapping chunks before the
 * writer gets there, so the writer takes no fault and waits for nothing (seed 004's "user-space
 * dynamic prefault": page faults are handled in the kernel, so another thread can take them).
 *
 * <p>It works in steps of at most {@link #STEP} bytes, one {@code madvise(MADV_POPULATE_WRITE)}
 * each, and polls the writer's position with a short park when it is far enough ahead: the
 * writer never signals it (a wake-up would be a system call on the writer's path). A writer
 * that writes faster than pages can be populated overtakes it (a burst at memory speed does):
 * then it leapfrogs one step ahead of the writer, and the writer finds every other stretch
 * populated. A writer slower than the prefaulter on average never takes a fault.
 */
final class BackgroundPrefaulter implements Runnable {

    static final long STEP = 256 * 1024;
    /** Waiting for a chunk a reader's writer has not made yet. */
    private static final long IDLE_PARK_NANOS = 50_000;
    /**
     * A whole window ahead: nothing to do for a while. Long enough not to take the CPU from a
     * writer or reader pinned beside it (twenty thousand wake-ups a second would), short enough
     * for any writer that is not itself faster than the prefaulter.
     */
    private static final long AHEAD_PARK_NANOS = 1_000_000;

    private final ChunkedFile file;
    private final long window;
    private final long page;
    private final long chunkBytes;
    private volatile boolean running = true;
    private volatile long prefaultedTo;
    private volatile Throwable failure;
    private Thread thread;

    BackgroundPrefaulter(ChunkedFile file, long window, long page) {
        this.file = file;
        this.window = window;
        this.page = page;
        this.chunkBytes = file.chunkBytes();
    }

    void start(String name) {
        thread = Thread.ofPlatform().daemon().name("ringlab-prefaulter " + name).unstarted(this);
        thread.start();
    }

    long prefaultedTo() {
        return prefaultedTo;
    }

    /** Why the prefaulter stopped early, or null. */
    Throwable failure() {
        return failure;
    }

    void stopAndJoin() {
        running = false;
        Thread t = thread;
        if (t == null) {
            return;
        }
        LockSupport.unpark(t);
        boolean interrupted = false;
        while (true) {
            try {
                t.join();
                break;
            } catch (InterruptedException e) {
                interrupted = true; // the thread must be gone before the mappings go
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void run() {
        long done = 0;
        try {
            while (running && file.isOpen()) {
                long writer = file.reportedPosition();
                if (done < writer) {
                    // Overtaken: the writer faults the pages just ahead of it itself meanwhile, so
                    // leapfrog one step past it instead of fighting it for the same pages.
                    done = Math.ceilDiv(writer + STEP, page) * page;
                }
                long target = writer + window;
                if (done >= target) {
                    LockSupport.parkNanos(this, AHEAD_PARK_NANOS);
                    continue;
                }
                long chunk = done / chunkBytes;
                long chunkStart = chunk * chunkBytes;
                long end = Math.min(Math.min(target, chunkStart + chunkBytes), done + STEP);
                end = Math.min(Math.ceilDiv(end, page) * page, chunkStart + chunkBytes);
                if (!file.populateAhead(chunk, done - chunkStart, end - done)) {
                    LockSupport.parkNanos(this, IDLE_PARK_NANOS); // a reader's chunk that does not exist yet
                    continue;
                }
                done = end;
                prefaultedTo = done;
            }
        } catch (IllegalStateException closed) {
            if (running && file.isOpen()) {
                failure = closed;
            }
        } catch (Throwable t) {
            failure = t;
        }
    }
}
