package org.ringlab.windows;

import java.lang.foreign.ValueLayout;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Set;

import org.ringlab.api.Availability;
import org.ringlab.api.support.ProbedAvailability;
import org.ringlab.api.Capability;
import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.MirroredRingMemory;
import org.ringlab.api.RingChecks;
import org.ringlab.api.RingMemory;
import org.ringlab.api.RingSpec;

/**
 * {@code mirrored-windows}: the seed's Windows ring. A pagefile-backed section mapped twice,
 * back to back, into placeholders reserved with VirtualAlloc2 and replaced by MapViewOfFile3
 * (see {@link PlaceholderMapping}); N resident bytes, H + 2N of address space, where H and
 * every capacity are multiples of the allocation granularity (64 KiB) read from GetSystemInfo.
 * Windows 10 1803 or later; on any other system it is unavailable and says why.
 */
public final class WindowsMirroredMemory implements MemoryStrategy {

    public static final String NAME = "mirrored-windows";
    /** What the strategy needs, as every refusal on another system states it. */
    static final String NEEDS = "needs Windows 10 1803+ (VirtualAlloc2/MapViewOfFile3)";

    private static final Set<Capability> CAPABILITIES = Collections.unmodifiableSet(EnumSet.of(
            Capability.ZERO_COPY_WINDOW, Capability.ZERO_COPY_CLAIM, Capability.MIRRORED,
            Capability.CONCURRENT_READ, Capability.NATIVE));

    private final ProbedAvailability availability =
            new ProbedAvailability(NAME, () -> probe(System.getProperty("os.name", "")));

    public WindowsMirroredMemory() {
        // Cheap: the bindings load on the first availability() or allocate().
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "pagefile-backed section mapped twice back to back into VirtualAlloc2 placeholders (MapViewOfFile3)";
    }

    @Override
    public Set<Capability> capabilities() {
        return CAPABILITIES;
    }

    /** The allocation granularity from GetSystemInfo (64 KiB on every Windows so far). */
    @Override
    public long granularity() {
        availability().ensureAvailable(NAME);
        return Kernel32.get().allocationGranularity();
    }

    @Override
    public Availability availability() {
        return availability.get();
    }

    @Override
    public RingMemory allocate(RingSpec spec) {
        availability().ensureAvailable(NAME);
        return allocate(Kernel32.get(), spec);
    }

    @Override
    public String toString() {
        return NAME;
    }

    /** The allocation itself, over any {@link Win32} (the real one, or a fake in tests). */
    static RingMemory allocate(Win32 win32, RingSpec spec) {
        long g = win32.allocationGranularity();
        long n = RingChecks.checkCapacity(NAME, spec.capacity(), g);
        if (spec.file() != null) {
            throw new IllegalArgumentException(NAME + " cannot use a named file (" + spec.file()
                    + "): its memory is an anonymous pagefile-backed section");
        }
        PlaceholderMapping mapping = PlaceholderMapping.map(win32, g, n);
        return new MirroredRingMemory(NAME, n, CAPABILITIES, g, mapping.header(), mapping.segment(), mapping::close);
    }

    /** Wrong OS without loading anything; on Windows the real calls: allocate one granule, write view 1, read view 2. */
    static Availability probe(String os) {
        if (!os.startsWith("Windows")) {
            return Availability.unavailable(NAME + " " + NEEDS + ", this is " + (os.isBlank() ? "an unknown OS" : os));
        }
        return Availability.probe(NAME + " probe (look up kernelbase.dll, allocate one granule, write through view 1,"
                + " read through view 2)", () -> {
            Kernel32 win32 = Kernel32.get();
            long g = win32.allocationGranularity();
            try (RingMemory ring = allocate(win32, RingSpec.ofCapacity(g))) {
                ring.claim(0, 1).set(ValueLayout.JAVA_BYTE, 0, (byte) 0x5A);
                ring.commit(0, 1);
                byte seen = ring.window(1, g).get(ValueLayout.JAVA_BYTE, g - 1);
                if (seen != 0x5A) {
                    throw new IllegalStateException("byte 0 written through view 1 reads 0x"
                            + Integer.toHexString(seen & 0xFF) + " through view 2, not 0x5a");
                }
            }
        });
    }
}
