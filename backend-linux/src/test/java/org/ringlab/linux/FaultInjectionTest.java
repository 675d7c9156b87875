package org.ringlab.linux;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import org.ringlab.api.testing.FaultHooks;
import org.ringlab.api.NativeCallException;
import org.ringlab.api.RingMemory;
import org.ringlab.api.RingSpec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every native call on every allocation path is made to fail in turn (found by recording a
 * successful allocation, so a new call is covered automatically); each failure must name the
 * call, the errno and its text, and leave no mapping, descriptor or file behind.
 */
class FaultInjectionTest {

    private static final long N = 2 * Strategies.PAGE;
    /** errno values and glibc's text for them; EEXIST is left out (it is retried, by design). */
    private static final Map<Integer, String> ERRNOS = Map.of(12, "Cannot allocate memory", 13, "Permission denied",
            28, "No space left on device", 24, "Too many open files", 5, "Input/output error");
    private static final List<Integer> ERRNO_ORDER = List.of(12, 13, 28, 24, 5);

    @TempDir
    static Path dir;

    /** One allocation path: a strategy, a spec, and the files expected in {@code dir} afterwards. */
    private record Scenario(String name, MirroredStrategy strategy, Supplier<RingSpec> spec, List<String> calls) {
    }

    @BeforeAll
    static void probeFirst() {
        Strategies.ALL.forEach(s -> assertTrue(s.availability().isAvailable(), s.availability().reason()));
    }

    @AfterEach
    void emptyDirectory() throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            for (Path file : files.toList()) {
                Files.delete(file);
            }
        }
    }

    private static List<Scenario> scenarios() {
        List<String> map = List.of("ftruncate", MirrorMapping.RESERVE, MirrorMapping.VIEW_1, MirrorMapping.VIEW_2, "close");
        String template = dir.toAbsolutePath() + "/" + Resources.OURS + "XXXXXX";
        Path named = dir.resolve("named.ring").toAbsolutePath();
        return List.of(
                new Scenario("memfd", Strategies.MEMFD, () -> RingSpec.ofCapacity(N), concat(List.of("memfd_create"), map)),
                // The growable ring keeps its memfd: no close on the allocation path.
                new Scenario("memfd growable", Strategies.GROWABLE, () -> RingSpec.ofCapacity(N),
                        List.of("memfd_create", "ftruncate", MirrorMapping.RESERVE, MirrorMapping.VIEW_1, MirrorMapping.VIEW_2)),
                new Scenario("shm", Strategies.SHM, () -> RingSpec.ofCapacity(N),
                        concat(List.of("shm_open(*)", "shm_unlink(*)"), map)),
                new Scenario("tmpfile", Strategies.TMPFILE, () -> RingSpec.ofCapacity(N).inDirectory(dir),
                        concat(List.of("mkstemp(" + template + ")", "unlink(*)"), map)),
                new Scenario("file unique", Strategies.FILE, () -> RingSpec.ofCapacity(N).inDirectory(dir),
                        concat(List.of("mkstemp(" + template + ")"), map)),
                new Scenario("file named new", Strategies.FILE, () -> {
                    delete(named);
                    return RingSpec.ofCapacity(N).atFile(named);
                },
                        concat(List.of("open(create " + named + ")"), map)),
                new Scenario("file named existing", Strategies.FILE, () -> {
                    createFile(named, Strategies.PAGE + N); // a header page, then the ring
                    return RingSpec.ofCapacity(N).atFile(named);
                }, List.of("open(create " + named + ")", "open(existing " + named + ")", "lseek(SEEK_END)",
                        MirrorMapping.RESERVE, MirrorMapping.VIEW_1, MirrorMapping.VIEW_2, "close")));
    }

    @TestFactory
    Stream<DynamicTest> eachCallOnEachAllocationPathFailsCleanly() {
        List<DynamicTest> tests = new ArrayList<>();
        for (Scenario scenario : scenarios()) {
            RingSpec spec = scenario.spec.get();
            List<String> calls;
            RingMemory ring;
            try (FaultHooks.Recording recording = LinuxFaults.record()) {
                ring = scenario.strategy.allocate(spec);
                calls = recording.calls();
            }
            ring.close();
            tests.add(DynamicTest.dynamicTest(scenario.name + ": the path is " + scenario.calls,
                    () -> assertPath(scenario.calls, calls)));
            for (int index = 0; index < calls.size(); index++) {
                String call = calls.get(index);
                String function = function(call);
                int nth = (int) calls.subList(0, index + 1).stream().filter(c -> function(c).equals(function)).count();
                int errno = ERRNO_ORDER.get(index % ERRNO_ORDER.size());
                tests.add(DynamicTest.dynamicTest(scenario.name + ": " + function + " #" + nth + " (" + call
                        + ") fails with errno " + errno, () -> failOne(scenario, function, nth, errno, call)));
            }
        }
        return tests.stream();
    }

    private static void failOne(Scenario scenario, String function, int nth, int errno, String call) {
        RingSpec spec = scenario.spec.get();
        List<String> filesBefore = Resources.list(dir, "");
        Resources before = Resources.take();
        NativeCallException e;
        try (FaultHooks.Fault fault = LinuxFaults.failNth(function, nth, errno)) {
            e = assertThrows(NativeCallException.class, () -> scenario.strategy.allocate(spec).close());
            assertTrue(fault.fired());
        }
        assertEquals(function, e.call().substring(0, function.length()), e.getMessage());
        if (!call.contains("ringlab-")) { // shm names and mkstemp results differ per allocation
            assertEquals(call, e.call());
        }
        assertEquals(errno, e.errno());
        assertEquals(ERRNOS.get(errno), e.errorText());
        assertTrue(e.getMessage().contains(e.call()) && e.getMessage().contains("errno " + errno)
                && e.getMessage().contains(ERRNOS.get(errno)), e.getMessage());
        before.assertUnchanged(scenario.name + " after " + call + " failed");
        assertEquals(filesBefore, Resources.list(dir, ""), "files in " + dir);
    }

    private static void assertPath(List<String> expected, List<String> actual) {
        assertEquals(expected.size(), actual.size(), "expected " + expected + " but was " + actual);
        for (int i = 0; i < expected.size(); i++) {
            String want = expected.get(i);
            String got = actual.get(i);
            if (want.endsWith("(*)")) {
                assertTrue(got.startsWith(want.substring(0, want.length() - 2)), got + " for " + want);
            } else {
                assertEquals(want, got);
            }
        }
    }

    @Test
    void aMappingPlacedElsewhereThanRequestedIsRefusedAndUndone() {
        for (MirroredStrategy strategy : Strategies.ALL) {
            for (String view : List.of(MirrorMapping.VIEW_1, MirrorMapping.VIEW_2)) {
                RingSpec spec = RingSpec.ofCapacity(N).inDirectory(dir);
                RingSpec used = strategy == Strategies.MEMFD || strategy == Strategies.SHM ? RingSpec.ofCapacity(N) : spec;
                Resources before = Resources.take();
                try (FaultHooks.Fault fault = LinuxFaults.misplaceNth(view, 1)) {
                    IllegalStateException e = assertThrows(IllegalStateException.class,
                            () -> strategy.allocate(used).close());
                    assertTrue(fault.fired());
                    assertTrue(e.getMessage().startsWith(view + " returned 0x"), e.getMessage());
                    assertTrue(e.getMessage().contains("instead of the requested"), e.getMessage());
                }
                before.assertUnchanged(strategy + " misplaced " + view);
                assertEquals(List.of(), Resources.list(dir, ""));
            }
        }
    }

    @Test
    void aFailingUnmapOnCloseIsReportedAndTheFileIsStillRemoved() {
        Resources before = Resources.take();
        RingMemory ring = Strategies.FILE.allocate(RingSpec.ofCapacity(N).inDirectory(dir));
        long base = ring.claim(0, 1).address();
        NativeCallException e;
        try (FaultHooks.Fault fault = LinuxFaults.failNth("munmap", 1, 5)) {
            e = assertThrows(NativeCallException.class, ring::close);
            assertTrue(fault.fired());
        }
        assertEquals("munmap(H+2N)", e.call());
        assertFalse(ring.isOpen());
        assertEquals(List.of(), Resources.list(dir, ""), "the unlink ran although munmap failed");
        Strategies.LIBC.munmap("test cleanup", base - Strategies.PAGE, Strategies.PAGE + 2 * N); // the injected failure left it mapped
        before.assertUnchanged("after a failed munmap and a manual one");
    }

    @Test
    void aFailingUnlinkOnCloseIsReportedAndTheMappingIsStillReleased() throws IOException {
        Resources before = Resources.take();
        RingMemory ring = Strategies.FILE.allocate(RingSpec.ofCapacity(N).inDirectory(dir));
        List<String> files = Resources.list(dir, "ringlab-");
        try (FaultHooks.Fault fault = LinuxFaults.failNth("unlink", 1, 13)) {
            NativeCallException e = assertThrows(NativeCallException.class, ring::close);
            assertTrue(e.call().startsWith("unlink(" + dir.toAbsolutePath() + "/ringlab-"), e.call());
            assertTrue(fault.fired());
        }
        assertEquals(files, Resources.list(dir, "ringlab-"), "the injected failure kept the file");
        Files.delete(dir.resolve(files.getFirst()));
        before.assertUnchanged("after a failed unlink");
    }

    @Test
    void hooksAreMatchedByFunctionOrDescriptionPrefixAndOneIsArmedAtATime() {
        try (FaultHooks.Fault fault = LinuxFaults.failNth("mmap(MAP_FIXED view 2", 1, 12)) {
            NativeCallException e = assertThrows(NativeCallException.class,
                    () -> Strategies.MEMFD.allocate(RingSpec.ofCapacity(N)).close());
            assertEquals(MirrorMapping.VIEW_2, e.call());
            assertEquals(MirrorMapping.VIEW_2, fault.firedCall().orElseThrow());
            assertThrows(IllegalStateException.class, () -> LinuxFaults.failNth("close", 1, 5));
        }
        try (FaultHooks.Fault fault = LinuxFaults.failNth("mmap", 99, 12)) {
            Strategies.MEMFD.allocate(RingSpec.ofCapacity(N)).close();
            assertFalse(fault.fired());
        }
        assertThrows(IllegalArgumentException.class, () -> LinuxFaults.failNth("mmap", 0, 12));
        assertThrows(IllegalArgumentException.class, () -> LinuxFaults.failNth("mmap", 1, 0));
        assertThrows(IllegalArgumentException.class, () -> LinuxFaults.misplaceNth("close", 1));
    }

    @Test
    void probesNeverSeeAFault() {
        MemfdMirroredMemory fresh = new MemfdMirroredMemory(Strategies.FAULTY);
        try (FaultHooks.Fault fault = LinuxFaults.failNth("memfd_create", 1, 24)) {
            assertTrue(fresh.availability().isAvailable(), fresh.availability().reason());
            assertFalse(fault.fired());
        }
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> all = new ArrayList<>(a);
        all.addAll(b);
        return Collections.unmodifiableList(all);
    }

    private static String function(String call) {
        return call.contains("(") ? call.substring(0, call.indexOf('(')) : call;
    }

    private static void createFile(Path path, long size) {
        try {
            Files.write(path, new byte[(int) size]);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void delete(Path path) {
        try {
            Files.deleteIfExists(path);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
