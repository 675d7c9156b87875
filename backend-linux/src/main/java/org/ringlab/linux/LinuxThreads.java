package org.ringlab.linux;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.BitSet;

/**
 * Per-thread facts and controls for measurements (seed 004 binds writer and reader to CPUs):
 * CPU pinning with {@code sched_setaffinity} and page-fault counts with
 * {@code getrusage(RUSAGE_THREAD)}, so that the faults a writer takes are told apart from
 * those a prefaulter thread takes for it. Java threads are kernel threads: pinning applies
 * to the calling Java thread only.
 */
public final class LinuxThreads {

    /** The FFM binding: no JNA variant of this exists, so it is not made over another. */
    private static final Libc LIBC = Libc.ffm();

    private LinuxThreads() {
    }

    /** Pins the calling thread to {@code cpu}; the message names the CPUs it may use otherwise. */
    public static void pinCurrentThread(int cpu) {
        BitSet set = new BitSet();
        if (cpu < 0 || cpu >= Libc.CPU_SET_BYTES * 8) {
            throw new IllegalArgumentException("cpu " + cpu + " is outside 0.." + (Libc.CPU_SET_BYTES * 8 - 1));
        }
        set.set(cpu);
        pinCurrentThread(set);
    }

    /** Restricts the calling thread to the CPUs in {@code cpus} (not empty). */
    public static void pinCurrentThread(BitSet cpus) {
        if (cpus.isEmpty() || cpus.length() > Libc.CPU_SET_BYTES * 8) {
            throw new IllegalArgumentException("a CPU set must name CPUs in 0.." + (Libc.CPU_SET_BYTES * 8 - 1)
                    + ", got " + cpus);
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment mask = arena.allocate(Libc.CPU_SET_BYTES, 8);
            byte[] bytes = cpus.toByteArray(); // little-endian bit order, as cpu_set_t
            MemorySegment.copy(MemorySegment.ofArray(bytes), 0, mask, 0, bytes.length);
            try {
                LIBC.schedSetaffinity(0, mask);
            } catch (org.ringlab.api.NativeCallException e) {
                if (e.errno() == Libc.EINVAL) {
                    throw new IllegalArgumentException("cannot pin to CPUs " + cpus + ": none of them is allowed here; "
                            + "this thread may use " + currentThreadAffinity(), e);
                }
                throw e;
            }
        }
    }

    /** The CPUs the calling thread may run on. */
    public static BitSet currentThreadAffinity() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment mask = arena.allocate(Libc.CPU_SET_BYTES, 8);
            LIBC.schedGetaffinity(0, mask);
            return BitSet.valueOf(mask.toArray(ValueLayout.JAVA_BYTE));
        }
    }

    /** Minor page faults the calling thread has taken ({@code getrusage(RUSAGE_THREAD)}). */
    public static long threadMinorFaults() {
        return LIBC.getrusage(Libc.RUSAGE_THREAD).minor();
    }

    /** Major page faults (ones that waited for I/O) the calling thread has taken. */
    public static long threadMajorFaults() {
        return LIBC.getrusage(Libc.RUSAGE_THREAD).major();
    }

    /** Minor page faults of the whole process, every thread included. */
    public static long processMinorFaults() {
        return LIBC.getrusage(Libc.RUSAGE_SELF).minor();
    }
}
