package org.ringlab.conformance.kit;

import java.lang.foreign.MemorySegment;
import java.util.Optional;

import org.ringlab.api.Availability;
import org.ringlab.api.QueueConsumer;
import org.ringlab.api.QueueDiscipline;
import org.ringlab.api.QueueProducer;
import org.ringlab.api.QueueSpec;
import org.ringlab.api.RecordQueue;
import org.ringlab.api.Registries;
import org.ringlab.api.RingMemory;
import org.ringlab.queues.broadcast.BroadcastConsumer;
import org.ringlab.queues.broadcast.RefCountedBroadcastQueue;

/**
 * A third party's multi-consumer discipline with join and leave, written as a decorator of
 * ringlab's broadcast queue (whose classes are sealed), given to the kit through
 * {@link Kit#withMembership}; each {@link Bug} is one realistic way to get membership wrong, and
 * {@link Bug#NONE} forwards everything (the correct twin, which must pass).
 */
final class BrokenMembership implements QueueDiscipline {

    enum Bug {
        NONE,
        /** A joined consumer is first handed the last record published before it joined (a "snapshot on join"). */
        JOIN_REPLAYS_THE_LAST_RECORD,
        /** {@code leave} forgets the consumer locally but never releases it: it still holds the producer back. */
        LEAVE_KEEPS_HOLDING_THE_RING,
        /** {@code join} hands out consumer 0's handle again: each record then reaches only one of the two. */
        JOIN_SHARES_CONSUMER_ZEROS_HANDLE
    }

    private final Bug bug;

    BrokenMembership(Bug bug) {
        this.bug = bug;
    }

    @Override
    public String name() {
        return bug == Bug.NONE ? "membership-twin" : "broken-" + bug.name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }

    @Override
    public Availability availability() {
        return Availability.available();
    }

    @Override
    public Availability supports(org.ringlab.api.MemoryStrategy strategy) {
        return Registries.disciplines().require("broadcast").supports(strategy);
    }

    @Override
    public RecordQueue create(RingMemory memory, QueueSpec spec) {
        return new Decorated((RefCountedBroadcastQueue) Registries.disciplines().require("broadcast").create(memory, spec));
    }

    /** The adapter the kit is given: the decorated queue's join and leave. */
    static Membership.Members members(RecordQueue queue) {
        return ((Decorated) queue).members;
    }

    /** Broadcast's queue with {@link Producer} and the adapter the kit is given. */
    private final class Decorated extends BrokenDisciplines.Forwarding {
        final Membership.Members members;

        Decorated(RefCountedBroadcastQueue queue) {
            this(queue, new Producer(queue.producer()));
        }

        private Decorated(RefCountedBroadcastQueue queue, Producer producer) {
            super(queue, name(), queue.spec(), producer, queue::consumer);
            this.members = new Membership.Members() {
                @Override
                public QueueConsumer join() {
                    return switch (bug) {
                        case JOIN_REPLAYS_THE_LAST_RECORD -> new Replaying(queue.join(), producer.last);
                        case JOIN_SHARES_CONSUMER_ZEROS_HANDLE -> queue.consumer(0);
                        default -> queue.join();
                    };
                }

                @Override
                public void leave(QueueConsumer consumer) {
                    if (bug == Bug.LEAVE_KEEPS_HOLDING_THE_RING) {
                        return; // the bug: the consumer is only forgotten here, its records stay pending
                    }
                    queue.leave(consumer instanceof Replaying r ? r.delegate : (BroadcastConsumer) consumer);
                }
            };
        }
    }

    /** Forwards to broadcast's producer, keeping a copy of the last record it published. */
    private static final class Producer implements QueueProducer {
        final QueueProducer delegate;
        byte[] last;
        MemorySegment claimed;

        Producer(QueueProducer delegate) {
            this.delegate = delegate;
        }

        @Override
        public boolean offer(MemorySegment record) {
            boolean accepted = delegate.offer(record);
            if (accepted) {
                last = record.toArray(java.lang.foreign.ValueLayout.JAVA_BYTE);
            }
            return accepted;
        }

        @Override
        public int offer(MemorySegment[] records, int offset, int count) {
            int accepted = delegate.offer(records, offset, count);
            if (accepted > 0) {
                last = records[offset + accepted - 1].toArray(java.lang.foreign.ValueLayout.JAVA_BYTE);
            }
            return accepted;
        }

        @Override
        public MemorySegment claim(int length) {
            claimed = delegate.claim(length);
            return claimed;
        }

        @Override
        public void commit(int length) {
            byte[] bytes = claimed == null ? null : claimed.asSlice(0, Math.min(length, claimed.byteSize()))
                    .toArray(java.lang.foreign.ValueLayout.JAVA_BYTE);
            delegate.commit(length);
            last = bytes;
            claimed = null;
        }
    }

    /** A joined consumer that first hands over a record from before its join. */
    private static final class Replaying implements QueueConsumer {
        final BroadcastConsumer delegate;
        byte[] replay;

        Replaying(BroadcastConsumer delegate, byte[] replay) {
            this.delegate = delegate;
            this.replay = replay;
        }

        private Optional<MemorySegment> replayed() {
            return Optional.ofNullable(replay).map(r -> MemorySegment.ofArray(r).asReadOnly());
        }

        @Override
        public MemorySegment peek() {
            return replayed().orElseGet(delegate::peek);
        }

        @Override
        public void release() {
            if (replay != null) {
                replay = null;
            } else {
                delegate.release();
            }
        }

        @Override
        public int drain(RecordQueue.RecordHandler handler, int limit) {
            Optional<MemorySegment> first = replayed();
            if (first.isEmpty()) {
                return delegate.drain(handler, limit);
            }
            handler.onRecord(first.get());
            replay = null;
            return 1 + (limit > 1 ? delegate.drain(handler, limit - 1) : 0);
        }

        @Override
        public int poll(MemorySegment dst) {
            Optional<MemorySegment> first = replayed();
            if (first.isEmpty()) {
                return delegate.poll(dst);
            }
            MemorySegment.copy(first.get(), 0, dst, 0, first.get().byteSize());
            replay = null;
            return (int) first.get().byteSize();
        }
    }
}
