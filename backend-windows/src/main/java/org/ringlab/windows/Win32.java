package org.ringlab.windows;

import org.ringlab.api.NativeCallException;

/**
 * The Win32 calls of the placeholder ring, one method per call with the real parameters (so a
 * fake can check every flag), addresses and handles as {@code long} (0 is NULL). Each method
 * returns on success or throws {@link NativeCallException} naming {@code call}, the
 * {@code GetLastError} value captured right after that call and its {@code FormatMessageW}
 * text. {@link Kernel32} is the real implementation; tests use a fake that enforces the
 * placeholder rules.
 */
interface Win32 {

    int PAGE_NOACCESS = 0x01;
    int PAGE_READWRITE = 0x04;
    int MEM_RESERVE = 0x0000_2000;
    int MEM_REPLACE_PLACEHOLDER = 0x0000_4000;
    int MEM_RELEASE = 0x0000_8000;
    int MEM_RESERVE_PLACEHOLDER = 0x0004_0000;
    int MEM_PRESERVE_PLACEHOLDER = 0x0000_0002;

    /** {@code INVALID_HANDLE_VALUE}: as the file of CreateFileMappingW, a section backed by the paging file. */
    long INVALID_HANDLE_VALUE = -1;
    /** The pseudo-handle {@code GetCurrentProcess()} returns. */
    long CURRENT_PROCESS = -1;

    /** {@code GetSystemInfo(&info).dwAllocationGranularity}: where reservations and section views may start. */
    long allocationGranularity();

    /** {@code CreateFileMappingW(file, NULL, protect, sizeHigh, sizeLow, NULL)}: a section handle. */
    long createFileMapping(String call, long file, int protect, int sizeHigh, int sizeLow);

    /** {@code VirtualAlloc2(process, base, size, type, protect, NULL, 0)}: the reserved address. */
    long virtualAlloc2(String call, long process, long base, long size, int type, int protect);

    /** {@code VirtualFree(address, size, type)}. */
    void virtualFree(String call, long address, long size, int type);

    /** {@code MapViewOfFile3(section, process, base, offset, size, type, protect, NULL, 0)}: the view's address. */
    long mapViewOfFile3(String call, long section, long process, long base, long offset, long size, int type,
                        int protect);

    /** {@code UnmapViewOfFileEx(address, flags)}. */
    void unmapViewOfFileEx(String call, long address, int flags);

    /** {@code CloseHandle(handle)}. */
    void closeHandle(String call, long handle);

    /** The high DWORD of a 64-bit size, as CreateFileMappingW takes it ({@code dwMaximumSizeHigh}). */
    static int high(long size) {
        return (int) (size >>> 32);
    }

    /** The low DWORD of a 64-bit size ({@code dwMaximumSizeLow}); a negative Java int when its bit 31 is set. */
    static int low(long size) {
        return (int) size;
    }

    /** The size a (high, low) DWORD pair stands for: both halves unsigned. */
    static long join(int high, int low) {
        return (Integer.toUnsignedLong(high) << 32) | Integer.toUnsignedLong(low);
    }
}
