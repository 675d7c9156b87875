package org.ringlab.bench.driver.scenario;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/**
 * The NIC's interrupt line to the consumer's CPU. The NIC raises interrupts
 * ({@link #packetEnqueued}); the consumer pays {@code interrupt ns} of CPU for every one
 * raised (it reads {@link #raised()}) and parks while the line is armed and nothing is left.
 *
 * <h2>Protocol</h2>
 * One state word, {@code RUNNING} (the consumer is working: in NAPI terms, interrupts off) or
 * {@code ARMED} (interrupts on: the consumer has found nothing to do and is about to park).
 * Consumer ({@link #parkUnlessPending}): {@link #arm()} (volatile store, full fence), re-check the
 * ring and the raised count, take the line back ({@link #disarm()}) if anything is there, else
 * {@link #awaitInterrupt}.
 * NIC, after the release store that publishes a packet: full fence, and if the state is
 * {@code ARMED}, CAS it to {@code RUNNING} and unpark the consumer. Dekker's pattern: of the
 * consumer's re-check and the NIC's state read at least one sees the other's store, so no
 * packet waits behind a parked consumer.
 *
 * <p>{@link PerPacketInterrupts} raises one interrupt per packet whatever the state (seed 001's
 * "before": an interrupt per packet); {@link NapiInterrupts} raises one only when it finds the
 * line armed (NAPI: interrupts are off while the consumer polls).
 */
abstract sealed class InterruptLine permits PerPacketInterrupts, NapiInterrupts {

    static final long RUNNING = 0;
    static final long ARMED = 1;

    private static final VarHandle SLOT = MethodHandles.arrayElementVarHandle(long[].class);
    // 128 bytes apart: the NIC's counter, the state both touch, the consumer's counter.
    private static final int STATE = 16;
    private static final int RAISED = 32; // NIC-owned
    private static final int PARKS = 48;  // consumer-owned
    private final long[] board = new long[PARKS + 17];
    private volatile Thread consumer;
    private volatile boolean stop;

    /** NIC thread, after a packet is in the ring. */
    abstract void packetEnqueued();

    /** Packets the consumer takes per poll before it looks at the line again. */
    abstract int budget(int batch);

    /** For tables. */
    abstract String describe();

    final void attachConsumer(Thread t) {
        consumer = t;
    }

    /** NIC thread: one more interrupt for the consumer to pay. */
    final void raise() {
        SLOT.setOpaque(board, RAISED, board[RAISED] + 1); // one writer; opaque so a reader never sees it torn
    }

    /** NIC thread: after the fence, whether the consumer had armed the line; if so it is woken. */
    final boolean wakeIfArmed() {
        // StoreLoad: the ring's publication (and raise()) must be visible before the state is read.
        VarHandle.fullFence();
        if ((long) SLOT.getVolatile(board, STATE) == ARMED && SLOT.compareAndSet(board, STATE, ARMED, RUNNING)) {
            Thread t = consumer;
            if (t != null) {
                LockSupport.unpark(t);
            }
            return true;
        }
        return false;
    }

    /** Interrupts raised so far. */
    final long raised() {
        return (long) SLOT.getOpaque(board, RAISED);
    }

    final long parks() {
        return (long) SLOT.getOpaque(board, PARKS);
    }

    /** Consumer: interrupts on. The caller re-checks the ring and {@link #raised()} afterwards. */
    final void arm() {
        SLOT.setVolatile(board, STATE, ARMED);
        // StoreLoad: the announcement before the re-check reads the ring (the consumer's half of Dekker).
        VarHandle.fullFence();
    }

    /** Consumer: something arrived after all; interrupts off again (a lost CAS means the NIC already did it). */
    final void disarm() {
        SLOT.compareAndSet(board, STATE, ARMED, RUNNING);
    }

    /**
     * Consumer, with nothing left to do: announce parking ({@link #arm}), re-check for work
     * ({@link #pendingAfterArming}), take the line back if there is some, else park until an
     * interrupt. Returns whether it parked.
     */
    final boolean parkUnlessPending(BooleanSupplier pending) {
        arm();
        if (pendingAfterArming(pending)) {
            disarm();
            return false;
        }
        awaitInterrupt();
        return true;
    }

    /**
     * The re-check after {@link #arm}: a packet published before the NIC could see the line armed
     * is found here. One step, so a test twin can leave it out and be caught losing wake-ups.
     */
    boolean pendingAfterArming(BooleanSupplier pending) {
        return pending.getAsBoolean();
    }

    /** Whether the consumer has armed the line and the NIC has not taken it back (for tests and tables). */
    final boolean armed() {
        return (long) SLOT.getVolatile(board, STATE) == ARMED;
    }

    /** Consumer: parks while armed and not stopped (returns from park may be spurious: re-read). */
    final void awaitInterrupt() {
        while ((long) SLOT.getVolatile(board, STATE) == ARMED && !stop) {
            SLOT.setOpaque(board, PARKS, board[PARKS] + 1);
            LockSupport.park(this);
        }
    }

    final boolean stopRequested() {
        return stop;
    }

    /** Any thread: the consumer finishes what is there and exits. */
    final void requestStop() {
        stop = true;
        Thread t = consumer;
        if (t != null) {
            LockSupport.unpark(t);
        }
    }
}
