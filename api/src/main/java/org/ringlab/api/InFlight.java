package org.ringlab.api;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * One queue handle's in-flight sequence: odd while the handle is inside an operation on its
 * memory (a drain's handler included), even otherwise. The handle is
 * used by one thread, so only that thread writes it; {@link DeferredUnmap} reads it when the
 * memory closes and defers the unmap until every handle that was odd then has moved on
 * (docs/native-access.md, "Closing memory under running threads").
 *
 * <p>Cost: a plain load and an opaque store on entry, a release store on exit; no fence. The
 * entry store needs no StoreLoad fence because the memory's close handshakes every thread
 * before {@link DeferredUnmap} reads the sequences: a thread that entered before its handshake
 * point is seen odd, one that entered after it sees the arena closed and throws before it
 * touches the memory.
 */
public final class InFlight {

    private static final VarHandle SEQUENCE;

    static {
        try {
            SEQUENCE = MethodHandles.lookup().findVarHandle(InFlight.class, "sequence", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    // Padding keeps the owner's writes off the cache lines of other handles' sequences.
    @SuppressWarnings("unused")
    private long p01, p02, p03, p04, p05, p06, p07;
    private long sequence;
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
        long s = sequence; // plain: only the owner writes it
        if ((s & 1) != 0) {
            return false;
        }
        SEQUENCE.setOpaque(this, s + 1); // soSequence: odd, inside (ordered by the close handshake, see above)
        return true;
    }

    /**
     * Marks the handle outside. Called exactly once after an {@link #enter()} that returned
     * true (the outermost bracket), so the sequence is odd here: no second check of it.
     */
    public void exit() {
        SEQUENCE.setRelease(this, sequence + 1); // soSequence: even; publishes that every access of the operation is done
    }

    /** True while inside (the owner's view). */
    public boolean isInside() {
        return (sequence & 1) != 0;
    }

    /** lvSequence: what a closing thread sees; acquire, so the accesses before an even value happened before. */
    long lvSequence() {
        return (long) SEQUENCE.getAcquire(this);
    }
}
