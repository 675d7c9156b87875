package org.ringlab.queues.mapped;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Predicate;

/**
 * Reader threads that follow a queue of {@link Numbered} records from the beginning while
 * writers come and go, until {@code finished} (asked when a drain finds nothing, before the last
 * drain) says the last writer closed; the first failure of any is kept.
 */
final class FollowingReaders {

    final List<Numbered.Checker> checkers = new ArrayList<>();
    final AtomicReference<Throwable> failure = new AtomicReference<>();
    private final List<Thread> threads = new ArrayList<>();

    FollowingReaders(Path path, int count, String name, Predicate<MappedQueueReader> finished) {
        for (int i = 0; i < count; i++) {
            MappedQueueReader reader = MappedQueue.attach(path, MappedQueue.StartAt.BEGINNING);
            Numbered.Checker checker = new Numbered.Checker(0);
            checkers.add(checker);
            Thread t = new Thread(() -> {
                try (reader) {
                    while (checker.violations == 0) {
                        if (reader.drain(checker, 1024) == 0) {
                            if (finished.test(reader) && reader.drain(checker, Integer.MAX_VALUE) == 0) {
                                break;
                            }
                            Thread.onSpinWait();
                            Thread.yield();
                        }
                    }
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                }
            }, name + "-" + i);
            t.start();
            threads.add(t);
        }
    }

    /** Joins every reader and checks each got {@code total} records, once, in order, intact. */
    void assertEveryRecord(long total) throws InterruptedException {
        for (Thread t : threads) {
            t.join(60_000);
            assertTrue(!t.isAlive(), "a reader did not finish");
        }
        if (failure.get() != null) {
            throw new AssertionError("a reader failed", failure.get());
        }
        for (Numbered.Checker c : checkers) {
            assertEquals(0, c.violations, c.summary());
            assertEquals(total, c.delivered, "every committed record, once: " + c.summary());
        }
    }
}
