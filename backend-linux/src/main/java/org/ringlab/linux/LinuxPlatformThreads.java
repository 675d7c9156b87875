package org.ringlab.linux;

import java.util.BitSet;

import org.ringlab.api.Availability;
import org.ringlab.api.PlatformThreads;

/**
 * {@link PlatformThreads} on Linux: {@code sched_setaffinity}/{@code sched_getaffinity} and
 * {@code getrusage} through {@link LinuxThreads}. Probed once by reading this thread's CPUs.
 */
public final class LinuxPlatformThreads implements PlatformThreads {

    private static final Probe PROBE = new Probe("linux", "sched_getaffinity, getrusage",
            "sched_getaffinity of this thread", () -> {
                if (LinuxThreads.currentThreadAffinity().isEmpty()) {
                    throw new IllegalStateException("this thread may run on no CPU");
                }
                LinuxThreads.threadMinorFaults();
            });

    @Override
    public String name() {
        return "linux";
    }

    @Override
    public Availability availability() {
        return PROBE.availability();
    }

    @Override
    public void pinCurrentThread(int cpu) {
        LinuxThreads.pinCurrentThread(cpu);
    }

    @Override
    public void pinCurrentThread(BitSet cpus) {
        LinuxThreads.pinCurrentThread(cpus);
    }

    @Override
    public BitSet currentThreadAffinity() {
        return LinuxThreads.currentThreadAffinity();
    }

    @Override
    public long threadMinorFaults() {
        return LinuxThreads.threadMinorFaults();
    }

    @Override
    public long processMinorFaults() {
        return LinuxThreads.processMinorFaults();
    }
}
