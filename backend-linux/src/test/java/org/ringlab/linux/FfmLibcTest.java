package org.ringlab.linux;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.junit.jupiter.api.Test;
import org.ringlab.api.testing.FaultHooks;
import org.ringlab.api.NativeCallException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.ringlab.linux.Libc.MAP_ANONYMOUS;
import static org.ringlab.linux.Libc.MAP_PRIVATE;
import static org.ringlab.linux.Libc.PROT_READ;
import static org.ringlab.linux.Libc.PROT_WRITE;

@SuppressWarnings("restricted")
class FfmLibcTest {

    private static final Libc LIBC = Libc.ffm();
    private static final long PAGE = LIBC.pageSize();

    @Test
    void pageSizeComesFromSysconf() {
        assertTrue(PAGE >= 4096 && Long.bitCount(PAGE) == 1, "page size " + PAGE);
        assertEquals(PAGE, LIBC.sysconf(Libc.SC_PAGESIZE));
        NativeCallException e = assertThrows(NativeCallException.class, () -> LIBC.sysconf(-1));
        assertEquals(22, e.errno());
    }

    @Test
    void strerrorGivesGlibcsText() {
        assertEquals("Cannot allocate memory", LIBC.strerror(12));
        assertEquals("Bad file descriptor", LIBC.strerror(9));
        assertTrue(LIBC.strerror(99999).contains("99999"));
    }

    @Test
    void failuresNameTheCallTheErrnoAndItsText() {
        NativeCallException e = assertThrows(NativeCallException.class, () -> LIBC.close(-1));
        assertEquals("close", e.call());
        assertEquals(9, e.errno());
        assertEquals("close failed: errno 9 (Bad file descriptor)", e.getMessage());
        assertEquals(2, assertThrows(NativeCallException.class, () -> LIBC.unlink("/nonexistent/ringlab")).errno());
        assertEquals(2, assertThrows(NativeCallException.class, () -> LIBC.shmUnlink("/ringlab-none")).errno());
        assertEquals(2, assertThrows(NativeCallException.class,
                () -> LIBC.open("open(x)", "/nonexistent/ringlab", Libc.O_RDWR, 0)).errno());
        NativeCallException map = assertThrows(NativeCallException.class,
                () -> LIBC.mmap("mmap(test)", 0, 0, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0));
        assertEquals("mmap(test)", map.call());
        assertEquals(22, map.errno()); // length 0: MAP_FAILED, EINVAL
    }

    @Test
    void errnoIsCapturedPerCallOnEachThread() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            Future<?> badFd = pool.submit(() -> {
                for (int i = 0; i < 5_000; i++) {
                    assertEquals(9, assertThrows(NativeCallException.class, () -> LIBC.close(-1)).errno());
                }
            });
            Future<?> badAddress = pool.submit(() -> {
                for (int i = 0; i < 5_000; i++) {
                    assertEquals(22, assertThrows(NativeCallException.class,
                            () -> LIBC.munmap("munmap(unaligned)", 1, PAGE)).errno());
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
        int fd = LIBC.memfdCreate("ringlab-test", Libc.MFD_CLOEXEC);
        try {
            assertEquals(0, LIBC.fileSize(fd));
            LIBC.ftruncate(fd, PAGE);
            assertEquals(PAGE, LIBC.fileSize(fd));
            LIBC.fallocate(fd, 0, 0, 3 * PAGE);
            assertEquals(3 * PAGE, LIBC.fileSize(fd));
        } finally {
            LIBC.close(fd);
        }
        NativeCallException e = assertThrows(NativeCallException.class, () -> LIBC.fallocate(-1, 0, 0, PAGE));
        assertEquals("fallocate", e.call());
        assertEquals(9, e.errno());
        assertEquals(22, assertThrows(NativeCallException.class, () -> LIBC.ftruncate(fd(), -1)).errno());
    }

    @Test
    void mremapMovesTheBytesWithoutCopyingThem() {
        long address = LIBC.mmap("mmap(test)", 0, PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        MemorySegment.ofAddress(address).reinterpret(PAGE).set(ValueLayout.JAVA_BYTE, PAGE - 1, (byte) 77);
        long moved = LIBC.mremap("mremap(grow)", address, PAGE, 64 * PAGE, Libc.MREMAP_MAYMOVE, 0);
        try {
            MemorySegment grown = MemorySegment.ofAddress(moved).reinterpret(64 * PAGE);
            assertEquals(77, grown.get(ValueLayout.JAVA_BYTE, PAGE - 1));
            grown.set(ValueLayout.JAVA_BYTE, 64 * PAGE - 1, (byte) 1);
        } finally {
            LIBC.munmap("munmap(test)", moved, 64 * PAGE);
        }
        NativeCallException e = assertThrows(NativeCallException.class,
                () -> LIBC.mremap("mremap(bad flags)", moved, PAGE, 2 * PAGE, 0xFF, 0));
        assertEquals("mremap(bad flags)", e.call());
        assertEquals(22, e.errno());
    }

    @Test
    void madviseDontneedDropsPrivateAnonymousPages() {
        long address = LIBC.mmap("mmap(test)", 0, PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        try {
            MemorySegment page = MemorySegment.ofAddress(address).reinterpret(PAGE);
            page.set(ValueLayout.JAVA_BYTE, 0, (byte) 5);
            LIBC.madvise("madvise(WILLNEED)", address, PAGE, Libc.MADV_WILLNEED);
            LIBC.madvise("madvise(SEQUENTIAL)", address, PAGE, Libc.MADV_SEQUENTIAL);
            assertEquals(5, page.get(ValueLayout.JAVA_BYTE, 0));
            LIBC.madvise("madvise(DONTNEED)", address, PAGE, Libc.MADV_DONTNEED);
            assertEquals(0, page.get(ValueLayout.JAVA_BYTE, 0)); // refilled with zeros on next touch
            NativeCallException e = assertThrows(NativeCallException.class,
                    () -> LIBC.madvise("madvise(unaligned)", address + 1, PAGE, Libc.MADV_NORMAL));
            assertEquals(22, e.errno());
        } finally {
            LIBC.munmap("munmap(test)", address, PAGE);
        }
    }

    @Test
    void mkstempShmOpenAndOpenMakeFilesThatCanBeRemoved() throws Exception {
        String dir = System.getProperty("java.io.tmpdir");
        Libc.TempFile temp = LIBC.mkstemp(dir + "/ringlab-test-XXXXXX");
        assertTrue(temp.fd() >= 0);
        assertNotEquals(dir + "/ringlab-test-XXXXXX", temp.path());
        int again = LIBC.open("open(test)", temp.path(), Libc.O_RDWR | Libc.O_CLOEXEC, 0);
        LIBC.close(again);
        LIBC.close(temp.fd());
        LIBC.unlink(temp.path());
        assertTrue(java.nio.file.Files.notExists(java.nio.file.Path.of(temp.path())));

        String name = "/ringlab-test-" + ProcessHandle.current().pid();
        int shm = LIBC.shmOpen(name, Libc.O_RDWR | Libc.O_CREAT | Libc.O_EXCL, 0600);
        NativeCallException exists = assertThrows(NativeCallException.class,
                () -> LIBC.shmOpen(name, Libc.O_RDWR | Libc.O_CREAT | Libc.O_EXCL, 0600));
        assertEquals(Libc.EEXIST, exists.errno());
        assertEquals("shm_open(" + name + ")", exists.call());
        LIBC.shmUnlink(name);
        LIBC.close(shm);
    }

    @Test
    void anInjectedCloseFailureStillClosesTheDescriptor() {
        int fd = LIBC.memfdCreate("ringlab-test", Libc.MFD_CLOEXEC);
        Libc faulty = LinuxFaults.inject(LIBC);
        try (FaultHooks.Fault fault = LinuxFaults.failNth("close", 1, 5)) {
            NativeCallException e = assertThrows(NativeCallException.class, () -> faulty.close(fd));
            assertEquals(5, e.errno());
            assertTrue(fault.fired());
        }
        assertEquals(9, assertThrows(NativeCallException.class, () -> LIBC.close(fd)).errno());
    }

    @Test
    void theProductionBindingNeverConsultsTheFaultHook() {
        try (FaultHooks.Fault fault = LinuxFaults.failNth("sysconf", 1, 5)) {
            assertEquals(PAGE, LIBC.sysconf(Libc.SC_PAGESIZE));
            assertFalse(fault.fired(), "the FFM binding itself consulted the hook");
            NativeCallException e = assertThrows(NativeCallException.class,
                    () -> LinuxFaults.inject(LIBC).sysconf(Libc.SC_PAGESIZE));
            assertEquals("sysconf(30)", e.call());
            assertEquals(5, e.errno());
            assertEquals("Input/output error", e.errorText());
        }
    }

    @Test
    void aStringLongerThanThePerThreadBufferStillReachesTheCall() {
        String path = "/nonexistent/" + "x".repeat(5000);
        NativeCallException e = assertThrows(NativeCallException.class, () -> LIBC.unlink(path));
        assertEquals(36, e.errno(), e.getMessage()); // ENAMETOOLONG: the whole string got there
    }

    private static int fd() {
        return -1;
    }
}
