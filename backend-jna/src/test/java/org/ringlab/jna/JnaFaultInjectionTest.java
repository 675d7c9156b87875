package org.ringlab.jna;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.TestFactory;
import org.ringlab.api.testing.FaultHooks;
import org.ringlab.api.NativeCallException;
import org.ringlab.growth.ProcSelf;
import org.ringlab.api.RingMemory;
import org.ringlab.api.RingSpec;
import org.ringlab.linux.LinuxFaults;

/**
 * Every libc call of a mirrored-jna allocation fails in turn (the list comes from recording a
 * successful allocation); each failure names the call, the errno and its text, and leaves no
 * mapping and no descriptor behind.
 */
@EnabledOnOs(OS.LINUX)
class JnaFaultInjectionTest {

    /** mirrored-jna over the JNA binding behind the fault hook. */
    private static final JnaMirroredMemory JNA = new JnaMirroredMemory(LinuxFaults.inject(JnaLibc.INSTANCE));
    private static final String VIEW_1 = "mmap(MAP_FIXED view 1 of 2)";
    private static final String VIEW_2 = "mmap(MAP_FIXED view 2 of 2)";
    /** mirrored-memfd's path, call for call: it is the same code (backend-linux's MirrorMapping). */
    private static final List<String> PATH = List.of("memfd_create", "ftruncate", "mmap(reserve H+2N)", VIEW_1,
            VIEW_2, "close");
    private static final int[] ERRNOS = {12, 13, 28, 24, 5};
    private static final String[] TEXTS = {"Cannot allocate memory", "Permission denied", "No space left on device",
            "Too many open files", "Input/output error"};

    private static long n;

    @BeforeAll
    static void probeFirst() {
        assertTrue(JNA.availability().isAvailable(), JNA.availability().reason());
        n = 2 * JNA.granularity();
        for (int i = 0; i < 200; i++) { // JIT and allocator settle before any baseline is taken
            JNA.allocate(RingSpec.ofCapacity(n)).close();
        }
    }

    @Test
    void theAllocationPathIsTheSameAsMirroredMemfd() {
        RingMemory ring;
        List<String> calls;
        try (FaultHooks.Recording recording = LinuxFaults.record()) {
            ring = JNA.allocate(RingSpec.ofCapacity(n));
            calls = recording.calls();
        }
        ring.close();
        assertEquals(PATH, calls);
    }

    @TestFactory
    Stream<DynamicTest> eachCallFailsCleanly() {
        List<DynamicTest> tests = new ArrayList<>();
        for (int index = 0; index < PATH.size(); index++) {
            String call = PATH.get(index);
            String function = call.contains("(") ? call.substring(0, call.indexOf('(')) : call;
            int nth = (int) PATH.subList(0, index + 1).stream().filter(c -> c.startsWith(function)).count();
            int errno = ERRNOS[index % ERRNOS.length];
            String text = TEXTS[index % TEXTS.length];
            tests.add(DynamicTest.dynamicTest(call + " fails with errno " + errno, () -> {
                Held before = Held.take();
                NativeCallException e;
                try (FaultHooks.Fault fault = LinuxFaults.failNth(function, nth, errno)) {
                    e = assertThrows(NativeCallException.class, () -> JNA.allocate(RingSpec.ofCapacity(n)).close());
                    assertEquals(call, fault.firedCall().orElseThrow());
                }
                assertEquals(call, e.call());
                assertEquals(errno, e.errno());
                assertEquals(text, e.errorText());
                assertTrue(e.getMessage().endsWith(call + " failed: errno " + errno + " (" + text + ")"), e.getMessage());
                assertTrue(e.getMessage().contains(n + " bytes"), "the failure does not name the ring's size: " + e.getMessage());
                before.assertUnchanged("after " + call + " failed");
            }));
        }
        return tests.stream();
    }

    @Test
    void aViewPlacedElsewhereThanRequestedIsRefusedAndUndone() {
        for (String view : List.of(VIEW_1, VIEW_2)) {
            Held before = Held.take();
            try (FaultHooks.Fault fault = LinuxFaults.misplaceNth(view, 1)) {
                IllegalStateException e = assertThrows(IllegalStateException.class,
                        () -> JNA.allocate(RingSpec.ofCapacity(n)).close());
                assertEquals(view, fault.firedCall().orElseThrow());
                assertTrue(e.getMessage().startsWith(view + " returned 0x") && e.getMessage().contains("instead of"),
                        e.getMessage());
            }
            before.assertUnchanged("after " + view + " was misplaced");
        }
    }

    @Test
    void aFailingUnmapOnCloseIsReported() {
        Held before = Held.take();
        RingMemory ring = JNA.allocate(RingSpec.ofCapacity(n));
        long base = ring.header().address();
        try (FaultHooks.Fault fault = LinuxFaults.failNth("munmap", 1, 5)) {
            NativeCallException e = assertThrows(NativeCallException.class, ring::close);
            assertEquals("munmap(H+2N)", e.call());
        }
        assertFalse(ring.isOpen());
        JnaLibc.INSTANCE.munmap("test cleanup", base, JNA.granularity() + 2 * n); // the injected failure left it mapped
        before.assertUnchanged("after a failed munmap and a manual one");
    }

    /**
     * Mapping lines and descriptors of this process. A leak only adds: a leaked ring adds a
     * memfd mapping or a reservation line, and a descriptor; the JVM's own threads may add or
     * drop a line of theirs meanwhile, so lines are re-read a few times and may only not grow.
     */
    private record Held(List<String> maps, long descriptors) {
        static Held take() {
            return new Held(ProcSelf.mappings(), ProcSelf.openDescriptorCount());
        }

        void assertUnchanged(String context) {
            Held now = take();
            for (int retry = 0; retry < 20 && !same(now); retry++) {
                try {
                    Thread.sleep(25);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                now = take();
            }
            List<String> unexplained = ProcSelf.unexplainedMappingChanges(maps, now.maps);
            if (!same(now) && (now.descriptors != descriptors || !unexplained.isEmpty()
                    || now.maps.stream().anyMatch(l -> l.contains("memfd:ringlab")))) {
                fail(context + ": maps " + maps.size() + " -> " + now.maps.size() + ", descriptors " + descriptors
                        + " -> " + now.descriptors + "; not the JVM's: " + unexplained);
            }
        }

        private boolean same(Held now) {
            return now.maps.size() <= maps.size() && now.descriptors == descriptors
                    && now.maps.stream().noneMatch(l -> l.contains("memfd:ringlab"));
        }
    }
}
