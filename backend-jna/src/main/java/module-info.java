/**
 * The Linux mirrored ring and mremap growth through JNA instead of FFM: {@code mirrored-jna}
 * and {@code mremap-jna}. The ring is the same memfd
 * ring as backend-linux's {@code mirrored-memfd} (same layout, same probe), for runtimes where
 * the FFM backends are refused, and to measure what the binding costs.
 *
 * <p>libc is called through JNA's direct mapping, which needs native access for JNA's module
 * ({@code com.sun.jna}) only. This module itself needs native access for one restricted
 * method, {@code MemorySegment.reinterpret}, which gives the mapped address a bounded,
 * arena-owned segment (so a stale segment throws instead of crashing the JVM):
 * {@code --enable-native-access=com.sun.jna,org.ringlab.jna} on the module path.
 */
module org.ringlab.jna {
    // Transitive: the exported strategy's signatures are api types.
    requires transitive org.ringlab.api;
    requires com.sun.jna;

    exports org.ringlab.jna;

    provides org.ringlab.api.MemoryStrategy with org.ringlab.jna.JnaMirroredMemory;
    provides org.ringlab.api.GrowthStrategy with org.ringlab.jna.JnaMremapGrowth;
}
