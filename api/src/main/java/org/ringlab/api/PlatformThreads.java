package org.ringlab.api;

import java.util.BitSet;

/**
 * What an experiment needs from the operating system about its own threads: CPU pinning and
 * page-fault counts. Found through {@link java.util.ServiceLoader} (the Linux backend provides
 * one), so a measuring module needs no {@code requires} of a backend; where no provider is
 * on the path, or {@link #availability()} says no, an experiment skips what needs it and says why.
 */
public interface PlatformThreads {

    /** {@code linux}: for notes and error messages. */
    String name();

    /** Whether the calls work here (probed once with a real call), with the reason when not. */
    Availability availability();

    /** Pins the calling thread to {@code cpu}; the message names the CPUs it may use otherwise. */
    void pinCurrentThread(int cpu);

    /** Restricts the calling thread to the CPUs in {@code cpus} (not empty). */
    void pinCurrentThread(BitSet cpus);

    /** The CPUs the calling thread may run on. */
    BitSet currentThreadAffinity();

    /** Minor page faults the calling thread has taken. */
    long threadMinorFaults();

    /** Minor page faults of the whole process, every thread included. */
    long processMinorFaults();
}
