package org.ringlab.linux;

import java.util.concurrent.atomic.AtomicLong;

import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.NativeCallException;
import org.ringlab.api.RingSpec;

import static org.ringlab.linux.Libc.O_CLOEXEC;
import static org.ringlab.linux.Libc.O_CREAT;
import static org.ringlab.linux.Libc.O_EXCL;
import static org.ringlab.linux.Libc.O_RDWR;

/**
 * {@code mirrored-shm}: a POSIX shared-memory object ({@code shm_open}), unlinked at once so
 * no name outlives the call, mapped twice back to back. For systems without memfd.
 */
public final class ShmMirroredMemory extends MirroredStrategy {

    private static final AtomicLong COUNTER = new AtomicLong();
    private static final long PID = ProcessHandle.current().pid();
    private static final int ATTEMPTS = 3; // a stale name left by a crashed process with our pid

    public ShmMirroredMemory() {
        this(Libc.ffm());
    }

    ShmMirroredMemory(Libc libc) {
        super("mirrored-shm", "shm_open object, unlinked at once, mapped twice back to back in a 2N PROT_NONE reservation",
                libc);
    }

    @Override
    public MemoryStrategy over(Libc other) {
        return new ShmMirroredMemory(other);
    }

    @Override
    long open(RingSpec spec, long fileSize, Acquired acquired) {
        for (int attempt = 1; ; attempt++) {
            String name = "/ringlab-" + PID + "-" + COUNTER.incrementAndGet();
            try {
                acquired.fd = libc.shmOpen(name, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
            } catch (NativeCallException e) {
                if (e.errno() == Libc.EEXIST && attempt < ATTEMPTS) {
                    continue;
                }
                throw e;
            }
            acquired.shmName = name;
            libc.shmUnlink(name);
            acquired.shmName = null;
            return 0;
        }
    }
}
