package org.ringlab.linux;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.BitSet;

import org.junit.jupiter.api.Test;

/** CPU pinning through sched_setaffinity and per-thread fault counts through getrusage. */
class LinuxThreadsTest {

    @Test
    void pinsTheCallingThreadAndRestoresIt() throws InterruptedException {
        Thread t = new Thread(() -> {
            BitSet original = LinuxThreads.currentThreadAffinity();
            assertTrue(original.cardinality() >= 1, original.toString());
            int cpu = original.length() - 1;
            LinuxThreads.pinCurrentThread(cpu);
            BitSet pinned = new BitSet();
            pinned.set(cpu);
            assertEquals(pinned, LinuxThreads.currentThreadAffinity());
            LinuxThreads.pinCurrentThread(original);
            assertEquals(original, LinuxThreads.currentThreadAffinity());
            IllegalArgumentException absent = assertThrows(IllegalArgumentException.class,
                    () -> LinuxThreads.pinCurrentThread(1000));
            assertTrue(absent.getMessage().contains("cannot pin to CPUs {1000}") && absent.getMessage().contains("may use"),
                    absent.getMessage());
            assertThrows(IllegalArgumentException.class, () -> LinuxThreads.pinCurrentThread(-1));
        });
        Throwable[] failure = new Throwable[1];
        t.setUncaughtExceptionHandler((th, e) -> failure[0] = e);
        t.start();
        t.join();
        if (failure[0] != null) {
            throw new AssertionError(failure[0]);
        }
    }

    @Test
    void countsTheFaultsOfThisThread() {
        long pages = 1024;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment fresh = arena.allocate(pages * Strategies.LIBC.pageSize(), Strategies.LIBC.pageSize());
            long before = LinuxThreads.threadMinorFaults();
            for (long i = 0; i < pages; i++) {
                fresh.set(ValueLayout.JAVA_BYTE, i * Strategies.LIBC.pageSize(), (byte) 1);
            }
            long taken = LinuxThreads.threadMinorFaults() - before;
            // Arena.allocate zeroes the memory, which may have faulted it in already: then few remain.
            assertTrue(taken >= 0 && LinuxThreads.processMinorFaults() >= taken, "faults " + taken);
        }
    }
}
