/**
 * backend-linux's {@code Libc} interface through JNA instead of FFM, and the two strategies
 * made of backend-linux's code over it: {@code mirrored-jna} ({@code mirrored-memfd}'s code)
 * and {@code mremap-jna} ({@code mremap}'s), for runtimes where the FFM backends are refused,
 * and to measure what the binding costs.
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
    // Transitive: the strategies extend backend-linux's and the binding is its Libc.
    requires transitive org.ringlab.linux;
    requires com.sun.jna;

    exports org.ringlab.jna;

    provides org.ringlab.api.MemoryStrategy with org.ringlab.jna.JnaMirroredMemory;
    provides org.ringlab.api.GrowthStrategy with org.ringlab.jna.JnaMremapGrowth;
}
