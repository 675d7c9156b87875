package org.ringlab.conformance.kit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.NativeCallException;
import org.ringlab.api.ProcSelf;
import org.ringlab.api.RingMemory;
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

    /** One test per recorded call, or one skipped test saying why there are none. */
    public static List<DynamicNode> tests(MemoryStrategy discovered, List<FaultInjector> injectors) {
        String name = discovered.name();
        if (!discovered.availability().isAvailable()) {
            return List.of(skipped(name, name + " is unavailable: " + discovered.availability().reason()));
        }
        if (!ProcSelf.isSupported()) {
            return List.of(skipped(name, "needs /proc/self (Linux) to check for leaks"));
        }
        Optional<FaultInjector> hook = injectors.stream().filter(i -> i.covers(discovered)).findFirst();
        if (hook.isEmpty()) {
            return List.of(skipped(name, "no fault hook covers " + discovered.getClass().getName()
                    + " (pure Java, or a backend without a hook: pass one with Kit.withFaultInjector)"));
        }
        FaultInjector injector = hook.get();
        MemoryStrategy strategy = injector.instrument(discovered);
        Path dir = tempDirectory();
        long capacity = 2 * strategy.granularity();
        RingSpec spec = RingSpec.ofCapacity(capacity).inDirectory(dir);
        FaultInjector.Recorded<RingMemory> recorded = injector.record(() -> strategy.allocate(spec));
        recorded.result().close();
        List<String> calls = recorded.calls();
        List<DynamicNode> tests = new ArrayList<>();
        tests.add(DynamicTest.dynamicTest(name + ": the allocation makes native calls through " + injector.name(),
                () -> assertFalse(calls.isEmpty(), name + " allocated through " + injector.name()
                        + " without a single recorded call: the hook does not see it")));
        for (int index = 0; index < calls.size(); index++) {
            String call = calls.get(index);
            String function = FaultInjector.function(call);
            int nth = (int) calls.subList(0, index + 1).stream().filter(c -> FaultInjector.function(c).equals(function)).count();
            int errno = ERRNOS.get(index % ERRNOS.size());
            tests.add(DynamicTest.dynamicTest(name + ": " + function + " #" + nth + " (" + call + ") fails with errno "
                    + errno, () -> failOne(strategy, injector, spec, dir, function, nth, errno)));
        }
        return tests;
    }

    private static void failOne(MemoryStrategy strategy, FaultInjector injector, RingSpec spec, Path dir,
                                String function, int nth, int errno) {
        Resources before = Resources.take(List.of(dir)); // not /tmp or /dev/shm: other processes use them too
        NativeCallException e;
        try (FaultInjector.Armed fault = injector.failNth(function, nth, errno)) {
            e = assertThrows(NativeCallException.class, () -> strategy.allocate(spec).close(),
                    function + " #" + nth + " failed with errno " + errno + " but the allocation did not say so");
            assertTrue(fault.fired(), "the armed fault never fired");
        }
        assertTrue(e.call().startsWith(function), "the exception names " + e.call() + ", the failed call was " + function);
        assertEquals(errno, e.errno(), e.getMessage());
        assertFalse(e.errorText() == null || e.errorText().isBlank(), "no strerror text: " + e.getMessage());
        assertTrue(e.getMessage().contains(e.call()) && e.getMessage().contains("errno " + errno)
                && e.getMessage().contains(e.errorText()), "the message must name the call, the errno and its text: "
                + e.getMessage());
        before.assertUnchanged(strategy.name() + " failed at " + e.call());
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
