package org.ringlab.api.testing;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.ringlab.api.Availability;
import org.ringlab.api.RinglabProvider;
import org.ringlab.api.support.FallbackChain;

/**
 * <b>Test hook</b>: makes a named provider report itself unavailable, with a reason, as if its
 * probe had failed, so that a fallback (see {@link FallbackChain}) can be exercised on a
 * machine where everything works: memfd refused by seccomp, {@code /dev/shm} missing or full,
 * native access denied, wrong OS.
 *
 * <p>Two ways to arm it:
 * <ul>
 *   <li>the system property {@value #PROPERTY}, read on every check, so it also works in a
 *       child JVM: {@code -Dringlab.refuse=mirrored-memfd:seccomp denies memfd_create;mirrored-shm:/dev/shm is full}
 *       (entries separated by {@code ;}, the name and the reason by the first {@code :}; the
 *       reason may be omitted);</li>
 *   <li>in code, process-wide until closed:
 *       {@code try (SimulatedRefusal r = SimulatedRefusal.refuse("mirrored-memfd", "seccomp denies memfd_create")) {...}}.</li>
 * </ul>
 *
 * <p>Providers honour it by calling {@link #of(String)} at the start of every
 * {@link RinglabProvider#availability()} call, before their remembered probe result: a
 * simulated refusal is never remembered, so it ends exactly when the hook is closed or the
 * property cleared. The mirrored strategies of backend-linux, backend-jna and backend-windows
 * honour it. Production code never arms it.
 */
public final class SimulatedRefusal implements AutoCloseable {

    /** System property: {@code NAME[:REASON](;NAME[:REASON])*}. */
    public static final String PROPERTY = "ringlab.refuse";

    private static final List<SimulatedRefusal> ARMED = new CopyOnWriteArrayList<>();
    private static final String DEFAULT_REASON = "no reason given";

    private final String provider;
    private final String reason;

    private SimulatedRefusal(String provider, String reason) {
        this.provider = provider;
        this.reason = reason;
    }

    /** Makes {@code provider} unavailable with {@code reason} until the returned hook is closed. */
    public static SimulatedRefusal refuse(String provider, String reason) {
        if (provider == null || provider.isBlank()) {
            throw new IllegalArgumentException("a provider name is required, got '" + provider + "'");
        }
        if (reason == null || reason.isBlank()) {
            throw new IllegalArgumentException("a simulated refusal needs a reason, got '" + reason + "'");
        }
        SimulatedRefusal hook = new SimulatedRefusal(provider, reason);
        ARMED.add(hook);
        return hook;
    }

    /**
     * The simulated unavailability of {@code provider}, if a hook or the property refuses it;
     * empty otherwise (then the provider reports its real probe result).
     */
    public static Optional<Availability> of(String provider) {
        for (SimulatedRefusal hook : ARMED) {
            if (hook.provider.equals(provider)) {
                return Optional.of(Availability.unavailable("simulated refusal (SimulatedRefusal.refuse): " + hook.reason));
            }
        }
        String property = System.getProperty(PROPERTY);
        if (property != null && !property.isBlank()) {
            String reason = parse(property).get(provider);
            if (reason != null) {
                return Optional.of(Availability.unavailable("simulated refusal (-D" + PROPERTY + "): " + reason));
            }
        }
        return Optional.empty();
    }

    /** The property's entries, name to reason, in order; malformed entries (no name) are ignored. */
    static Map<String, String> parse(String property) {
        Map<String, String> byName = new LinkedHashMap<>();
        for (String entry : property.split(";")) {
            int colon = entry.indexOf(':');
            String name = (colon < 0 ? entry : entry.substring(0, colon)).strip();
            String reason = colon < 0 ? "" : entry.substring(colon + 1).strip();
            if (!name.isEmpty()) {
                byName.putIfAbsent(name, reason.isEmpty() ? DEFAULT_REASON : reason);
            }
        }
        return byName;
    }

    /** The refused provider's name. */
    public String provider() {
        return provider;
    }

    public String reason() {
        return reason;
    }

    /** Ends the simulated refusal; closing twice is harmless. */
    @Override
    public void close() {
        ARMED.remove(this);
    }

    @Override
    public String toString() {
        return "simulated refusal of " + provider + ": " + reason;
    }
}
