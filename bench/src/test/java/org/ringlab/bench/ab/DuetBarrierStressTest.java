package org.ringlab.bench.ab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The duet's meeting point under two racing sides: neither side starts repetition r before the
 * other has reached it. A broken twin that waits only for the other's previous repetition is
 * caught.
 */
class DuetBarrierStressTest {

    private static final int REPETITIONS = 200;

    @FunctionalInterface
    interface Meeting {
        void await(Path dir, String side, int repetition);
    }

    /** Broken on purpose: waits for the other side's previous repetition, so it may run one ahead. */
    static void oneBehind(Path dir, String side, int repetition) {
        try {
            Files.createFile(dir.resolve(DuetBarrier.name(side, repetition)));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        if (repetition == 0) {
            return;
        }
        Path theirs = dir.resolve(DuetBarrier.name(DuetBarrier.other(side), repetition - 1));
        while (!Files.exists(theirs)) {
            LockSupport.parkNanos(20_000);
        }
    }

    /** Each violation: a side left repetition r while the other had not announced r. */
    private static List<String> race(Meeting meeting, Path dir) throws InterruptedException {
        List<String> violations = new CopyOnWriteArrayList<>();
        Thread[] sides = new Thread[2];
        String[] names = {"A", "B"};
        for (int i = 0; i < 2; i++) {
            String side = names[i];
            sides[i] = new Thread(() -> {
                for (int r = 0; r < REPETITIONS; r++) {
                    meeting.await(dir, side, r);
                    if (!Files.exists(dir.resolve(DuetBarrier.name(DuetBarrier.other(side), r)))) {
                        violations.add(side + " left repetition " + r + " alone");
                    }
                    // a repetition of uneven length, as two builds' are
                    LockSupport.parkNanos(ThreadLocalRandom.current().nextLong(TimeUnit.MICROSECONDS.toNanos(300)));
                }
            }, "duet-" + side);
            sides[i].start();
        }
        for (Thread t : sides) {
            t.join(TimeUnit.MINUTES.toMillis(2));
            assertTrue(!t.isAlive(), t.getName() + " still waiting");
        }
        return violations;
    }

    @Test
    void neitherSideStartsARepetitionBeforeTheOtherReachesIt(@TempDir Path dir) throws InterruptedException {
        List<String> violations = race(DuetBarrier::await, dir);
        assertEquals(List.of(), violations);
    }

    @Test
    void theTwinThatWaitsForThePreviousRepetitionIsCaught(@TempDir Path dir) throws InterruptedException {
        List<String> violations = race(DuetBarrierStressTest::oneBehind, dir);
        assertTrue(!violations.isEmpty(), "the one-behind twin ran " + REPETITIONS + " repetitions in step");
    }

    @Test
    void anAbortStopsAWaitingSideAtOnceNamingTheRepetition(@TempDir Path dir) {
        DuetBarrier.abort(dir);
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> DuetBarrier.await(dir, "A", 7));
        assertTrue(e.getMessage().contains("repetition 7") && e.getMessage().contains("aborted"), e.getMessage());
    }
}
