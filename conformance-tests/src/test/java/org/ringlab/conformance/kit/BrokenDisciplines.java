package org.ringlab.conformance.kit;

import java.lang.foreign.MemorySegment;
import java.util.Map;

import org.ringlab.api.Availability;
import org.ringlab.api.QueueConsumer;
import org.ringlab.api.QueueDiscipline;
import org.ringlab.api.QueueProducer;
import org.ringlab.api.QueueSpec;
import org.ringlab.api.RecordQueue;
import org.ringlab.api.Registries;
import org.ringlab.api.RingMemory;

/**
 * Deliberately broken disciplines: ringlab's {@code spsc} with one path changed, so a failure
 * is the change's. {@code broken = false} forwards everything (the correct twin, which must pass).
 */
final class BrokenDisciplines {

    private BrokenDisciplines() {
    }

    /** {@code offer} claims, publishes (commits), and only then copies the record in. */
    static QueueDiscipline publishBeforeWrite(boolean broken) {
        return new Wrapping(broken ? "broken-publish-before-write" : "spsc-offer-twin", queue -> new Producer(queue.producer()) {
            @Override
            public boolean offer(MemorySegment record) {
                if (!broken) {
                    return super.offer(record);
                }
                int length = (int) record.byteSize();
                MemorySegment claim = delegate.claim(length);
                if (claim == null) {
                    return false;
                }
                delegate.commit(length); // the bug: the record is published before its bytes are written
                Thread.yield();          // (a scheduler can always do this; the yield makes it likely)
                MemorySegment.copy(record, 0, claim, 0, length);
                return true;
            }
        }, queue -> queue.consumer(0));
    }

    /** {@code offer} cuts a record longer than the spec allows to the allowed size instead of refusing it. */
    static QueueDiscipline truncatesALongRecord(boolean broken) {
        return new Wrapping(broken ? "broken-truncates-a-long-record" : "spsc-truncation-twin", queue -> new Producer(queue.producer()) {
            @Override
            public boolean offer(MemorySegment record) {
                int allowed = queue.spec().recordSize();
                return super.offer(broken && record.byteSize() > allowed ? record.asSlice(0, allowed) : record); // the bug
            }
        }, queue -> queue.consumer(0));
    }

    /** {@code release} after {@code peek} does not count the record as consumed. */
    static QueueDiscipline releaseNotCounted(boolean broken) {
        return new Wrapping(broken ? "broken-release-not-counted" : "spsc-release-twin", queue -> queue.producer(),
                queue -> new Consumer(queue.consumer(0)) {
                    @Override
                    public void release() {
                        if (!broken) {
                            super.release();
                        }
                        // The bug: the peeked record stays queued; the next peek returns it again.
                    }
                });
    }

    /**
     * {@code offer} allocates {@code bytesPerRecord} of native memory it never frees (kept in
     * {@code arena} so the test can free it afterwards); the twin allocates nothing.
     */
    static QueueDiscipline leaksPerRecord(boolean broken, java.lang.foreign.Arena arena, long bytesPerRecord) {
        return new Wrapping(broken ? "broken-leak-per-record" : "spsc-leak-twin", queue -> new Producer(queue.producer()) {
            @Override
            public boolean offer(MemorySegment record) {
                boolean accepted = super.offer(record);
                if (broken && accepted) {
                    arena.allocate(bytesPerRecord); // the bug: a per-record buffer nobody frees (zeroed: resident)
                }
                return accepted;
            }
        }, queue -> queue.consumer(0));
    }

    /**
     * A multi-consumer discipline right with one consumer only: it builds a one-consumer
     * broadcast queue and hands every consumer index that one handle (under a lock, so threads
     * may share it), so each record reaches one of the consumers instead of all of them (work
     * sharing mistaken for broadcast). The twin is broadcast itself, each index its own handle.
     */
    static QueueDiscipline oneHandleForEveryConsumer(boolean broken) {
        QueueDiscipline broadcast = Registries.disciplines().require("broadcast");
        String name = broken ? "broken-one-handle-for-every-consumer" : "broadcast-consumers-twin";
        return new QueueDiscipline() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public Availability availability() {
                return broadcast.availability();
            }

            @Override
            public Availability supports(org.ringlab.api.MemoryStrategy strategy) {
                return broadcast.supports(strategy);
            }

            @Override
            public RecordQueue create(RingMemory memory, QueueSpec spec) {
                if (!broken) {
                    return broadcast.create(memory, spec);
                }
                RecordQueue queue = broadcast.create(memory, spec.withConsumers(1));
                QueueConsumer shared = new Consumer(queue.consumer(0)) {
                    @Override
                    public synchronized MemorySegment peek() {
                        return super.peek();
                    }

                    @Override
                    public synchronized void release() {
                        super.release();
                    }

                    @Override
                    public synchronized int drain(RecordQueue.RecordHandler handler, int limit) {
                        return super.drain(handler, limit);
                    }

                    @Override
                    public synchronized int poll(MemorySegment dst) {
                        return super.poll(dst);
                    }
                };
                return new Forwarding(queue, name, spec, queue.producer(), index -> {
                    java.util.Objects.checkIndex(index, spec.consumers());
                    queue.consumer(0); // throws after close, as the queue's own handles do
                    return shared;
                });
            }
        };
    }

    /** A queue forwarding to {@code queue} but for its name, its spec and its handles (the broken twins' decorator). */
    static class Forwarding implements RecordQueue {
        private final RecordQueue queue;
        private final String name;
        private final QueueSpec spec;
        private final QueueProducer producer;
        private final java.util.function.IntFunction<QueueConsumer> consumers;

        Forwarding(RecordQueue queue, String name, QueueSpec spec, QueueProducer producer,
                   java.util.function.IntFunction<QueueConsumer> consumers) {
            this.queue = queue;
            this.name = name;
            this.spec = spec;
            this.producer = producer;
            this.consumers = consumers;
        }

        @Override
        public String disciplineName() {
            queue.spec();
            return name;
        }

        @Override
        public QueueSpec spec() {
            queue.spec();
            return spec;
        }

        @Override
        public RingMemory memory() {
            return queue.memory();
        }

        @Override
        public QueueProducer producer() {
            queue.producer();
            return producer;
        }

        @Override
        public QueueConsumer consumer(int index) {
            return consumers.apply(index);
        }

        @Override
        public Map<String, Long> counters() {
            return queue.counters();
        }

        @Override
        public void close() {
            queue.close();
        }
    }

    /** A discipline building ringlab's spsc queue, its handles wrapped. */
    private record Wrapping(String name, java.util.function.Function<RecordQueue, QueueProducer> producer,
                            java.util.function.Function<RecordQueue, QueueConsumer> consumer) implements QueueDiscipline {
        @Override
        public Availability availability() {
            return Availability.available();
        }

        @Override
        public RecordQueue create(RingMemory memory, QueueSpec spec) {
            RecordQueue queue = Registries.disciplines().require("spsc").create(memory, spec);
            QueueConsumer c = consumer.apply(queue);
            return new Forwarding(queue, name, queue.spec(), producer.apply(queue), index -> index == 0 ? c : queue.consumer(index));
        }
    }

    private static class Producer implements QueueProducer {
        final QueueProducer delegate;

        Producer(QueueProducer delegate) {
            this.delegate = delegate;
        }

        @Override
        public boolean offer(MemorySegment record) {
            return delegate.offer(record);
        }

        @Override
        public int offer(MemorySegment[] records, int offset, int count) {
            return delegate.offer(records, offset, count);
        }

        @Override
        public MemorySegment claim(int length) {
            return delegate.claim(length);
        }

        @Override
        public void commit(int length) {
            delegate.commit(length);
        }
    }

    private static class Consumer implements QueueConsumer {
        final QueueConsumer delegate;

        Consumer(QueueConsumer delegate) {
            this.delegate = delegate;
        }

        @Override
        public MemorySegment peek() {
            return delegate.peek();
        }

        @Override
        public void release() {
            delegate.release();
        }

        @Override
        public int drain(RecordQueue.RecordHandler handler, int limit) {
            return delegate.drain(handler, limit);
        }

        @Override
        public int poll(MemorySegment dst) {
            return delegate.poll(dst);
        }
    }
}
