package org.ringlab.linux;

import java.util.List;

/**
 * The mirrored strategies under test, one instance each (their probes are memoized), made over
 * the FFM binding decorated with {@link LinuxFaults}' hook, so a test can arm a fault on them.
 */
final class Strategies {

    /** The production binding. */
    static final Libc LIBC = Libc.ffm();
    /** The production binding behind {@link LinuxFaults}' hook. */
    static final Libc FAULTY = LinuxFaults.inject(LIBC);

    static final MemfdMirroredMemory MEMFD = new MemfdMirroredMemory(FAULTY);
    static final ShmMirroredMemory SHM = new ShmMirroredMemory(FAULTY);
    static final TmpfileMirroredMemory TMPFILE = new TmpfileMirroredMemory(FAULTY);
    static final FileMirroredMemory FILE = new FileMirroredMemory(FAULTY);
    static final MemfdGrowableMirroredMemory GROWABLE = new MemfdGrowableMirroredMemory(FAULTY);
    static final List<MirroredStrategy> ALL = List.of(MEMFD, SHM, TMPFILE, FILE, GROWABLE);

    static final long PAGE = LIBC.pageSize();

    private Strategies() {
    }
}
