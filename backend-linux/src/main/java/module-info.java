/**
 * The {@link org.ringlab.linux.Libc} binding interface and its FFM implementation, the Linux
 * mirrored ("magic") ring strategies (memfd, shm_open, unlinked temporary file and named file,
 * each mapped twice back to back; a memfd ring that grows) and the Linux growth strategies
 * (malloc copy-doubling, realloc, mremap, reserve-commit), all written against {@code Libc}.
 *
 * <p>The package is exported for the interface and the mechanisms (backend-jna's strategies
 * are {@code mirrored-memfd} and {@code mremap} over its JNA binding), for
 * {@link org.ringlab.linux.LinuxFaults} (test-only fault injection, a decorator of the binding,
 * used by other modules' tests and the kit) and so the strategies can be constructed directly;
 * the FFM binding itself stays package-private ({@code Libc.ffm()}). Native access must be enabled for this module
 * ({@code --enable-native-access=org.ringlab.linux}, or {@code ALL-UNNAMED} on the class path);
 * without it the strategies report themselves unavailable.
 */
module org.ringlab.linux {
    // Transitive: the exported strategies' signatures are api types.
    requires transitive org.ringlab.api;
    requires transitive org.ringlab.growth;

    exports org.ringlab.linux;

    provides org.ringlab.api.MemoryStrategy with
            org.ringlab.linux.MemfdMirroredMemory,
            org.ringlab.linux.ShmMirroredMemory,
            org.ringlab.linux.TmpfileMirroredMemory,
            org.ringlab.linux.FileMirroredMemory,
            org.ringlab.linux.MemfdGrowableMirroredMemory;

    provides org.ringlab.api.GrowthStrategy with
            org.ringlab.linux.CopyDoublingNativeGrowth,
            org.ringlab.linux.ReallocGrowth,
            org.ringlab.linux.MremapGrowth,
            org.ringlab.linux.ReserveCommitGrowth;

    // Seed 004's growing shared file.
    provides org.ringlab.api.MappedFileStrategy with
            org.ringlab.linux.MappedFileMemory;

    // CPU pinning and fault counts for the experiments (bench finds it by ServiceLoader).
    provides org.ringlab.api.PlatformThreads with
            org.ringlab.linux.LinuxPlatformThreads;
}
