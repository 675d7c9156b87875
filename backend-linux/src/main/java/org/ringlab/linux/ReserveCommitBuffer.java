package org.ringlab.linux;

import org.ringlab.api.support.Cleanup;
import org.ringlab.api.GrowthPolicy;

import static org.ringlab.linux.Libc.MAP_ANONYMOUS;
import static org.ringlab.linux.Libc.MAP_NORESERVE;
import static org.ringlab.linux.Libc.MAP_PRIVATE;
import static org.ringlab.linux.Libc.PROT_NONE;
import static org.ringlab.linux.Libc.PROT_READ;
import static org.ringlab.linux.Libc.PROT_WRITE;

/**
 * {@code reserve-commit}: seed 000's first page trick. One {@code PROT_NONE} reservation of the
 * maximum capacity ({@code MAP_NORESERVE}: address space only, no memory, no commit charge),
 * made readable and writable with {@code mprotect} as the buffer fills. The address never
 * changes, nothing is copied, segments stay valid until close, and physical pages appear only
 * where bytes are written. Growth past the reservation is growth past the maximum: refused.
 */
final class ReserveCommitBuffer extends NativeGrowableBuffer {

    /** Prefix of the reservation's call description, which goes on with its size. */
    static final String RESERVE = "mmap(reserve-commit reservation";
    static final String COMMIT = "mprotect(commit)";

    private final long reservation;

    ReserveCommitBuffer(Libc libc, String strategyName, long initialCapacity, GrowthPolicy policy) {
        super(libc, strategyName, initialCapacity, policy);
        this.reservation = pages(policy.maxCapacity());
        long base = libc.mmap(RESERVE + " of " + reservation + " bytes)", 0, reservation, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
        long committed = pages(initialCapacity);
        try {
            libc.mprotect(COMMIT, base, committed, PROT_READ | PROT_WRITE);
        } catch (Throwable t) {
            Cleanup.runAll(t, () -> libc.munmap("munmap(reservation)", base, reservation));
            throw t;
        }
        adopt(base, committed);
    }

    @Override
    protected long resize(long newCapacity, long liveBytes) {
        long committed = length();
        long wanted = pages(newCapacity);
        if (wanted > committed) {
            libc.mprotect(COMMIT, address() + committed, wanted - committed, PROT_READ | PROT_WRITE);
            extend(wanted);
        }
        return 0;
    }

    @Override
    void free() {
        libc.munmap("munmap(reservation)", address(), reservation);
    }
}
