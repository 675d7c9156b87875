package org.ringlab.queues.napi;

import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

import org.ringlab.api.RecordQueue.RecordHandler;

/**
 * The consumer thread of a {@link NapiAdaptiveQueue}: the softirq of seed 001's driver. It
 * polls with the queue's budget, hands every record to a {@link RecordHandler} (a read-only
 * view valid during the call), and parks in interrupt mode until the producer wakes it; see
 * {@link NapiAdaptiveQueue} for the protocol.
 *
 * <p>{@link #start} attaches the poller (one per queue) and starts its thread; {@link #close()}
 * stops it, unparks it if needed and joins it, so nothing is left running. Records still in the
 * ring when it stops stay there (the queue's consumer handle is usable again). If the handler
 * throws, the thread stops and {@code close()} rethrows the failure. Interrupting the poller's
 * thread also stops it.
 */
public final class NapiPoller implements AutoCloseable {

    /** How long {@link #close()} waits for a handler that does not return. */
    static final long JOIN_TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(10);
    private static final AtomicInteger IDS = new AtomicInteger();

    private final NapiAdaptiveQueue queue;
    private final RecordHandler handler;
    private final Thread thread;
    private volatile boolean stop;
    private volatile Throwable failure;

    private NapiPoller(NapiAdaptiveQueue queue, RecordHandler handler) {
        this.queue = queue;
        this.handler = handler;
        this.thread = new Thread(this::run, "napi-poller-" + IDS.incrementAndGet());
        // A forgotten poller must not keep the JVM alive; close() is still the way to stop it.
        thread.setDaemon(true);
    }

    /** Attaches a poller to {@code queue} and starts its thread. */
    public static NapiPoller start(NapiAdaptiveQueue queue, RecordHandler handler) {
        Objects.requireNonNull(queue, "queue");
        Objects.requireNonNull(handler, "record handler");
        NapiPoller p = new NapiPoller(queue, handler);
        queue.attach(p);
        try {
            p.thread.start();
        } catch (RuntimeException | Error e) {
            queue.detach(p);
            throw e;
        }
        return p;
    }

    private void run() {
        try {
            queue.runPoller(handler, this);
        } catch (Throwable t) {
            failure = t;
        } finally {
            queue.detach(this);
        }
    }

    Thread thread() {
        return thread;
    }

    String threadName() {
        return thread.getName();
    }

    boolean stopRequested() {
        return stop || thread.isInterrupted();
    }

    /** Whether the thread is still running (false once stopped, or after the handler failed). */
    public boolean isRunning() {
        return thread.isAlive();
    }

    /** What the handler threw, if it did (the thread stopped then). */
    public Optional<Throwable> failure() {
        return Optional.ofNullable(failure);
    }

    /** Stops the thread and waits for it; from the poller's own thread (its handler), only stops. */
    void stopAndJoin() {
        stop = true;
        // After the flag: a poller parked or about to park sees the flag when park() returns.
        LockSupport.unpark(thread);
        if (Thread.currentThread() == thread) {
            return;
        }
        boolean interrupted = false;
        long deadline = System.nanoTime() + JOIN_TIMEOUT_NANOS;
        while (thread.isAlive()) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                throw new IllegalStateException(thread.getName() + " did not stop within "
                        + TimeUnit.NANOSECONDS.toSeconds(JOIN_TIMEOUT_NANOS) + " s: its record handler does not return");
            }
            try {
                thread.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(left)));
            } catch (InterruptedException e) {
                interrupted = true; // keep waiting: close() must not leave the thread behind
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** Stops and joins the thread; idempotent. Throws if the handler had failed. */
    @Override
    public void close() {
        stopAndJoin();
        Throwable f = failure;
        if (f != null) {
            throw new IllegalStateException(thread.getName() + ": the record handler failed: " + f, f);
        }
    }
}
