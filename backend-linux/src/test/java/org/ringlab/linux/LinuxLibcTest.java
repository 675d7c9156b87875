package org.ringlab.linux;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.junit.jupiter.api.Test;
import org.ringlab.api.FaultHooks;
import org.ringlab.api.NativeCallException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.ringlab.linux.LinuxLibc.MAP_ANONYMOUS;
import static org.ringlab.linux.LinuxLibc.MAP_PRIVATE;
import static org.ringlab.linux.LinuxLibc.PROT_READ;
import static org.ringlab.linux.LinuxLibc.PROT_WRITE;

@SuppressWarnings("restricted")
class LinuxLibcTest {

    private static final long PAGE = LinuxLibc.pageSize();

    @Test
    void pageSizeComesFromSysconf() {
        assertTrue(PAGE >= 4096 && Long.bitCount(PAGE) == 1, "page size " + PAGE);
        assertEquals(PAGE, LinuxLibc.sysconf(LinuxLibc.SC_PAGESIZE));
        NativeCallException e = assertThrows(NativeCallException.class, () -> LinuxLibc.sysconf(-1));
        assertEquals(22, e.errno());
    }

    @Test
    void strerrorGivesGlibcsText() {
        assertEquals("Cannot allocate memory", LinuxLibc.strerror(12));
        assertEquals("Bad file descriptor", LinuxLibc.strerror(9));
        assertTrue(LinuxLibc.strerror(99999).contains("99999"));
    }

    @Test
    void failuresNameTheCallTheErrnoAndItsText() {
        NativeCallException e = assertThrows(NativeCallException.class, () -> LinuxLibc.close(-1));
        assertEquals("close", e.call());
        assertEquals(9, e.errno());
        assertEquals("close failed: errno 9 (Bad file descriptor)", e.getMessage());
        assertEquals(2, assertThrows(NativeCallException.class, () -> LinuxLibc.unlink("/nonexistent/ringlab")).errno());
        assertEquals(2, assertThrows(NativeCallException.class, () -> LinuxLibc.shmUnlink("/ringlab-none")).errno());
        assertEquals(2, assertThrows(NativeCallException.class,
                () -> LinuxLibc.open("open(x)", "/nonexistent/ringlab", LinuxLibc.O_RDWR, 0)).errno());
        NativeCallException map = assertThrows(NativeCallException.class,
                () -> LinuxLibc.mmap("mmap(test)", 0, 0, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0));
        assertEquals("mmap(test)", map.call());
        assertEquals(22, map.errno()); // length 0: MAP_FAILED, EINVAL
    }

    @Test
    void errnoIsCapturedPerCallOnEachThread() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            Future<?> badFd = pool.submit(() -> {
                for (int i = 0; i < 5_000; i++) {
                    assertEquals(9, assertThrows(NativeCallException.class, () -> LinuxLibc.close(-1)).errno());
                }
            });
            Future<?> badAddress = pool.submit(() -> {
                for (int i = 0; i < 5_000; i++) {
                    assertEquals(22, assertThrows(NativeCallException.class,
                            () -> LinuxLibc.munmap("munmap(unaligned)", 1, PAGE)).errno());
                }
            });
            badFd.get();
            badAddress.get();
        } finally {
            pool.shutdown();
        }
    }

    @Test
    void fileSizeFtruncateAndFallocate() {
        int fd = LinuxLibc.memfdCreate("ringlab-test", LinuxLibc.MFD_CLOEXEC);
        try {
            assertEquals(0, LinuxLibc.fileSize(fd));
            LinuxLibc.ftruncate(fd, PAGE);
            assertEquals(PAGE, LinuxLibc.fileSize(fd));
            LinuxLibc.fallocate(fd, 0, 0, 3 * PAGE);
            assertEquals(3 * PAGE, LinuxLibc.fileSize(fd));
        } finally {
            LinuxLibc.close(fd);
        }
        NativeCallException e = assertThrows(NativeCallException.class, () -> LinuxLibc.fallocate(-1, 0, 0, PAGE));
        assertEquals("fallocate", e.call());
        assertEquals(9, e.errno());
        assertEquals(22, assertThrows(NativeCallException.class, () -> LinuxLibc.ftruncate(fd(), -1)).errno());
    }

    @Test
    void mremapMovesTheBytesWithoutCopyingThem() {
        long address = LinuxLibc.mmap("mmap(test)", 0, PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        MemorySegment.ofAddress(address).reinterpret(PAGE).set(ValueLayout.JAVA_BYTE, PAGE - 1, (byte) 77);
        long moved = LinuxLibc.mremap("mremap(grow)", address, PAGE, 64 * PAGE, LinuxLibc.MREMAP_MAYMOVE, 0);
        try {
            MemorySegment grown = MemorySegment.ofAddress(moved).reinterpret(64 * PAGE);
            assertEquals(77, grown.get(ValueLayout.JAVA_BYTE, PAGE - 1));
            grown.set(ValueLayout.JAVA_BYTE, 64 * PAGE - 1, (byte) 1);
        } finally {
            LinuxLibc.munmap("munmap(test)", moved, 64 * PAGE);
        }
        NativeCallException e = assertThrows(NativeCallException.class,
                () -> LinuxLibc.mremap("mremap(bad flags)", moved, PAGE, 2 * PAGE, 0xFF, 0));
        assertEquals("mremap(bad flags)", e.call());
        assertEquals(22, e.errno());
    }

    @Test
    void madviseDontneedDropsPrivateAnonymousPages() {
        long address = LinuxLibc.mmap("mmap(test)", 0, PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        try {
            MemorySegment page = MemorySegment.ofAddress(address).reinterpret(PAGE);
            page.set(ValueLayout.JAVA_BYTE, 0, (byte) 5);
            LinuxLibc.madvise("madvise(WILLNEED)", address, PAGE, LinuxLibc.MADV_WILLNEED);
            LinuxLibc.madvise("madvise(SEQUENTIAL)", address, PAGE, LinuxLibc.MADV_SEQUENTIAL);
            assertEquals(5, page.get(ValueLayout.JAVA_BYTE, 0));
            LinuxLibc.madvise("madvise(DONTNEED)", address, PAGE, LinuxLibc.MADV_DONTNEED);
            assertEquals(0, page.get(ValueLayout.JAVA_BYTE, 0)); // refilled with zeros on next touch
            NativeCallException e = assertThrows(NativeCallException.class,
                    () -> LinuxLibc.madvise("madvise(unaligned)", address + 1, PAGE, LinuxLibc.MADV_NORMAL));
            assertEquals(22, e.errno());
        } finally {
            LinuxLibc.munmap("munmap(test)", address, PAGE);
        }
    }

    @Test
    void mkstempShmOpenAndOpenMakeFilesThatCanBeRemoved() throws Exception {
        String dir = System.getProperty("java.io.tmpdir");
        LinuxLibc.TempFile temp = LinuxLibc.mkstemp(dir + "/ringlab-test-XXXXXX");
        assertTrue(temp.fd() >= 0);
        assertNotEquals(dir + "/ringlab-test-XXXXXX", temp.path());
        int again = LinuxLibc.open("open(test)", temp.path(), LinuxLibc.O_RDWR | LinuxLibc.O_CLOEXEC, 0);
        LinuxLibc.close(again);
        LinuxLibc.close(temp.fd());
        LinuxLibc.unlink(temp.path());
        assertTrue(java.nio.file.Files.notExists(java.nio.file.Path.of(temp.path())));

        String name = "/ringlab-test-" + ProcessHandle.current().pid();
        int shm = LinuxLibc.shmOpen(name, LinuxLibc.O_RDWR | LinuxLibc.O_CREAT | LinuxLibc.O_EXCL, 0600);
        NativeCallException exists = assertThrows(NativeCallException.class,
                () -> LinuxLibc.shmOpen(name, LinuxLibc.O_RDWR | LinuxLibc.O_CREAT | LinuxLibc.O_EXCL, 0600));
        assertEquals(LinuxLibc.EEXIST, exists.errno());
        assertEquals("shm_open(" + name + ")", exists.call());
        LinuxLibc.shmUnlink(name);
        LinuxLibc.close(shm);
    }

    @Test
    void anInjectedCloseFailureStillClosesTheDescriptor() {
        int fd = LinuxLibc.memfdCreate("ringlab-test", LinuxLibc.MFD_CLOEXEC);
        try (FaultHooks.Fault fault = LinuxFaults.failNth("close", 1, 5)) {
            NativeCallException e = assertThrows(NativeCallException.class, () -> LinuxLibc.close(fd));
            assertEquals(5, e.errno());
            assertTrue(fault.fired());
        }
        assertEquals(9, assertThrows(NativeCallException.class, () -> LinuxLibc.close(fd)).errno());
    }

    private static int fd() {
        return -1;
    }
}
