package org.ringlab.api;

import java.util.Objects;
import java.util.Optional;

/**
 * The result of probing a provider, the way Netty reports {@code Epoll.isAvailable()} and
 * {@code Epoll.unavailabilityCause()}: either available, or unavailable with a human-readable
 * reason and (when a call failed) the throwable that proves it.
 */
public final class Availability {

    private static final Availability AVAILABLE = new Availability(true, "available", null);

    private final boolean available;
    private final String reason;
    private final Throwable cause;

    private Availability(boolean available, String reason, Throwable cause) {
        this.available = available;
        this.reason = reason;
        this.cause = cause;
    }

    public static Availability available() {
        return AVAILABLE;
    }

    /** Unavailable for a reason that is not an exception (wrong OS, missing directory…). */
    public static Availability unavailable(String reason) {
        return new Availability(false, requireReason(reason), null);
    }

    /** Unavailable because a real probe call failed; the reason should name the call. */
    public static Availability unavailable(String reason, Throwable cause) {
        return new Availability(false, requireReason(reason), Objects.requireNonNull(cause, "cause"));
    }

    /**
     * Runs {@code probe} once and turns any failure into an unavailability whose reason is
     * {@code what} followed by the failure's message.
     */
    public static Availability probe(String what, Runnable probe) {
        try {
            probe.run();
            return AVAILABLE;
        } catch (Throwable t) {
            Throwable root = t;
            // ExceptionInInitializerError and friends hide the useful message one level down.
            while ((root instanceof ExceptionInInitializerError || root instanceof NoClassDefFoundError)
                    && root.getCause() != null) {
                root = root.getCause();
            }
            String message = root.getMessage() == null ? root.getClass().getSimpleName()
                    : root.getClass().getSimpleName() + ": " + root.getMessage();
            return new Availability(false, what + " failed: " + message, t);
        }
    }

    private static String requireReason(String reason) {
        if (reason == null || reason.isBlank()) {
            throw new IllegalArgumentException("an unavailability needs a reason, got '" + reason + "'");
        }
        return reason;
    }

    public boolean isAvailable() {
        return available;
    }

    /** "available", or why not. */
    public String reason() {
        return reason;
    }

    /** The failure behind an unavailability, if a call failed. */
    public Optional<Throwable> cause() {
        return Optional.ofNullable(cause);
    }

    /** Throws {@link UnavailableException} carrying the reason and cause when unavailable. */
    public void ensureAvailable(String providerName) {
        if (!available) {
            throw new UnavailableException(providerName + " is unavailable: " + reason, cause);
        }
    }

    @Override
    public String toString() {
        return reason;
    }
}
