package org.ringlab.jna;

import java.lang.foreign.ValueLayout;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Set;

import org.ringlab.api.Cleanup;
import org.ringlab.api.Availability;
import org.ringlab.api.ProbedAvailability;
import org.ringlab.api.Capability;
import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.MirroredRingMemory;
import org.ringlab.api.RingChecks;
import org.ringlab.api.RingMemory;
import org.ringlab.api.RingSpec;

/**
 * {@code mirrored-jna}: backend-linux's {@code mirrored-memfd} through JNA instead of FFM. An
 * anonymous {@code memfd_create} file of a header page + N bytes, mapped twice back to back
 * inside a {@code PROT_NONE} reservation; N resident bytes, H + 2N of address space. Same
 * semantics, layout, checks and probe as {@code mirrored-memfd}, so the conformance suite and
 * the benchmarks compare the bindings and nothing else.
 *
 * <p>It is what the fallback chain picks when the FFM backends are refused native access but
 * JNA is not (see the module documentation and the README for which JDK 25 configurations
 * allow that).
 */
public final class JnaMirroredMemory implements MemoryStrategy {

    public static final String NAME = "mirrored-jna";

    private static final Set<Capability> CAPABILITIES = Collections.unmodifiableSet(EnumSet.of(
            Capability.ZERO_COPY_WINDOW, Capability.ZERO_COPY_CLAIM, Capability.MIRRORED,
            Capability.CONCURRENT_READ, Capability.NATIVE));

    private final ProbedAvailability availability =
            new ProbedAvailability(NAME, () -> probe(System.getProperty("os.name", "")));

    public JnaMirroredMemory() {
        // Cheap: nothing native happens before the first availability() or allocate().
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "memfd_create file mapped twice back to back (MAP_FIXED) in a 2N PROT_NONE reservation, through JNA";
    }

    @Override
    public Set<Capability> capabilities() {
        return CAPABILITIES;
    }

    @Override
    public long granularity() {
        availability().ensureAvailable(NAME);
        return JnaLibc.pageSize();
    }

    @Override
    public Availability availability() {
        return availability.get();
    }

    @Override
    public RingMemory allocate(RingSpec spec) {
        availability().ensureAvailable(NAME);
        return allocateAvailable(spec);
    }

    @Override
    public String toString() {
        return NAME;
    }

    private static RingMemory allocateAvailable(RingSpec spec) {
        long n = RingChecks.checkCapacity(NAME, spec.capacity(), JnaLibc.pageSize());
        if (spec.file() != null) {
            throw new IllegalArgumentException(NAME + " cannot use a named file (" + spec.file()
                    + "): its memory is anonymous; use mirrored-file");
        }
        long header = JnaLibc.pageSize();
        int fd = JnaLibc.memfdCreate("ringlab", JnaLibc.MFD_CLOEXEC);
        JnaMirrorMapping mapping = null;
        boolean fdOpen = true;
        try {
            JnaLibc.ftruncate(fd, header + n);
            mapping = JnaMirrorMapping.map(fd, header, n);
            fdOpen = false; // Linux frees the descriptor even when close fails: never twice
            JnaLibc.close(fd); // the mapping keeps the pages
            return new MirroredRingMemory(NAME, n, CAPABILITIES, JnaLibc.pageSize(), mapping.header(), mapping.segment(), mapping::close);
        } catch (Throwable t) {
            JnaMirrorMapping held = mapping;
            boolean closeFd = fdOpen;
            Cleanup.runAll(t, () -> {
                if (held != null) {
                    held.close();
                }
            }, () -> {
                if (closeFd) {
                    JnaLibc.close(fd);
                }
            });
            throw t;
        }
    }

    /** Wrong OS without loading JNA; on Linux real calls, never a test fault: allocate one page, write view 1, read view 2. */
    static Availability probe(String os) {
        if (!os.startsWith("Linux")) {
            return Availability.unavailable(NAME + " needs Linux (memfd_create, mmap MAP_FIXED), this is " + os);
        }
        return JnaFaults.withoutFaults(() -> Availability.probe(
                NAME + " probe (load JNA, allocate one page, write through view 1, read through view 2)", () -> {
                    long page = JnaLibc.pageSize();
                    try (RingMemory ring = allocateAvailable(RingSpec.ofCapacity(page))) {
                        ring.claim(0, 1).set(ValueLayout.JAVA_BYTE, 0, (byte) 0x5A);
                        ring.commit(0, 1);
                        // Window [1, page + 1) ends with offset page: view 2's alias of byte 0.
                        byte seen = ring.window(1, page).get(ValueLayout.JAVA_BYTE, page - 1);
                        if (seen != 0x5A) {
                            throw new IllegalStateException("byte 0 written through view 1 reads 0x"
                                    + Integer.toHexString(seen & 0xFF) + " through view 2, not 0x5a");
                        }
                    }
                }));
    }
}
