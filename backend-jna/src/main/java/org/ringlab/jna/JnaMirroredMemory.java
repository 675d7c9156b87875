package org.ringlab.jna;

import org.ringlab.api.Availability;
import org.ringlab.linux.Libc;
import org.ringlab.linux.MemfdMirroredMemory;

/**
 * {@code mirrored-jna}: backend-linux's {@code mirrored-memfd}, the same code, over the JNA
 * {@link Libc} instead of FFM's: an anonymous {@code memfd_create} file of a header page + N
 * bytes, mapped twice back to back inside a {@code PROT_NONE} reservation. Same semantics,
 * layout, checks and probe, so the conformance suite and the benchmarks compare the bindings
 * and nothing else.
 *
 * <p>It is what the fallback chain picks when the FFM backends are refused native access but
 * JNA is not (docs/native-access.md says which JDK 25 configurations allow that).
 */
public final class JnaMirroredMemory extends MemfdMirroredMemory {

    public static final String NAME = "mirrored-jna";

    private static final String OS = System.getProperty("os.name", "");

    public JnaMirroredMemory() {
        this(JnaLibc.INSTANCE);
    }

    /** Over another binding, e.g. a fault-injecting decorator of the JNA one (tests). */
    JnaMirroredMemory(Libc libc) {
        // Cheap: nothing native happens before the first availability() or allocate().
        super(NAME, "memfd_create file mapped twice back to back (MAP_FIXED) in a 2N PROT_NONE reservation,"
                + " through JNA", libc);
    }

    /** Off Linux, unavailable without loading JNA. */
    @Override
    public Availability availability() {
        return OS.startsWith("Linux") ? super.availability() : otherSystem(OS);
    }

    static Availability otherSystem(String os) {
        return Availability.unavailable(NAME + " needs Linux (memfd_create, mmap MAP_FIXED), this is " + os);
    }
}
