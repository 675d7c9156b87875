package org.ringlab.windows;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.ringlab.api.NativeCallException;

/**
 * A bookkeeping-only Win32 for tests on any OS: it hands out addresses but no memory, and
 * enforces the rules the real calls have for placeholders, failing as Windows does
 * (NativeCallException with the Win32 error code and text):
 *
 * <ul>
 *   <li>a section is pagefile-backed (INVALID_HANDLE_VALUE), PAGE_READWRITE, of the size the DWORD pair says;</li>
 *   <li>VirtualAlloc2 reserves placeholders only (MEM_RESERVE | MEM_RESERVE_PLACEHOLDER, PAGE_NOACCESS, no
 *       base, granularity multiples), in the current process;</li>
 *   <li>VirtualFree(MEM_RELEASE | MEM_PRESERVE_PLACEHOLDER) splits a placeholder at a granularity multiple
 *       strictly inside it; VirtualFree(MEM_RELEASE) with size 0 frees one whole placeholder, never a view;</li>
 *   <li>MapViewOfFile3(MEM_REPLACE_PLACEHOLDER) only into a placeholder of exactly the view's size (so the
 *       split must come first), at a granularity-multiple offset inside an open section;</li>
 *   <li>UnmapViewOfFileEx only on a view (flags 0 frees the range; MEM_PRESERVE_PLACEHOLDER turns it back
 *       into a placeholder); CloseHandle only on an open handle, once.</li>
 * </ul>
 *
 * {@link #holdsNothing()} says whether everything was given back; {@link #failNth} makes the
 * nth call of a function fail instead of running; {@link #calls()} lists the calls made.
 */
final class FakeWin32 implements Win32 {

    static final long GRANULARITY = 64 * 1024;
    static final int ERROR_ACCESS_DENIED = 5;
    static final int ERROR_INVALID_HANDLE = 6;
    static final int ERROR_NOT_ENOUGH_MEMORY = 8;
    static final int ERROR_INVALID_PARAMETER = 87;
    static final int ERROR_INVALID_ADDRESS = 487;
    static final int ERROR_COMMITMENT_LIMIT = 1455;
    static final Map<Integer, String> TEXTS = Map.of(
            ERROR_ACCESS_DENIED, "Access is denied.",
            ERROR_INVALID_HANDLE, "The handle is invalid.",
            ERROR_NOT_ENOUGH_MEMORY, "Not enough memory resources are available to process this command.",
            ERROR_INVALID_PARAMETER, "The parameter is incorrect.",
            ERROR_INVALID_ADDRESS, "Attempt to access invalid address.",
            ERROR_COMMITMENT_LIMIT, "The paging file is too small for this operation to complete.");

    private enum Kind { PLACEHOLDER, VIEW }

    private record Region(Kind kind, long size, long section) {
    }

    private static final class Section {
        final long size;
        boolean handleOpen = true;
        int views;

        Section(long size) {
            this.size = size;
        }
    }

    private final TreeMap<Long, Region> regions = new TreeMap<>();
    private final Map<Long, Section> sections = new LinkedHashMap<>();
    private final List<String> calls = new ArrayList<>();
    private final Map<String, Integer> seen = new LinkedHashMap<>();
    private long nextAddress = 0x7FF0_0000_0000L;
    private long nextHandle = 0x100;
    private final Map<String, Integer> failures = new LinkedHashMap<>();

    /**
     * The nth (from 1) call of {@code function} ("VirtualFree", "MapViewOfFile3", …) fails with
     * {@code error} instead of running; may be called several times for several failures.
     */
    FakeWin32 failNth(String function, int nth, int error) {
        failures.put(function + "#" + nth, error);
        return this;
    }

    /** {@code function: call} for every call made, failed ones included, in order. */
    List<String> calls() {
        return List.copyOf(calls);
    }

    /** No placeholder, no view, no open handle, no section kept alive. */
    boolean holdsNothing() {
        return regions.isEmpty() && sections.isEmpty();
    }

    /** What is still held, for failure messages. */
    String held() {
        return "regions " + regions + ", sections " + sections.keySet();
    }

    /** The size CreateFileMappingW was asked for, by handle order. */
    final List<Long> sectionSizes = new ArrayList<>();

    @Override
    public long allocationGranularity() {
        return GRANULARITY;
    }

    @Override
    public long createFileMapping(String call, long file, int protect, int sizeHigh, int sizeLow) {
        enter("CreateFileMappingW", call);
        long size = Win32.join(sizeHigh, sizeLow);
        sectionSizes.add(size);
        require(call, file == INVALID_HANDLE_VALUE, ERROR_INVALID_HANDLE);
        require(call, protect == PAGE_READWRITE && size > 0, ERROR_INVALID_PARAMETER);
        long handle = nextHandle;
        nextHandle += 4;
        sections.put(handle, new Section(size));
        return handle;
    }

    @Override
    public long virtualAlloc2(String call, long process, long base, long size, int type, int protect) {
        enter("VirtualAlloc2", call);
        require(call, process == CURRENT_PROCESS || process == 0, ERROR_INVALID_HANDLE);
        require(call, base == 0 && type == (MEM_RESERVE | MEM_RESERVE_PLACEHOLDER) && protect == PAGE_NOACCESS
                && size > 0 && size % GRANULARITY == 0, ERROR_INVALID_PARAMETER);
        long address = nextAddress;
        nextAddress += size + GRANULARITY; // never adjacent to the last one: a wrong free cannot touch it
        regions.put(address, new Region(Kind.PLACEHOLDER, size, 0));
        return address;
    }

    @Override
    public void virtualFree(String call, long address, long size, int type) {
        enter("VirtualFree", call);
        Region region = regions.get(address);
        require(call, region != null && region.kind == Kind.PLACEHOLDER, ERROR_INVALID_ADDRESS);
        if (type == (MEM_RELEASE | MEM_PRESERVE_PLACEHOLDER)) {
            require(call, size > 0 && size < region.size && size % GRANULARITY == 0, ERROR_INVALID_PARAMETER);
            regions.put(address, new Region(Kind.PLACEHOLDER, size, 0));
            regions.put(address + size, new Region(Kind.PLACEHOLDER, region.size - size, 0));
        } else if (type == MEM_RELEASE) {
            require(call, size == 0, ERROR_INVALID_PARAMETER);
            regions.remove(address);
        } else {
            fail(call, ERROR_INVALID_PARAMETER);
        }
    }

    @Override
    public long mapViewOfFile3(String call, long section, long process, long base, long offset, long size, int type,
                               int protect) {
        enter("MapViewOfFile3", call);
        Section s = sections.get(section);
        require(call, s != null && s.handleOpen, ERROR_INVALID_HANDLE);
        require(call, process == CURRENT_PROCESS, ERROR_INVALID_HANDLE);
        require(call, type == MEM_REPLACE_PLACEHOLDER && protect == PAGE_READWRITE, ERROR_INVALID_PARAMETER);
        Region region = regions.get(base);
        require(call, region != null && region.kind == Kind.PLACEHOLDER, ERROR_INVALID_ADDRESS);
        require(call, region.size == size, ERROR_INVALID_PARAMETER); // exactly the placeholder: split first
        require(call, offset >= 0 && offset % GRANULARITY == 0, ERROR_INVALID_PARAMETER);
        require(call, offset + size <= s.size, ERROR_ACCESS_DENIED);
        regions.put(base, new Region(Kind.VIEW, size, section));
        s.views++;
        return base;
    }

    @Override
    public void unmapViewOfFileEx(String call, long address, int flags) {
        enter("UnmapViewOfFileEx", call);
        Region region = regions.get(address);
        require(call, region != null && region.kind == Kind.VIEW, ERROR_INVALID_ADDRESS);
        require(call, flags == 0 || flags == MEM_PRESERVE_PLACEHOLDER, ERROR_INVALID_PARAMETER);
        if (flags == 0) {
            regions.remove(address);
        } else {
            regions.put(address, new Region(Kind.PLACEHOLDER, region.size, 0));
        }
        Section s = sections.get(region.section);
        s.views--;
        forgetIfUnused(region.section, s);
    }

    /**
     * An injected CloseHandle failure closes first, then reports: callers never retry CloseHandle
     * (the value may already name another object), so a report of failure must not leave the
     * fake holding a handle the code can do nothing about.
     */
    @Override
    public void closeHandle(String call, long handle) {
        NativeCallException injected = null;
        try {
            enter("CloseHandle", call);
        } catch (NativeCallException e) {
            injected = e;
        }
        Section s = sections.get(handle);
        require(call, s != null && s.handleOpen, ERROR_INVALID_HANDLE);
        s.handleOpen = false;
        forgetIfUnused(handle, s);
        if (injected != null) {
            throw injected;
        }
    }

    private void forgetIfUnused(long handle, Section s) {
        if (!s.handleOpen && s.views == 0) {
            sections.remove(handle);
        }
    }

    private void enter(String function, String call) {
        calls.add(function + ": " + call);
        int n = seen.merge(function, 1, Integer::sum);
        Integer error = failures.get(function + "#" + n);
        if (error != null) {
            fail(call, error);
        }
    }

    private static void require(String call, boolean ok, int error) {
        if (!ok) {
            fail(call, error);
        }
    }

    private static void fail(String call, int error) {
        throw new NativeCallException(call, error, TEXTS.getOrDefault(error, "Win32 error " + error));
    }
}
