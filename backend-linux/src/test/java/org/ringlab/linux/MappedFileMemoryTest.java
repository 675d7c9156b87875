package org.ringlab.linux;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import org.ringlab.api.Availability;
import org.ringlab.api.testing.FaultHooks;
import org.ringlab.api.MappedFile;
import org.ringlab.api.MappedFileSpec;
import org.ringlab.api.MappedFileStrategy;
import org.ringlab.api.NativeCallException;
import org.ringlab.api.PrefaultPolicy;
import org.ringlab.api.Registries;
import org.ringlab.api.UnavailableException;

/**
 * {@code mapped-file}: growth chunk by chunk, sharing by path, the prefault policies (each
 * measured by the minor faults the writing thread takes, not by time), huge pages reported
 * with a reason, bad input, leaks and every native failure on the open and map paths.
 */
class MappedFileMemoryTest {

    static final MappedFileMemory STRATEGY = new MappedFileMemory();
    /** The same strategy over the binding behind {@link LinuxFaults}' hook: production calls consult none. */
    static final MappedFileStrategy FAULTY = LinuxFaults.instrument(STRATEGY);
    static final long PAGE = Strategies.LIBC.pageSize();

    @TempDir
    Path dir;

    @Test
    void isDiscoveredAndAvailable() {
        MappedFileStrategy found = Registries.mappedFiles().require("mapped-file");
        assertEquals(MappedFileMemory.class, found.getClass());
        assertTrue(STRATEGY.availability().isAvailable(), STRATEGY.availability().reason());
        assertEquals(PAGE, STRATEGY.granularity());
    }

    @Test
    void growsAChunkAtATimeAndAnotherMappingSeesTheSameBytes() throws IOException {
        Path path = dir.resolve("grow");
        long chunk = 16 * PAGE;
        try (MappedFile writer = STRATEGY.open(MappedFileSpec.create(path, chunk))) {
            assertEquals(PAGE, Files.size(path), "a new file holds the header alone");
            writer.header().set(ValueLayout.JAVA_LONG, 0, 77);
            writer.chunk(2).set(ValueLayout.JAVA_LONG, 8, 0x1234L);
            assertEquals(PAGE + 3 * chunk, Files.size(path), "mapping chunk 2 grew the file to three chunks");
            assertEquals(3, writer.chunksInFile());
            try (MappedFile reader = STRATEGY.open(MappedFileSpec.openRead(path, chunk))) {
                assertEquals(77, reader.header().get(ValueLayout.JAVA_LONG, 0));
                assertEquals(0x1234L, reader.chunk(2).get(ValueLayout.JAVA_LONG, 8));
                assertThrows(IllegalArgumentException.class, () -> reader.chunk(2).set(ValueLayout.JAVA_LONG, 0, 1L),
                        "a read-only open gives read-only segments");
                IllegalStateException beyond = assertThrows(IllegalStateException.class, () -> reader.chunk(3));
                assertTrue(beyond.getMessage().contains("chunk 3 needs " + path.toAbsolutePath() + " to have "
                        + (PAGE + 4 * chunk) + " bytes but it has " + (PAGE + 3 * chunk)), beyond.getMessage());
                writer.chunk(3).set(ValueLayout.JAVA_LONG, 0, 5L);
                assertEquals(5L, reader.chunk(3).get(ValueLayout.JAVA_LONG, 0), "after the writer grew it");
            }
            MemorySegment old = writer.chunk(0);
            writer.unmap(0);
            assertFalse(writer.isMapped(0));
            assertThrows(IllegalStateException.class, () -> old.get(ValueLayout.JAVA_LONG, 0), "stale segment");
            assertEquals(0, writer.chunk(0).get(ValueLayout.JAVA_LONG, 0), "mapped again on demand");
        }
        assertTrue(Files.exists(path), "close keeps the file: it is the shared state");
    }

    /** One prefault configuration: its writer-path faults must be many (cold) or few (prefaulted). */
    private record PolicyCase(String policies, boolean prefaulted, boolean checked) {
    }

    @TestFactory
    Stream<DynamicTest> eachPolicyReallyPrefaults() {
        long chunk = 8L << 20;
        long pages = chunk / PAGE;
        boolean smallPages = !STRATEGY.policyAvailability(PrefaultPolicy.HUGE, Path.of("/dev/shm")).isAvailable();
        List<PolicyCase> cases = List.of(new PolicyCase("none", false, true), new PolicyCase("prealloc", false, true),
                new PolicyCase("willneed", false, true), new PolicyCase("sequential", false, true),
                new PolicyCase("populate", true, true), new PolicyCase("prealloc+populate", true, true),
                new PolicyCase("populate+willneed", true, true), new PolicyCase("populate+sequential", true, true),
                new PolicyCase("manual", true, true), new PolicyCase("manual+willneed", true, true),
                new PolicyCase("background", true, true));
        List<DynamicTest> tests = new ArrayList<>();
        for (PolicyCase c : cases) {
            tests.add(DynamicTest.dynamicTest(c.policies + (c.prefaulted ? ": few" : ": many")
                    + " writer faults per page", () -> {
                Path path = MappedFileSpec.defaultDirectory().resolve("ringlab-policy-test-" + ProcessHandle.current().pid());
                Files.deleteIfExists(path);
                try (MappedFile file = STRATEGY.open(MappedFileSpec.create(path, chunk)
                        .withPolicies(PrefaultPolicy.parseList(c.policies)).withBackgroundWindow(chunk))) {
                    long f0 = LinuxThreads.threadMinorFaults();
                    MemorySegment segment = file.chunk(0);
                    long prefaultFaults = LinuxThreads.threadMinorFaults() - f0;
                    if (c.policies.equals("background")) {
                        long deadline = System.nanoTime() + 20_000_000_000L;
                        while (file.backgroundPrefaultedTo() < chunk && System.nanoTime() < deadline) {
                            Thread.sleep(1);
                        }
                        assertEquals(chunk, file.backgroundPrefaultedTo(), "the prefaulter covered its window");
                    }
                    MemorySegment block = MemorySegment.ofArray(new byte[128]).fill((byte) 1);
                    long w0 = LinuxThreads.threadMinorFaults();
                    for (long off = 0; off < chunk; off += 128) {
                        MemorySegment.copy(block, 0, segment, off, 128);
                    }
                    long writerFaults = LinuxThreads.threadMinorFaults() - w0;
                    MappedFile.PrefaultStats stats = file.prefaultStats();
                    System.out.printf("policy %-22s writer faults %5d / %d pages, prefault-step faults %5d, "
                                    + "foreground %.1f ms, background %.1f ms%n", c.policies, writerFaults, pages,
                            prefaultFaults, stats.foregroundNanos() / 1e6, stats.backgroundNanos() / 1e6);
                    if (c.prefaulted) {
                        assertTrue(writerFaults <= pages / 20, c.policies + ": " + writerFaults
                                + " writer faults for " + pages + " pages; a prefaulted chunk takes (almost) none");
                    } else if (smallPages) {
                        assertTrue(writerFaults >= pages / 2, c.policies + ": only " + writerFaults
                                + " writer faults for " + pages + " pages; without a prefault each page faults once");
                    }
                } finally {
                    Files.deleteIfExists(path);
                }
            }));
        }
        return tests.stream();
    }

    @Test
    void hugePagesAreAvailableOrUnavailableWithTheReason() throws IOException {
        for (Path where : List.of(Path.of("/dev/shm"), dir)) {
            Availability huge = STRATEGY.policyAvailability(PrefaultPolicy.HUGE, where);
            Path path = where.resolve("ringlab-huge-test-" + ProcessHandle.current().pid());
            Files.deleteIfExists(path);
            MappedFileSpec spec = MappedFileSpec.create(path, 4L << 20).withPolicies(List.of(PrefaultPolicy.HUGE));
            try {
                if (huge.isAvailable()) {
                    try (MappedFile file = STRATEGY.open(spec)) {
                        file.chunk(0).set(ValueLayout.JAVA_LONG, 0, 1L);
                    }
                } else {
                    assertTrue(huge.reason().contains("huge") && huge.reason().contains("shmem_enabled")
                            && huge.reason().contains("file system"), huge.reason());
                    UnavailableException e = assertThrows(UnavailableException.class, () -> STRATEGY.open(spec));
                    assertTrue(e.getMessage().contains(huge.reason()), e.getMessage());
                    assertFalse(Files.exists(path), "a refused open creates no file");
                }
            } finally {
                Files.deleteIfExists(path);
            }
        }
    }

    @Test
    void badInputNamesTheValue() throws IOException {
        Path path = dir.resolve("bad");
        IllegalArgumentException chunk = assertThrows(IllegalArgumentException.class,
                () -> STRATEGY.open(MappedFileSpec.create(path, PAGE + 8)));
        assertTrue(chunk.getMessage().contains("chunk size " + (PAGE + 8) + " is not a multiple of the page size"),
                chunk.getMessage());
        IllegalArgumentException noDir = assertThrows(IllegalArgumentException.class,
                () -> STRATEGY.open(MappedFileSpec.create(dir.resolve("missing/bad"), PAGE)));
        assertTrue(noDir.getMessage().contains("does not exist"), noDir.getMessage());
        NativeCallException missing = assertThrows(NativeCallException.class,
                () -> STRATEGY.open(MappedFileSpec.openRead(path, PAGE)));
        assertEquals(Libc.ENOENT, missing.errno());
        assertTrue(missing.call().contains(path.toAbsolutePath().toString()), missing.call());
        Files.write(path, new byte[100]);
        IllegalArgumentException small = assertThrows(IllegalArgumentException.class,
                () -> STRATEGY.open(MappedFileSpec.openRead(path, PAGE)));
        assertTrue(small.getMessage().contains("has 100 bytes, less than its " + PAGE + "-byte header"), small.getMessage());
        NativeCallException exists = assertThrows(NativeCallException.class,
                () -> STRATEGY.open(MappedFileSpec.create(path, PAGE)));
        assertEquals(Libc.EEXIST, exists.errno());
        assertEquals(100, Files.size(path), "an existing file is never touched by create");
        assertTrue(assertThrows(IllegalArgumentException.class, () -> PrefaultPolicy.parseList("populate+turbo"))
                .getMessage().contains("unknown prefault policy 'turbo'; allowed: none, prealloc"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> PrefaultPolicy.parseList("none+populate"))
                .getMessage().contains("'none' cannot be combined"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> PrefaultPolicy.parseList("willneed+willneed"))
                .getMessage().contains("appears twice"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new MappedFileSpec(path,
                MappedFileSpec.Mode.OPEN_READ, PAGE, List.of(PrefaultPolicy.PREALLOC), PAGE)).getMessage()
                .contains("needs write access"));
        Path valid = dir.resolve("valid");
        STRATEGY.open(MappedFileSpec.create(valid, PAGE)).close();
        try (MappedFile file = STRATEGY.open(MappedFileSpec.openWrite(valid, PAGE).withPolicies(List.of(PrefaultPolicy.NONE)))) {
            file.close();
            assertThrows(IllegalStateException.class, file::header);
            assertThrows(IllegalStateException.class, () -> file.chunk(0));
            file.close(); // twice is harmless
        }
    }

    @Test
    void openMapUnmapCloseCyclesLeaveNothingBehind() throws IOException {
        Path path = dir.resolve("cycles");
        cycle(path); // warm-up: class loading, lazily created JDK threads
        FileResources before = FileResources.take(dir);
        for (int i = 0; i < 100; i++) {
            cycle(path);
        }
        before.assertUnchanged("100 open/map/unmap/close cycles");
        assertTrue(Thread.getAllStackTraces().keySet().stream().noneMatch(t -> t.getName().startsWith("ringlab-prefaulter")),
                "close joins the prefaulter thread");
    }

    private static void cycle(Path path) throws IOException {
        long chunk = 4 * PAGE;
        try (MappedFile w = STRATEGY.open(MappedFileSpec.create(path, chunk)
                .withPolicies(PrefaultPolicy.parseList("prealloc+populate+willneed+background")).withBackgroundWindow(8 * chunk))) {
            w.chunk(0).set(ValueLayout.JAVA_LONG, 0, 1L);
            w.chunk(2);
            w.unmap(1);
            w.reportPosition(chunk);
            try (MappedFile r = STRATEGY.open(MappedFileSpec.openRead(path, chunk)
                    .withPolicies(PrefaultPolicy.parseList("manual+sequential")))) {
                assertEquals(1L, r.chunk(0).get(ValueLayout.JAVA_LONG, 0));
            }
        } finally {
            Files.deleteIfExists(path);
        }
    }

    @TestFactory
    Stream<DynamicTest> eachNativeCallOfOpenAndMapFailsCleanly() throws IOException {
        Path path = dir.resolve("faults").toAbsolutePath();
        MappedFileSpec spec = MappedFileSpec.create(path, 4 * PAGE)
                .withPolicies(PrefaultPolicy.parseList("prealloc+populate+willneed+sequential"));
        List<String> calls;
        try (FaultHooks.Recording recording = LinuxFaults.record()) {
            exercise(spec);
            calls = recording.calls();
        }
        Files.delete(path);
        assertTrue(calls.contains("mmap(header)") && calls.stream().anyMatch(c -> c.startsWith("fallocate")),
                "opening and mapping went through the fault-injecting binding: " + calls);
        List<DynamicTest> tests = new ArrayList<>();
        for (int index = 0; index < calls.size(); index++) {
            String call = calls.get(index);
            String function = call.contains("(") ? call.substring(0, call.indexOf('(')) : call;
            if (function.equals("munmap")) {
                continue; // a failed munmap cannot release its mapping: covered by the mirrored tests' manual cleanup
            }
            int nth = (int) calls.subList(0, index + 1).stream().filter(c -> c.startsWith(function)).count();
            boolean duringOpen = index <= calls.indexOf("mmap(header)");
            tests.add(DynamicTest.dynamicTest(function + " #" + nth + " (" + call + ") fails with errno 12", () -> {
                // Once unmeasured: the JIT and JDK threads may map memory the first time a path runs.
                try (FaultHooks.Fault warm = LinuxFaults.failNth(function, nth, 12)) {
                    assertThrows(NativeCallException.class, () -> exercise(spec));
                }
                Files.deleteIfExists(path);
                FileResources before = FileResources.take(dir);
                NativeCallException e;
                try (FaultHooks.Fault fault = LinuxFaults.failNth(function, nth, 12)) {
                    e = assertThrows(NativeCallException.class, () -> exercise(spec));
                    assertTrue(fault.fired());
                }
                assertEquals(12, e.errno());
                assertTrue(e.getMessage().contains("errno 12 (Cannot allocate memory)"), e.getMessage());
                if (duringOpen) {
                    assertFalse(Files.exists(path), "a failed create removes the file it made: " + call);
                }
                Files.deleteIfExists(path);
                before.assertUnchanged("after " + call + " failed");
            }));
        }
        return tests.stream();
    }

    /**
     * Mappings of files (ours are all file-backed: anonymous regions belong to the JVM, whose
     * malloc arenas and code cache split and merge while we look) and open descriptors.
     */
    private record FileResources(Path dir, List<String> fileMappings, long descriptors) {
        static FileResources take(Path dir) {
            List<String> files = org.ringlab.growth.ProcSelf.mappings().stream()
                    .filter(l -> l.contains(dir.toString()) || l.contains("/dev/shm/ringlab")).toList();
            return new FileResources(dir, files, org.ringlab.growth.ProcSelf.openDescriptorCount());
        }

        void assertUnchanged(String context) {
            FileResources now = take(dir);
            for (int retry = 0; retry < 20 && now.descriptors != descriptors; retry++) {
                Thread.onSpinWait();
                now = take(dir);
            }
            assertEquals(fileMappings, now.fileMappings, context + ": file mappings");
            assertEquals(descriptors, now.descriptors, context + ": open descriptors");
        }
    }

    private static void exercise(MappedFileSpec spec) {
        try (MappedFile file = FAULTY.open(spec)) {
            file.chunk(0).set(ValueLayout.JAVA_LONG, 0, 1L);
            file.chunk(1);
        }
    }
}
