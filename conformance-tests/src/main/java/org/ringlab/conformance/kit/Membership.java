package org.ringlab.conformance.kit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Optional;
import java.util.function.Function;

import org.junit.jupiter.api.Assumptions;
import org.ringlab.api.QueueConsumer;
import org.ringlab.api.QueueProducer;
import org.ringlab.api.QueueSpec;
import org.ringlab.api.RecordQueue;
import org.ringlab.api.RingMemory;
import org.ringlab.api.RingSpec;
import org.ringlab.queues.broadcast.RefCountedBroadcastQueue;

/**
 * Consumers joining and leaving a multi-consumer queue mid-run, where the discipline lets them
 * (the SPI's {@link RecordQueue} has fixed consumers; ringlab's broadcast adds
 * {@link RefCountedBroadcastQueue#join()}/{@link RefCountedBroadcastQueue#leave leave}, a
 * discipline of yours gives its own as {@link Members} through {@link Kit#withMembership}), and one
 * slow consumer holding the producer back. One thread, so every step is deterministic:
 * <ol>
 *   <li>three consumers read records in order;</li>
 *   <li>one leaves with records unread: the producer then moves more than two rings' worth past
 *       it (a departed consumer never blocks it), the others miss nothing;</li>
 *   <li>a consumer joins: it sees every record published after the join, in order, from the
 *       first one;</li>
 *   <li>one consumer stops reading: the producer is refused once the ring is full, the fast ones
 *       still get everything published, and once the slow one reads it gets every record it
 *       missed, in order, and the producer is accepted again.</li>
 * </ol>
 * A discipline without join/leave is skipped with that reason (its consumer counts are covered
 * by the concurrency part's three consumer threads).
 */
public final class Membership {

    private static final int RECORD = 16;

    private Membership() {
    }

    /**
     * How consumers join and leave a queue: the SPI has no such calls, so a discipline of yours
     * whose consumers join and leave gives the kit this adapter ({@link Kit#withMembership}).
     * The kit calls both on the thread that reads the consumer.
     */
    public interface Members {
        /** A new consumer of the queue: it must see every record published after this call, and none before. */
        QueueConsumer join();

        /** {@code consumer} leaves: the records it has not read no longer hold the producer back. */
        void leave(QueueConsumer consumer);
    }

    /** ringlab's own join/leave, by the queue's type: broadcast's; empty when the queue's consumers are fixed. */
    static Optional<Members> ringlabs(RecordQueue queue) {
        if (queue instanceof RefCountedBroadcastQueue b) {
            return Optional.of(new Members() {
                @Override
                public QueueConsumer join() {
                    return b.join();
                }

                @Override
                public void leave(QueueConsumer consumer) {
                    b.leave((org.ringlab.queues.broadcast.BroadcastConsumer) consumer);
                }
            });
        }
        return Optional.empty();
    }

    /** A consumer handle and the next sequence it must see. */
    private static final class Reader {
        final QueueConsumer consumer;
        final String name;
        long expected;

        Reader(QueueConsumer consumer, String name, long expected) {
            this.consumer = consumer;
            this.name = name;
            this.expected = expected;
        }

        /** Reads everything available; each record must be the next in sequence. */
        long readAll() {
            long before = expected;
            consumer.drain(r -> {
                long s = r.get(ValueLayout.JAVA_LONG_UNALIGNED, 0);
                assertEquals(expected, s, name + ": expected record " + expected + ", got " + s);
                assertEquals(~s, r.get(ValueLayout.JAVA_LONG_UNALIGNED, 8), name + ": record " + s + " is torn");
                expected++;
            }, Integer.MAX_VALUE);
            return expected - before;
        }
    }

    /** Checks {@code cell}'s queue; {@code membersOf} gives its join/leave (empty: skipped, consumers fixed). */
    public static void check(Cell cell, Function<RecordQueue, Optional<Members>> membersOf) {
        cell.assumeAvailable();
        QueueSpec spec = cell.spec().withConsumers(QueueContractPoints.CONSUMERS);
        Assumptions.assumeTrue(cell.consumers() > 1,
                () -> "skipped: " + cell.discipline().name() + " takes one consumer");
        try (RingMemory memory = cell.strategy().allocate(RingSpec.ofCapacity(cell.capacity()));
             RecordQueue queue = cell.discipline().create(memory, spec)) {
            Optional<Members> members = membersOf.apply(queue);
            Assumptions.assumeTrue(members.isPresent(), () -> "skipped: " + cell.discipline().name()
                    + " has no join/leave (its " + QueueContractPoints.CONSUMERS + " consumers are fixed by QueueSpec;"
                    + " the concurrency part runs them as threads; a discipline of yours with join/leave: Kit.withMembership)");
            QueueProducer producer = queue.producer();
            long[] next = {0};
            MemorySegment record = MemorySegment.ofArray(new byte[RECORD]);
            java.util.function.BooleanSupplier offer = () -> {
                record.set(ValueLayout.JAVA_LONG_UNALIGNED, 0, next[0]);
                record.set(ValueLayout.JAVA_LONG_UNALIGNED, 8, ~next[0]);
                boolean accepted = producer.offer(record);
                if (accepted) {
                    next[0]++;
                }
                return accepted;
            };
            Reader a = new Reader(queue.consumer(0), cell.displayName() + " consumer 0", 0);
            Reader b = new Reader(queue.consumer(1), cell.displayName() + " consumer 1", 0);
            Reader c = new Reader(queue.consumer(2), cell.displayName() + " consumer 2", 0);
            for (int i = 0; i < 10; i++) {
                assertTrue(offer.getAsBoolean(), "an empty queue refused record " + i);
            }
            a.readAll();
            b.readAll();
            c.readAll();
            // c leaves with records unread; then the producer must get well past it.
            for (int i = 0; i < 5; i++) {
                assertTrue(offer.getAsBoolean(), "refused record " + next[0] + " with every consumer caught up but 5");
            }
            members.get().leave(c.consumer);
            long past = 2 * cell.capacity() / RECORD + 10;
            for (long i = 0; i < past; i++) {
                if (!offer.getAsBoolean()) {
                    assertTrue(a.readAll() + b.readAll() > 0, cell.displayName() + ": the producer is refused after consumer 2"
                            + " left, with the others caught up: the departed consumer still holds the ring");
                    i--;
                }
            }
            a.readAll();
            b.readAll();
            // A consumer joins: it starts at the next record published.
            Reader joined = new Reader(members.get().join(), cell.displayName() + " joined consumer", next[0]);
            for (int i = 0; i < 20; i++) {
                assertTrue(offer.getAsBoolean(), "refused record " + next[0] + " after a join with everyone caught up");
            }
            assertEquals(20, joined.readAll(), joined.name + ": records published after the join");
            // b is slow: it stops reading; the producer fills the ring, the fast ones keep up.
            long refusedAt = -1;
            for (long i = 0; i < past && refusedAt < 0; i++) {
                if (!offer.getAsBoolean()) {
                    refusedAt = next[0];
                }
                a.readAll();
                joined.readAll();
            }
            assertTrue(refusedAt >= 0, cell.displayName() + ": took " + past + " records of " + RECORD + " bytes into "
                    + cell.capacity() + " bytes while consumer 1 read none");
            assertFalse(offer.getAsBoolean(), cell.displayName() + ": took a record while the slow consumer holds the ring full");
            long missed = next[0] - b.expected;
            assertEquals(missed, b.readAll(), b.name + ": the slow consumer gets every record it had not read");
            assertTrue(offer.getAsBoolean(), cell.displayName() + ": refused a record after the slow consumer caught up");
            for (Reader r : new Reader[] {a, b, joined}) {
                assertEquals(1, r.readAll(), r.name + ": the record offered after the slow consumer caught up");
            }
        }
    }
}
