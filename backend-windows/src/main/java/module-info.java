/**
 * The Windows placeholder mirrored ring, {@code mirrored-windows}: a pagefile-backed section
 * mapped twice back to back into placeholders (VirtualAlloc2, MapViewOfFile3; Windows 10 1803
 * and later), through FFM bindings to kernel32/kernelbase looked up at run time. On any other
 * OS it is listed as unavailable with the reason. Native access must be enabled for this
 * module ({@code --enable-native-access=org.ringlab.windows}, or {@code ALL-UNNAMED} on the
 * class path).
 */
module org.ringlab.windows {
    // Transitive: the exported strategy's signatures are api types.
    requires transitive org.ringlab.api;

    exports org.ringlab.windows;

    provides org.ringlab.api.MemoryStrategy with org.ringlab.windows.WindowsMirroredMemory;
}
