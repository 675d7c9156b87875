package org.ringlab.api.support;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * One queue handle's in-flight sequence: odd while the handle is inside an operation on its
 * memory (a drain's handler included), even otherwise. The handle is
 * used by one thread, so only that thread writes it; {@link DeferredUnmap} reads it when the
 * memory closes and defers the unmap until every handle that was odd then has moved on
 * (docs/native-access.md, "Closing memory under running threads").
 *
 * <p>A handle that hands its caller a segment to keep (a peeked record, a claim) stays inside
 * until the caller gives it back: {@link #hold()}, {@link #unhold()}.
 *
 * <p>Cost: plain loads and an opaque store on entry, a release store on exit; no fence. The
 * entry store needs no StoreLoad fence because the memory's close handshakes every thread
 * before {@link DeferredUnmap} reads the sequences: a thread that entered before its handshake
 * point is seen odd, one that entered after it sees the arena closed and throws before it
 * touches the memory.
 */
public final class InFlight {

    private static final VarHandle SEQUENCE;
    private static final VarHandle HELD_OUTSIDE;

    static {
        try {
            SEQUENCE = MethodHandles.lookup().findVarHandle(InFlight.class, "sequence", long.class);
            HELD_OUTSIDE = MethodHandles.lookup().findVarHandle(InFlight.class, "heldOutside", boolean.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    // Padding keeps the owner's writes off the cache lines of other handles' sequences.
    @SuppressWarnings("unused")
    private long p01, p02, p03, p04, p05, p06, p07;
    private long sequence;
    /** Inside an operation (plain: owner only); the sequence is odd while this or {@link #held} is. */
    private boolean operating;
    /** A segment handed out by peek or claim is still the caller's (plain: owner only). */
    private boolean held;
    /** Odd only because of {@link #held}, no operation running: what a closing thread may wait less for. */
    private boolean heldOutside;
    @SuppressWarnings("unused")
    private long p11, p12, p13, p14, p15, p16, p17;

    InFlight() {
    }

    /**
     * Marks the handle inside; returns false (and changes nothing) when it already was (an
     * operation called from another, such as a blocking form calling the plain one), so that
     * only the outermost bracket calls {@link #exit()}.
     */
    public boolean enter() {
        if (operating) {
            return false;
        }
        operating = true;
        if (!held) {
            SEQUENCE.setOpaque(this, sequence + 1); // soSequence: odd, inside (ordered by the close handshake, see above)
        } else {
            HELD_OUTSIDE.setOpaque(this, false); // an operation runs again (ordered as the sequence is)
        }
        return true;
    }

    /**
     * Marks the handle outside. Called exactly once after an {@link #enter()} that returned
     * true (the outermost bracket). While a segment is {@linkplain #hold() held} the sequence
     * stays odd: the caller still touches the memory through it.
     */
    public void exit() {
        operating = false;
        if (!held) {
            SEQUENCE.setRelease(this, sequence + 1); // soSequence: even; publishes that every access of the operation is done
        } else {
            HELD_OUTSIDE.setRelease(this, true); // publishes that the operation's accesses are done; only the held segment is left
        }
    }

    /**
     * Called inside an operation that hands the caller a segment of the memory it keeps using
     * after the operation returns (a record from {@code peek}, a claim): the handle stays inside
     * until the operation that ends the hold ({@code release}, {@code commit}, a replacing
     * claim that fails, a poll or drain that consumes the peeked record) calls
     * {@link #unhold()}, so a close meanwhile defers the unmap instead of pulling the pages
     * from under the caller. A holder that never gives the segment back (its queue or memory
     * closed first) is waited for at most {@link DeferredUnmap#HOLD_GRACE}.
     */
    public void hold() {
        if (!held && !operating) {
            SEQUENCE.setOpaque(this, sequence + 1); // soSequence: odd (a hold begun outside a bracket)
            HELD_OUTSIDE.setOpaque(this, true);
        }
        held = true;
    }

    /** Ends a {@link #hold()}: inside an operation, that operation's {@link #exit()} then leaves; outside, at once. */
    public void unhold() {
        if (held) {
            held = false;
            if (!operating) {
                HELD_OUTSIDE.setOpaque(this, false);
                SEQUENCE.setRelease(this, sequence + 1); // soSequence: even; publishes that the held segment's accesses are done
            }
        }
    }

    /** True while inside (the owner's view). */
    public boolean isInside() {
        return (sequence & 1) != 0;
    }

    /**
     * lvHeldOutside: inside only because the caller holds a segment, no operation running. A
     * close waits for such a handle only {@link DeferredUnmap#HOLD_GRACE} (see there).
     */
    boolean lvHeldOutside() {
        return (boolean) HELD_OUTSIDE.getAcquire(this);
    }

    /** lvSequence: what a closing thread sees; acquire, so the accesses before an even value happened before. */
    long lvSequence() {
        return (long) SEQUENCE.getAcquire(this);
    }
}
