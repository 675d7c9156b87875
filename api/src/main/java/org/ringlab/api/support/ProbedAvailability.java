package org.ringlab.api.support;

import java.util.Objects;
import java.util.function.Supplier;
import org.ringlab.api.Availability;
import org.ringlab.api.testing.SimulatedRefusal;

/**
 * A provider's availability, the Netty way: the probe (real calls) runs once, on first use, and
 * its answer is kept; a {@link SimulatedRefusal} of the provider is checked on every call and
 * never kept, so a test can refuse a provider and let it go again. Every provider that probes
 * holds one of these instead of its own double-checked memo.
 */
public final class ProbedAvailability {

    private final String provider;
    private final Supplier<Availability> probe;
    private volatile Availability result;

    /**
     * @param provider the provider's name (what a simulated refusal names)
     * @param probe    the real probe; must not throw (use {@link Availability#probe})
     */
    public ProbedAvailability(String provider, Supplier<Availability> probe) {
        this.provider = Objects.requireNonNull(provider, "provider");
        this.probe = Objects.requireNonNull(probe, "probe");
    }

    public Availability get() {
        Availability refused = SimulatedRefusal.of(provider).orElse(null);
        if (refused != null) {
            return refused;
        }
        Availability r = result;
        if (r == null) {
            synchronized (this) {
                r = result;
                if (r == null) {
                    result = r = probe.get();
                }
            }
        }
        return r;
    }
}
