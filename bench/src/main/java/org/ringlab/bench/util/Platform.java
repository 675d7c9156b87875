package org.ringlab.bench.util;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;

import org.ringlab.api.PlatformThreads;

/**
 * The {@link PlatformThreads} service for this platform, found once by ServiceLoader: the first
 * provider whose probe passes. Absent, {@link #unavailabilityCause()} says why (no provider on
 * the path, or each provider's reason), and what needs it is skipped naming that cause.
 */
public final class Platform {

    private static final Optional<PlatformThreads> THREADS;
    private static final String CAUSE;

    static {
        List<String> reasons = new ArrayList<>();
        PlatformThreads found = null;
        for (PlatformThreads p : ServiceLoader.load(PlatformThreads.class)) {
            if (p.availability().isAvailable()) {
                found = p;
                break;
            }
            reasons.add(p.name() + ": " + p.availability().reason());
        }
        THREADS = Optional.ofNullable(found);
        CAUSE = found != null ? null : reasons.isEmpty()
                ? "no PlatformThreads provider on the path (backend-linux provides one)" : String.join("; ", reasons);
    }

    private Platform() {
    }

    /** The service, if this platform has one. */
    public static Optional<PlatformThreads> threads() {
        return THREADS;
    }

    /** The service, or {@link UnsupportedOperationException} naming why there is none. */
    public static PlatformThreads requireThreads() {
        return THREADS.orElseThrow(() -> new UnsupportedOperationException("CPU pinning and fault counts: " + CAUSE));
    }

    /** Why there is no service, or null when there is one. */
    public static String unavailabilityCause() {
        return CAUSE;
    }
}
