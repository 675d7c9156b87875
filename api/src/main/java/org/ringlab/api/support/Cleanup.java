package org.ringlab.api.support;

/**
 * Releases several resources so that one failing release never skips the others: what every
 * backend's failure path and close use.
 */
public final class Cleanup {

    private Cleanup() {
    }

    /**
     * Runs every action, in order, even when some fail. Failures are added to {@code primary}
     * when there is one (the failure being cleaned up after); otherwise the first is thrown
     * with the others suppressed.
     */
    public static void runAll(Throwable primary, Runnable... actions) {
        Throwable first = null;
        for (Runnable action : actions) {
            try {
                action.run();
            } catch (Throwable t) {
                if (primary != null) {
                    primary.addSuppressed(t);
                } else if (first == null) {
                    first = t;
                } else {
                    first.addSuppressed(t);
                }
            }
        }
        if (first instanceof RuntimeException e) {
            throw e;
        }
        if (first instanceof Error e) {
            throw e;
        }
    }
}
