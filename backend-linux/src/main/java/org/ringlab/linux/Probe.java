package org.ringlab.linux;

import org.ringlab.api.Availability;
import org.ringlab.api.support.ProbedAvailability;

/**
 * The availability of a Linux provider, probed once with real calls (never a test fault) and
 * remembered ({@link ProbedAvailability}), the way Netty's {@code Epoll.unavailabilityCause()} is.
 */
final class Probe {

    private final String name;
    private final String needs;
    private final String what;
    private final Runnable body;
    private final ProbedAvailability result;

    /**
     * @param name  the provider's name
     * @param needs what it needs from the OS, for the message on other systems
     * @param what  what the probe does, for the message when it fails
     * @param body  the real calls; throws when they do not work
     */
    Probe(String name, String needs, String what, Runnable body) {
        this.name = name;
        this.needs = needs;
        this.what = what;
        this.body = body;
        this.result = new ProbedAvailability(name, this::run);
    }

    Availability availability() {
        return result.get();
    }

    private Availability run() {
        String os = System.getProperty("os.name", "");
        if (!os.startsWith("Linux")) {
            return Availability.unavailable(name + " needs Linux (" + needs + "), this is " + os);
        }
        return LinuxFaults.withoutFaults(() -> Availability.probe(name + " probe (" + what + ")", body));
    }
}
