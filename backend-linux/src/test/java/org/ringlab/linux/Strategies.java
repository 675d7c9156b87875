package org.ringlab.linux;

import java.util.List;

/** The mirrored strategies under test, one instance each (their probes are memoized). */
final class Strategies {

    static final MemfdMirroredMemory MEMFD = new MemfdMirroredMemory();
    static final ShmMirroredMemory SHM = new ShmMirroredMemory();
    static final TmpfileMirroredMemory TMPFILE = new TmpfileMirroredMemory();
    static final FileMirroredMemory FILE = new FileMirroredMemory();
    static final MemfdGrowableMirroredMemory GROWABLE = new MemfdGrowableMirroredMemory();
    static final List<MirroredStrategy> ALL = List.of(MEMFD, SHM, TMPFILE, FILE, GROWABLE);

    static final long PAGE = LinuxLibc.pageSize();

    private Strategies() {
    }
}
