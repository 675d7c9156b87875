package org.ringlab.linux;

import java.lang.foreign.ValueLayout;

import org.ringlab.api.Capability;
import org.ringlab.api.GrowableRingMemory;
import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.RingMemory;
import org.ringlab.api.RingSpec;

/**
 * {@code mirrored-memfd-growable}: {@code mirrored-memfd} whose rings can grow while they hold
 * data ({@link Capability#GROWABLE}; {@code allocate} returns a {@link GrowableRingMemory}).
 * A strategy of its own rather than a capability of {@code mirrored-memfd} because it keeps
 * the memfd open for the ring's life (to enlarge and map it again), one descriptor per ring
 * that the plain strategy, like seed 000, closes right after mapping.
 */
public final class MemfdGrowableMirroredMemory extends MirroredStrategy {

    public MemfdGrowableMirroredMemory() {
        this(Libc.ffm());
    }

    MemfdGrowableMirroredMemory(Libc libc) {
        super("mirrored-memfd-growable", "mirrored-memfd that grows while it holds data: ftruncate the memfd, map a"
                + " new double view, move only the wrapped part", libc, Capability.GROWABLE);
    }

    @Override
    public MemoryStrategy over(Libc other) {
        return new MemfdGrowableMirroredMemory(other);
    }

    @Override
    long open(RingSpec spec, long fileSize, Acquired acquired) {
        acquired.fd = libc.memfdCreate("ringlab", Libc.MFD_CLOEXEC);
        return 0;
    }

    @Override
    RingMemory newRing(long n, Acquired acquired) {
        GrowableMirroredRing ring = new GrowableMirroredRing(libc, name(), n, capabilities(), libc.pageSize(), acquired.mapping, acquired.fd);
        acquired.fd = -1; // the ring owns it now
        return ring;
    }

    /** Grow the probe ring to two pages keeping position 0, read it back through both views. */
    @Override
    void probeMore(RingMemory ring) {
        long page = libc.pageSize();
        ((GrowableRingMemory) ring).grow(2 * page, 0, 1);
        byte first = ring.window(0, 1).get(ValueLayout.JAVA_BYTE, 0);
        byte mirrored = ring.window(1, 2 * page).get(ValueLayout.JAVA_BYTE, 2 * page - 1);
        if (first != 0x5A || mirrored != 0x5A) {
            throw new IllegalStateException("after growing to two pages byte 0 reads 0x" + Integer.toHexString(first & 0xFF)
                    + " through view 1 and 0x" + Integer.toHexString(mirrored & 0xFF) + " through view 2, not 0x5a");
        }
    }
}
