package org.ringlab.bench.ab;

import org.ringlab.bench.harness.*;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.locks.LockSupport;

/**
 * Where the two children of a duet meet before each repetition: each announces itself with a
 * file ({@code ready-A-3}) and polls for the other's, so both start repetition 3 within a
 * fraction of a millisecond and share whatever the machine does meanwhile (duet benchmarking).
 * Files rather than a pipe through the parent: the children meet without it, and the protocol
 * is two file names. Each side polls on its own pinned core, so the polling steals nothing from
 * the other side.
 */
public final class DuetBarrier {

    /** How long a side waits for the other before giving up (a crashed partner must not hang the run). */
    public static final Duration PATIENCE = Duration.ofMinutes(10);

    private static final long POLL_NANOS = 50_000;
    private static final String ABORT = "abort";

    private DuetBarrier() {
    }

    /** Announces {@code side} at {@code repetition} in {@code dir} and waits for the other side to arrive. */
    public static void await(Path dir, String side, int repetition) {
        String other = other(side);
        try {
            Files.createFile(dir.resolve(name(side, repetition)));
        } catch (IOException e) {
            throw new UncheckedIOException("duet side " + side + " cannot announce repetition " + repetition + " in "
                    + dir, e);
        }
        Path theirs = dir.resolve(name(other, repetition));
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        Path abort = dir.resolve(ABORT);
        while (!Files.exists(theirs)) {
            if (Files.exists(abort)) {
                throw new IllegalStateException("duet side " + side + ": the run was aborted (side " + other
                        + " failed) while waiting at repetition " + repetition);
            }
            if (System.nanoTime() - deadline > 0) {
                throw new IllegalStateException("duet side " + side + ": side " + other + " did not reach repetition "
                        + repetition + " within " + PATIENCE.toMinutes() + " min");
            }
            LockSupport.parkNanos(POLL_NANOS);
        }
    }

    /**
     * Tells a side still waiting in {@code dir} that its partner failed, so it stops at once
     * rather than after {@link #PATIENCE}.
     */
    public static void abort(Path dir) {
        try {
            Files.writeString(dir.resolve(ABORT), "the other side failed\n");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot abort the duet in " + dir, e);
        }
    }

    static String name(String side, int repetition) {
        return "ready-" + side + "-" + repetition;
    }

    static String other(String side) {
        return switch (side) {
            case "A" -> "B";
            case "B" -> "A";
            default -> throw new IllegalArgumentException("duet side must be A or B, got '" + side + "'");
        };
    }
}
