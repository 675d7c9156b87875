package org.ringlab.linux;

import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

import org.ringlab.api.support.Cleanup;
import org.ringlab.api.NativeCallException;
import org.ringlab.api.Availability;
import org.ringlab.api.support.ProbedAvailability;
import org.ringlab.api.Capability;
import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.MirroredRingMemory;
import org.ringlab.api.RingChecks;
import org.ringlab.api.RingMemory;
import org.ringlab.api.RingSpec;

/**
 * What the Linux mirrored strategies share: the allocation (file of N bytes, mirror
 * mapping, descriptor closed), the probe, the checks and the release of everything acquired
 * when any step fails. A strategy supplies only how its file is obtained ({@link #open}). Every
 * native call goes through the strategy's {@link Libc}: FFM's, JNA's ({@code mirrored-jna}), or
 * a fault-injecting decorator of either in tests.
 */
abstract class MirroredStrategy implements MemoryStrategy, BoundToLibc<MemoryStrategy> {

    // The public methods are not final so that javac gives each public subclass bridges to
    // them: reflective callers outside the package cannot invoke methods of this class itself.

    private static final Set<Capability> BASE = EnumSet.of(Capability.ZERO_COPY_WINDOW, Capability.ZERO_COPY_CLAIM,
            Capability.MIRRORED, Capability.CONCURRENT_READ, Capability.NATIVE);

    private final String name;
    private final String description;
    private final Set<Capability> capabilities;
    private final ProbedAvailability availability;
    final Libc libc;

    MirroredStrategy(String name, String description, Libc libc, Capability... extra) {
        this.name = name;
        this.description = description;
        this.libc = libc;
        EnumSet<Capability> all = EnumSet.copyOf(BASE);
        all.addAll(List.of(extra));
        this.capabilities = Collections.unmodifiableSet(all);
        this.availability = new ProbedAvailability(name, this::probe);
    }

    /**
     * Obtains the file to map: stores its descriptor (and any name that must go on failure)
     * in {@code acquired} as soon as each exists, and returns the file's current size
     * (0 for a new file, which is then sized to {@code fileSize}: a header page + N).
     */
    abstract long open(RingSpec spec, long fileSize, Acquired acquired);

    @Override
    public Libc libc() {
        return libc;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String description() {
        return description;
    }

    @Override
    public Set<Capability> capabilities() {
        return capabilities;
    }

    @Override
    public long granularity() {
        availability().ensureAvailable(name);
        return libc.pageSize();
    }

    @Override
    public Availability availability() {
        return availability.get();
    }

    @Override
    public RingMemory allocate(RingSpec spec) {
        availability().ensureAvailable(name);
        return allocateAvailable(spec);
    }

    @Override
    public String toString() {
        return name;
    }

    private RingMemory allocateAvailable(RingSpec spec) {
        long n = RingChecks.checkCapacity(name, spec.capacity(), libc.pageSize());
        if (spec.file() != null && !has(Capability.SHARED_BETWEEN_PROCESSES)) {
            throw new IllegalArgumentException(name + " cannot use a named file (" + spec.file()
                    + "): its memory is anonymous; use mirrored-file");
        }
        Acquired acquired = new Acquired(libc);
        try {
            long header = libc.pageSize();
            if (open(spec, header + n, acquired) == 0) {
                libc.ftruncate(acquired.fd, header + n);
            }
            acquired.mapping = MirrorMapping.map(libc, acquired.fd, header, n);
            return newRing(n, acquired);
        } catch (NativeCallException e) {
            acquired.releaseAll(e);
            // Name the size: "mmap(reserve H+2N) failed: errno 12" alone does not say how much was asked.
            throw new NativeCallException(name + ": allocating a ring of " + n + " bytes (a header page + N file bytes, H + 2N = "
                    + (libc.pageSize() + 2 * n) + " bytes of address space)", e);
        } catch (Throwable t) {
            acquired.releaseAll(t);
            throw t;
        }
    }

    /**
     * The ring over a fresh mapping of {@code n} bytes; takes what it keeps out of
     * {@code acquired} (what is left there is released if this throws). By default the
     * descriptor is closed: the mapping keeps the pages.
     */
    RingMemory newRing(long n, Acquired acquired) {
        acquired.closeFd(); // the mapping keeps the pages; the descriptor is not needed any more
        MirrorMapping mapping = acquired.mapping;
        String removeOnClose = acquired.removeOnClose;
        return new MirroredRingMemory(name, n, capabilities, libc.pageSize(), mapping.header(), mapping.segment(), () -> Cleanup.runAll(null,
                mapping::close, () -> {
                    if (removeOnClose != null) {
                        libc.unlink(removeOnClose);
                    }
                }));
    }

    /** Further probe checks, on the one-page probe ring, which holds 0x5a at position 0. */
    void probeMore(RingMemory ring) {
    }

    /** Real calls, never a test fault: allocate one page, write through view 1, read through view 2. */
    private Availability probe() {
        String os = System.getProperty("os.name", "");
        if (!os.startsWith("Linux")) {
            return Availability.unavailable(name + " needs Linux (memfd/mmap MAP_FIXED), this is " + os);
        }
        return LinuxFaults.withoutFaults(() -> Availability.probe(
                name + " probe (allocate one page, write through view 1, read through view 2)", () -> {
                    long page = libc.pageSize();
                    try (RingMemory ring = allocateAvailable(RingSpec.ofCapacity(page))) {
                        ring.claim(0, 1).set(ValueLayout.JAVA_BYTE, 0, (byte) 0x5A);
                        ring.commit(0, 1);
                        // Window [1, page + 1) ends with offset page: view 2's alias of byte 0.
                        byte seen = ring.window(1, page).get(ValueLayout.JAVA_BYTE, page - 1);
                        if (seen != 0x5A) {
                            throw new IllegalStateException("byte 0 written through view 1 reads 0x"
                                    + Integer.toHexString(seen & 0xFF) + " through view 2, not 0x5a");
                        }
                        probeMore(ring);
                    }
                }));
    }

    /**
     * A directory to create files in: {@code spec.directory()} or {@code fallback}; it must exist
     * and be writable, which is checked here so the error names the path plainly.
     */
    final Path directory(RingSpec spec, Path fallback) {
        Path dir = (spec.directory() != null ? spec.directory() : fallback).toAbsolutePath();
        requireWritableDirectory(dir);
        return dir;
    }

    final void requireWritableDirectory(Path dir) {
        if (!Files.isDirectory(dir)) {
            throw new IllegalArgumentException(name + ": directory " + dir + " does not exist or is not a directory");
        }
        if (!Files.isWritable(dir)) {
            throw new IllegalArgumentException(name + ": directory " + dir + " is not writable");
        }
    }

    /**
     * A new file in {@code dir} via mkstemp, recorded as one to remove if the allocation fails.
     * The name carries the pid, as shm names do: whose file it is shows in a directory listing.
     */
    final void createTemporary(Path dir, Acquired acquired) {
        Libc.TempFile temp = libc.mkstemp(dir.resolve("ringlab-" + ProcessHandle.current().pid() + "-XXXXXX")
                .toString());
        acquired.fd = temp.fd();
        acquired.file = temp.path();
    }

    /** What an allocation holds so far; on failure all of it is released, whatever fails meanwhile. */
    static final class Acquired {
        private final Libc libc;
        /** Open descriptor of the backing file, or -1. */
        int fd = -1;
        /** A file this allocation created and has not unlinked: removed on failure. */
        String file;
        /** A shared-memory object name not yet unlinked: removed on failure. */
        String shmName;
        /** The file the ring deletes on close (a temporary named file), or null. */
        String removeOnClose;
        MirrorMapping mapping;

        Acquired(Libc libc) {
            this.libc = libc;
        }

        /** Closes the descriptor once: Linux frees it even when close fails, so never twice. */
        void closeFd() {
            int open = fd;
            fd = -1;
            libc.close(open);
        }

        void releaseAll(Throwable primary) {
            Cleanup.runAll(primary,
                    () -> {
                        if (mapping != null) {
                            mapping.close();
                        }
                    },
                    () -> {
                        if (fd >= 0) {
                            closeFd();
                        }
                    },
                    () -> {
                        if (shmName != null) {
                            libc.shmUnlink(shmName);
                        }
                    },
                    () -> {
                        if (file != null) {
                            libc.unlink(file);
                        }
                    });
        }
    }
}
