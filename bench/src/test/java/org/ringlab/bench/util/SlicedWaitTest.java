package org.ringlab.bench.util;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;

import org.junit.jupiter.api.Test;

class SlicedWaitTest {

    @Test
    void aTimeoutIsCountedInSlicesRoundedUp() {
        assertEquals(1, SlicedWait.slices(Duration.ZERO));
        assertEquals(1, SlicedWait.slices(Duration.ofMillis(1)));
        assertEquals(604, SlicedWait.slices(Duration.ofMillis(60_400)));
        assertEquals(605, SlicedWait.slices(Duration.ofMillis(60_401)));
    }

    @Test
    void joinWaitsForEveryThreadAndSaysWhenOneIsStillAlive() throws InterruptedException {
        CountDownLatch release = new CountDownLatch(1);
        Thread done = Thread.ofPlatform().start(() -> { });
        Thread held = Thread.ofPlatform().start(() -> {
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        assertFalse(SlicedWait.join(2, done, held), "a thread still waiting is not joined");
        assertTrue(held.isAlive());
        release.countDown();
        assertTrue(SlicedWait.join(SlicedWait.slices(Duration.ofSeconds(30)), done, held));
        assertFalse(held.isAlive());
    }

    @Test
    void waitForSaysWhetherTheProcessExited() throws Exception {
        String java = ProcessHandle.current().info().command().orElseThrow();
        Process quick = new ProcessBuilder(java, "-version").redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        assertTrue(SlicedWait.waitFor(quick, Duration.ofSeconds(60)));
        Process sleeper = new ProcessBuilder("sleep", "30").start();
        try {
            assertFalse(SlicedWait.waitFor(sleeper, Duration.ofMillis(150)));
            assertTrue(sleeper.isAlive());
        } finally {
            sleeper.destroyForcibly().waitFor();
        }
    }

    @Test
    void aBudgetIsSpentByTheClockButAtMostASlicePerCheck() throws InterruptedException {
        SlicedWait.Budget budget = new SlicedWait.Budget(Duration.ofMillis(50));
        assertFalse(budget.spent(), "nothing spent yet");
        Thread.sleep(80);
        assertTrue(budget.spent(), "80 ms of a 50 ms budget");
        SlicedWait.Budget twoSlices = new SlicedWait.Budget(SlicedWait.SLICE.multipliedBy(2));
        Thread.sleep(SlicedWait.SLICE.multipliedBy(3).toMillis());
        assertFalse(twoSlices.spent(), "one check spends at most one slice, however long the clock says it was");
        Thread.sleep(SlicedWait.SLICE.toMillis());
        assertFalse(twoSlices.spent(), "two slices spent: not more than the budget");
        Thread.sleep(SlicedWait.SLICE.toMillis());
        assertTrue(twoSlices.spent(), "three slices spent");
    }
}
