package org.ringlab.conformance.kit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.Supplier;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;

import org.ringlab.api.Availability;
import org.ringlab.api.GrowableBuffer;
import org.ringlab.api.GrowthStrategy;
import org.ringlab.api.MappedFile;
import org.ringlab.api.MappedFileSpec;
import org.ringlab.api.MappedFileStrategy;
import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.NativeCallException;
import org.ringlab.growth.ProcSelf;
import org.ringlab.api.RingSpec;

/**
 * Every native call of a strategy's allocation path made to fail in turn. The calls are not a
 * hand list: one successful allocation is recorded through the backend's hook, and each call it
 * made becomes a test, so a call added to a backend is covered by the next run. Each failure
 * must throw {@link NativeCallException} naming the call and the errno (and its text), and
 * leave no mapping, descriptor or file behind.
 */
public final class Faults {

    /** errno values injected in turn; EEXIST is left out (name collisions are retried, by design). */
    static final List<Integer> ERRNOS = List.of(12, 13, 28, 24, 5);

    private Faults() {
    }

    /** One test per recorded call of {@code discovered}'s allocation, or one skipped test saying why there are none. */
    public static List<DynamicNode> tests(MemoryStrategy discovered, List<FaultInjector> injectors) {
        return tests(discovered.name(), discovered, discovered.availability(), injectors, true, "the allocation",
                (injector, dir) -> {
                    MemoryStrategy strategy = injector.instrument(discovered);
                    RingSpec spec = RingSpec.ofCapacity(2 * strategy.granularity()).inDirectory(dir);
                    return () -> strategy.allocate(spec);
                }, null);
    }

    /**
     * The same for a growth strategy: the calls of an allocation and four grows (a page, appended
     * until 16 pages), each failed in turn; the buffer a failing grow leaves is closed by the kit,
     * as a caller would, and nothing may stay behind. A grow may recover from a failed call by
     * another way (mremap in place refused with ENOMEM, then moving): then every byte appended
     * must read back, and still nothing may leak.
     */
    public static List<DynamicNode> tests(GrowthStrategy discovered, List<FaultInjector> injectors) {
        MemorySegment page = MemorySegment.ofArray(new byte[GrowthContract.PAGE]).fill((byte) 0x5a);
        return tests(discovered.name(), discovered, discovered.availability(), injectors, false,
                "an allocation and four grows", (injector, dir) -> {
                    GrowthStrategy strategy = injector.instrument(discovered);
                    return () -> {
                        GrowableBuffer buffer = strategy.allocate(GrowthContract.PAGE, 64 * GrowthContract.PAGE);
                        try {
                            for (int k = 0; k < 9; k++) {
                                buffer.append(page);
                            }
                            return buffer;
                        } catch (RuntimeException | Error e) {
                            buffer.close();
                            throw e;
                        }
                    };
                }, recovered -> {
                    GrowableBuffer buffer = (GrowableBuffer) recovered;
                    assertEquals(9L * GrowthContract.PAGE, buffer.size(), "a recovered grow lost appended bytes");
                    MemorySegment contents = buffer.contents();
                    for (long at = 0; at < contents.byteSize(); at += GrowthContract.PAGE) {
                        assertEquals(-1, contents.asSlice(at, GrowthContract.PAGE).mismatch(page),
                                "after a recovered grow, page " + at / GrowthContract.PAGE + " differs from what was appended");
                    }
                });
    }

    /**
     * The same for a mapped-file strategy: the calls of creating a file and mapping three chunks
     * (the file grows twice), each failed in turn; the file a failing map leaves is closed by the
     * kit, and nothing (mapping, descriptor) may stay behind in the test's directory.
     */
    public static List<DynamicNode> tests(MappedFileStrategy discovered, List<FaultInjector> injectors) {
        AtomicInteger files = new AtomicInteger();
        return tests(discovered.name(), discovered, discovered.availability(), injectors, true,
                "creating a file and mapping three chunks", (injector, dir) -> {
                    MappedFileStrategy strategy = injector.instrument(discovered);
                    return () -> {
                        Path path = dir.resolve("fault-" + files.incrementAndGet());
                        MappedFile file = strategy.open(MappedFileSpec.create(path, strategy.granularity()));
                        try {
                            for (long c = 0; c < 3; c++) {
                                file.chunk(c).set(ValueLayout.JAVA_BYTE, 0, (byte) 1);
                            }
                            return file;
                        } catch (RuntimeException | Error e) {
                            file.close();
                            deleteQuietly(path); // the caller's file: a failed open must leave none, a failed map keeps it
                            throw e;
                        }
                    };
                }, null);
    }

    /**
     * One test per native call the body makes (recorded once through the hook that covers
     * {@code provider}), each failed in turn. {@code bodyFor} makes the body from the provider
     * as the hook {@link FaultInjector#instrument instruments} it (in a directory of its own
     * when {@code inDirectory}); the body opens a resource and, when it fails partway, closes
     * what it opened before rethrowing. Close itself is never faulted. With {@code recovery} a
     * failed call may also be recovered from: then {@code recovery} checks the result; without
     * it every failure must throw.
     */
    private static List<DynamicNode> tests(String name, Object provider, Availability availability,
                                           List<FaultInjector> injectors, boolean inDirectory, String what,
                                           BiFunction<FaultInjector, Path, Supplier<? extends AutoCloseable>> bodyFor,
                                           Consumer<AutoCloseable> recovery) {
        if (!availability.isAvailable()) {
            return List.of(skipped(name, name + " is unavailable: " + availability.reason()));
        }
        if (!ProcSelf.isSupported()) {
            return List.of(skipped(name, "needs /proc/self (Linux) to check for leaks"));
        }
        Optional<FaultInjector> hook = injectors.stream().filter(i -> i.coversProvider(provider)).findFirst();
        if (hook.isEmpty()) {
            return List.of(skipped(name, "no fault hook covers " + provider.getClass().getName()
                    + " (pure Java, or a backend without a hook: pass one with Kit.withFaultInjector)"));
        }
        FaultInjector injector = hook.get();
        Path dir = inDirectory ? tempDirectory() : null;
        Supplier<? extends AutoCloseable> body = bodyFor.apply(injector, dir);
        FaultInjector.Recorded<? extends AutoCloseable> recorded = injector.record(body);
        closeQuietly(recorded.result());
        List<String> calls = recorded.calls();
        List<DynamicNode> tests = new ArrayList<>();
        tests.add(DynamicTest.dynamicTest(name + ": " + what + " makes native calls through " + injector.name(),
                () -> assertFalse(calls.isEmpty(), name + ": " + what + " went through " + injector.name()
                        + " without a single recorded call: the hook does not see it")));
        List<Path> watched = dir == null ? List.of() : List.of(dir); // not /tmp or /dev/shm: other processes use them too
        for (int index = 0; index < calls.size(); index++) {
            String call = calls.get(index);
            String function = FaultInjector.function(call);
            int nth = (int) calls.subList(0, index + 1).stream().filter(c -> FaultInjector.function(c).equals(function)).count();
            int errno = ERRNOS.get(index % ERRNOS.size());
            tests.add(DynamicTest.dynamicTest(name + ": " + function + " #" + nth + " (" + call + ") fails with errno "
                    + errno, () -> failOne(name, injector, watched, body, recovery, function, nth, errno)));
        }
        return tests;
    }

    private static void failOne(String name, FaultInjector injector, List<Path> watched,
                                Supplier<? extends AutoCloseable> body, Consumer<AutoCloseable> recovery,
                                String function, int nth, int errno) {
        // Once unmeasured: the first run of a failure path may make the JVM map memory (a malloc
        // arena for a thread, a downcall stub for strerror); a leak of the path shows again below.
        try (FaultInjector.Armed warmUp = injector.failNth(function, nth, errno)) {
            AutoCloseable result = body.get();
            closeQuietly(result);
        } catch (NativeCallException expected) {
            // checked in the measured run
        }
        Resources before = Resources.take(watched);
        NativeCallException e = null;
        try (FaultInjector.Armed fault = injector.failNth(function, nth, errno)) {
            AutoCloseable result = null;
            try {
                result = body.get();
            } catch (NativeCallException thrown) {
                e = thrown;
            }
            assertTrue(fault.fired(), "the armed fault never fired");
            if (result != null) {
                try {
                    if (recovery == null) {
                        throw new AssertionError(function + " #" + nth + " failed with errno " + errno + " but " + name
                                + " did not say so");
                    }
                    recovery.accept(result);
                } finally {
                    closeQuietly(result);
                }
            }
        }
        if (e == null) { // recovered: checked above; nothing may leak either
            before.assertUnchanged(name + " recovered from " + function + " #" + nth + " failing with errno " + errno);
            return;
        }
        assertTrue(e.call().startsWith(function), "the exception names " + e.call() + ", the failed call was " + function);
        assertEquals(errno, e.errno(), e.getMessage());
        assertFalse(e.errorText() == null || e.errorText().isBlank(), "no strerror text: " + e.getMessage());
        assertTrue(e.getMessage().contains(e.call()) && e.getMessage().contains("errno " + errno)
                && e.getMessage().contains(e.errorText()), "the message must name the call, the errno and its text: "
                + e.getMessage());
        before.assertUnchanged(name + " failed at " + e.call());
    }

    private static void deleteQuietly(Path path) {
        try {
            Files.deleteIfExists(path);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete " + path, e);
        }
    }

    private static void closeQuietly(AutoCloseable resource) {
        try {
            resource.close();
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException("close failed", e);
        }
    }

    static Path tempDirectory() {
        try {
            Path dir = Files.createTempDirectory("ringlab-kit-faults");
            dir.toFile().deleteOnExit();
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a directory for the fault tests", e);
        }
    }

    private static DynamicTest skipped(String name, String reason) {
        return DynamicTest.dynamicTest(name + ": no fault injection", () -> Assumptions.abort("skipped: " + reason));
    }
}
