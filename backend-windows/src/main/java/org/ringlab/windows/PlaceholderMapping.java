package org.ringlab.windows;

import org.ringlab.api.support.Cleanup;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

import static org.ringlab.windows.Win32.CURRENT_PROCESS;
import static org.ringlab.windows.Win32.INVALID_HANDLE_VALUE;
import static org.ringlab.windows.Win32.MEM_PRESERVE_PLACEHOLDER;
import static org.ringlab.windows.Win32.MEM_RELEASE;
import static org.ringlab.windows.Win32.MEM_REPLACE_PLACEHOLDER;
import static org.ringlab.windows.Win32.MEM_RESERVE;
import static org.ringlab.windows.Win32.MEM_RESERVE_PLACEHOLDER;
import static org.ringlab.windows.Win32.PAGE_NOACCESS;
import static org.ringlab.windows.Win32.PAGE_READWRITE;

/**
 * The seed's Windows {@code magicAlloc}, with a header in front, laid out exactly as the Linux
 * mirror mapping: a pagefile-backed section of {@code H + N} bytes (header, then ring) whose
 * ring bytes appear twice, back to back. H is the allocation granularity (64 KiB), because a
 * view must start at a granularity multiple of the section.
 *
 * <ol>
 *   <li>CreateFileMappingW(INVALID_HANDLE_VALUE, PAGE_READWRITE, H + N as a DWORD pair): the section.</li>
 *   <li>VirtualAlloc2(MEM_RESERVE | MEM_RESERVE_PLACEHOLDER, PAGE_NOACCESS): one placeholder of H + 2N.</li>
 *   <li>VirtualFree(base, H + N, MEM_RELEASE | MEM_PRESERVE_PLACEHOLDER): split it into [H + N][N]
 *       (a view replaces a placeholder of exactly its size).</li>
 *   <li>MapViewOfFile3(MEM_REPLACE_PLACEHOLDER) of section offset 0, H + N bytes, at base: header and view 1.</li>
 *   <li>MapViewOfFile3(MEM_REPLACE_PLACEHOLDER) of section offset H, N bytes, at base + H + N: view 2.</li>
 *   <li>CloseHandle(section): the views keep the section alive.</li>
 * </ol>
 *
 * <pre>
 *   address  base          base+H                 base+H+N               base+H+2N
 *            | header (H)  | ring, view 1 (N)      | ring, view 2 (N)      |
 *   section  0             H                       H  (same pages again)   H+N
 * </pre>
 *
 * <p>What is held at each moment (section handle, placeholders, views) is tracked; any failure
 * releases all of it, views first (UnmapViewOfFileEx without MEM_PRESERVE_PLACEHOLDER frees
 * their address range), then each remaining placeholder (VirtualFree MEM_RELEASE, size 0),
 * then the section handle, and each release runs even when an earlier one fails.
 *
 * @param arena   owns the range: closing it unmaps both views, and any segment of it then
 *                throws {@link IllegalStateException} instead of touching freed memory
 * @param header  the H header bytes
 * @param segment the 2N ring bytes; byte {@code i} and byte {@code i + N} are the same memory
 */
@SuppressWarnings("restricted") // wraps raw view addresses in a bounded, arena-owned segment
record PlaceholderMapping(Arena arena, MemorySegment header, MemorySegment segment) implements AutoCloseable {

    static final String SECTION = "CreateFileMappingW(pagefile section H+N)";
    static final String RESERVE = "VirtualAlloc2(placeholder H+2N)";
    static final String SPLIT = "VirtualFree(split placeholder into H+N and N)";
    static final String VIEW_1 = "MapViewOfFile3(header + view 1 of 2)";
    static final String VIEW_2 = "MapViewOfFile3(view 2 of 2)";
    static final String CLOSE_SECTION = "CloseHandle(section)";
    static final String UNMAP = "UnmapViewOfFileEx";
    static final String FREE = "VirtualFree(release placeholder)";

    /** Maps as above with header size {@code h} and ring size {@code n} (granularity multiples); on failure nothing stays. */
    static PlaceholderMapping map(Win32 win32, long h, long n) {
        long total = h + 2 * n;
        Arena arena = Arena.ofShared();
        Held held = new Held(win32);
        try {
            held.section = win32.createFileMapping(SECTION, INVALID_HANDLE_VALUE, PAGE_READWRITE,
                    Win32.high(h + n), Win32.low(h + n));
            long base = win32.virtualAlloc2(RESERVE, CURRENT_PROCESS, 0, total,
                    MEM_RESERVE | MEM_RESERVE_PLACEHOLDER, PAGE_NOACCESS);
            held.placeholders.add(base);
            // The arena owns whatever is held from here on; its cleanup releases it.
            MemorySegment whole = MemorySegment.ofAddress(base).reinterpret(total, arena, held);
            win32.virtualFree(SPLIT, base, h + n, MEM_RELEASE | MEM_PRESERVE_PLACEHOLDER);
            held.placeholders.add(base + h + n);
            mapView(held, VIEW_1, base, 0, h + n);
            mapView(held, VIEW_2, base + h + n, h, n);
            long section = held.section;
            held.section = 0; // never closed twice: after a failed CloseHandle the value may name another object
            win32.closeHandle(CLOSE_SECTION, section);
            return new PlaceholderMapping(arena, whole.asSlice(0, h), whole.asSlice(h, 2 * n));
        } catch (Throwable t) {
            Cleanup.runAll(t, arena::close, () -> held.release(t)); // the second releases only if the arena never owned it
            throw t;
        }
    }

    /** Replaces the placeholder at {@code address} (of exactly {@code size} bytes) with a view of the section. */
    private static void mapView(Held held, String call, long address, long offset, long size) {
        long actual = held.win32.mapViewOfFile3(call, held.section, CURRENT_PROCESS, address, offset, size,
                MEM_REPLACE_PLACEHOLDER, PAGE_READWRITE);
        if (actual != address) {
            IllegalStateException mismatch = new IllegalStateException(call + " returned 0x" + Long.toHexString(actual)
                    + " instead of the placeholder at 0x" + Long.toHexString(address) + ": the views would not be adjacent");
            Cleanup.runAll(mismatch, () -> held.win32.unmapViewOfFileEx(UNMAP + "(misplaced view)", actual, 0));
            throw mismatch;
        }
        held.placeholders.remove(Long.valueOf(address));
        held.views.add(address);
    }

    @Override
    public void close() {
        arena.close();
    }

    /** What an allocation holds; released once, by the arena's cleanup or by the failure path. */
    private static final class Held implements Consumer<MemorySegment> {
        final Win32 win32;
        final List<Long> placeholders = new ArrayList<>();
        final List<Long> views = new ArrayList<>();
        long section;
        private final AtomicBoolean released = new AtomicBoolean();

        Held(Win32 win32) {
            this.win32 = win32;
        }

        @Override
        public void accept(MemorySegment ignored) {
            release(null);
        }

        /** Views (last first), then placeholders, then the section; every step runs whatever fails. */
        void release(Throwable primary) {
            if (!released.compareAndSet(false, true)) {
                return;
            }
            List<Runnable> steps = new ArrayList<>();
            for (Long view : views.reversed()) {
                steps.add(() -> win32.unmapViewOfFileEx(UNMAP + "(view at 0x" + Long.toHexString(view) + ")", view, 0));
            }
            for (Long placeholder : placeholders) {
                steps.add(() -> win32.virtualFree(FREE, placeholder, 0, MEM_RELEASE));
            }
            if (section != 0) {
                long handle = section;
                section = 0;
                steps.add(() -> win32.closeHandle(CLOSE_SECTION, handle));
            }
            Cleanup.runAll(primary, steps.toArray(Runnable[]::new));
        }
    }
}
