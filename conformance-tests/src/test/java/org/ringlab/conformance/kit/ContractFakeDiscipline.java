package org.ringlab.conformance.kit;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.ringlab.api.Availability;
import org.ringlab.api.QueueConsumer;
import org.ringlab.api.QueueDiscipline;
import org.ringlab.api.QueueProducer;
import org.ringlab.api.QueueSpec;
import org.ringlab.api.RecordQueue;
import org.ringlab.api.RingMemory;

/**
 * A deliberately simple broadcast queue (every consumer sees every record; records on the
 * Java heap, bounded by the memory's capacity) that meets every queue contract point, and, with
 * a {@link Bug}, breaks exactly one: the proof that {@link QueueContractPoints} catches each, on
 * one and on three consumers, independent of whether ringlab's own queues meet them yet.
 */
final class ContractFakeDiscipline implements QueueDiscipline {

    /** Which contract point the fake breaks. */
    enum Bug {
        NONE,
        /** An offer while a claim is outstanding is accepted. */
        OFFER_DURING_A_CLAIM,
        /** A batch with a bad element publishes the elements before it. */
        BATCH_PUBLISHES_THE_GOOD_PART,
        /** poll consumes the record before it finds the destination too small or read-only. */
        POLL_CONSUMES_BEFORE_CHECKING,
        /** drain consumes the record whose handler threw. */
        DRAIN_CONSUMES_THE_THROWING_RECORD,
        /** release without a peeked record consumes the oldest one. */
        RELEASE_WITHOUT_PEEK_CONSUMES,
        /** offer(null) on a full queue returns false instead of throwing. */
        NULL_ON_A_FULL_QUEUE_IS_FULL,
        /** Consumer handles keep working after close. */
        CONSUMERS_WORK_AFTER_CLOSE,
        /** A poll while a claim is outstanding moves the claim (as a rotation under it would): the caller fills a stale segment. */
        CLAIM_MOVED_BY_A_POLL,
        /** peek's view is of one scratch buffer every consumer's next read reuses (as a window valid only until the next one). */
        PEEK_VIEW_REUSED_BY_THE_NEXT_READ,
        /**
         * A drain handler's poll, peek, release or drain on its own consumer runs, and the drain
         * then stores the position it kept (as spsc did): a record the handler polled is handed
         * to the handler again.
         */
        DRAIN_REENTRY_UNGUARDED,
        /**
         * The re-entrant call is refused with the right message, but poll and release consume
         * the oldest record before they look at the guard: the drain then skips one.
         */
        DRAIN_REENTRY_REFUSED_AFTER_CONSUMING
    }

    private final Bug bug;

    ContractFakeDiscipline(Bug bug) {
        this.bug = bug;
    }

    @Override
    public String name() {
        return bug == Bug.NONE ? "contract-fake" : "broken-" + bug.name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }

    @Override
    public String description() {
        return "a broadcast queue on the Java heap keeping every contract point" + (bug == Bug.NONE ? "" : " but " + bug);
    }

    @Override
    public Availability availability() {
        return Availability.available();
    }

    @Override
    public RecordQueue create(RingMemory memory, QueueSpec spec) {
        memory.strategyName(); // a closed memory throws IllegalStateException here on a conforming strategy
        if (!memory.isOpen()) {
            throw new IllegalStateException("the memory is closed");
        }
        if (spec.recordSize() > memory.capacity()) {
            throw new IllegalArgumentException("record size " + spec.recordSize() + " exceeds the memory's " + memory.capacity());
        }
        if (spec.consumers() > 64) {
            throw new IllegalArgumentException("too many consumers: " + spec.consumers());
        }
        return new FakeQueue(memory, spec, bug, name());
    }

    private static final class FakeQueue implements RecordQueue {
        final RingMemory memory;
        final QueueSpec spec;
        final Bug bug;
        final String name;
        final List<byte[]> records = new ArrayList<>();
        final long[] cursors;
        final QueueConsumer[] consumers;
        final QueueProducer producer;
        boolean open = true;
        int claimed = -1;
        byte[] claim;
        /** PEEK_VIEW_REUSED_BY_THE_NEXT_READ: every read goes through it. */
        final byte[] bounce;

        FakeQueue(RingMemory memory, QueueSpec spec, Bug bug, String name) {
            this.memory = memory;
            this.spec = spec;
            this.bug = bug;
            this.name = name;
            this.cursors = new long[spec.consumers()];
            this.consumers = new QueueConsumer[spec.consumers()];
            for (int i = 0; i < consumers.length; i++) {
                consumers[i] = new Consumer(i);
            }
            this.producer = new Producer();
            this.bounce = new byte[spec.recordSize()];
        }

        void ensureOpen() {
            if (!open) {
                throw new IllegalStateException(name + " queue is closed");
            }
        }

        long queuedBytes() {
            long min = Long.MAX_VALUE;
            for (long c : cursors) {
                min = Math.min(min, c);
            }
            long bytes = 0;
            for (long i = min; i < records.size(); i++) {
                bytes += records.get((int) i).length;
            }
            return bytes;
        }

        boolean fits(long length) {
            return queuedBytes() + length <= memory.capacity();
        }

        void checkLength(int index, long length) {
            if (spec.mode() == QueueSpec.RecordMode.FIXED ? length != spec.recordSize() : length > spec.recordSize()) {
                throw new IllegalArgumentException("record " + index + " has " + length + " bytes; " + spec);
            }
        }

        @Override
        public String disciplineName() {
            ensureOpen();
            return name;
        }

        @Override
        public QueueSpec spec() {
            ensureOpen();
            return spec;
        }

        @Override
        public RingMemory memory() {
            ensureOpen();
            return memory;
        }

        @Override
        public QueueProducer producer() {
            ensureOpen();
            return producer;
        }

        @Override
        public QueueConsumer consumer(int index) {
            ensureOpen();
            Objects.checkIndex(index, consumers.length);
            return consumers[index];
        }

        @Override
        public Map<String, Long> counters() {
            ensureOpen();
            return Map.of("records", (long) records.size());
        }

        @Override
        public void close() {
            open = false;
        }

        final class Producer implements QueueProducer {
            @Override
            public boolean offer(MemorySegment record) {
                if (bug == Bug.NULL_ON_A_FULL_QUEUE_IS_FULL && record == null && open && !fits(spec.recordSize())) {
                    return false;
                }
                Objects.requireNonNull(record, "record");
                ensureOpen();
                if (claimed >= 0 && bug != Bug.OFFER_DURING_A_CLAIM) {
                    throw new IllegalStateException("a claim of " + claimed + " bytes is outstanding: commit it first");
                }
                checkLength(0, record.byteSize());
                if (!fits(record.byteSize())) {
                    return false;
                }
                records.add(record.toArray(ValueLayout.JAVA_BYTE));
                return true;
            }

            @Override
            public int offer(MemorySegment[] batch, int offset, int count) {
                ensureOpen();
                if (claimed >= 0) {
                    throw new IllegalStateException("a claim of " + claimed + " bytes is outstanding: commit it first");
                }
                int accepted = 0;
                for (int i = offset; i < offset + count; i++) {
                    if (bug == Bug.BATCH_PUBLISHES_THE_GOOD_PART) {
                        Objects.requireNonNull(batch[i], "record " + i);
                        checkLength(i, batch[i].byteSize());
                        records.add(batch[i].toArray(ValueLayout.JAVA_BYTE));
                        accepted++;
                    } else {
                        Objects.requireNonNull(batch[i], "record " + i + " of the batch is null");
                        checkLength(i, batch[i].byteSize());
                    }
                }
                if (bug == Bug.BATCH_PUBLISHES_THE_GOOD_PART) {
                    return accepted;
                }
                for (int i = offset; i < offset + count && fits(batch[i].byteSize()); i++) {
                    records.add(batch[i].toArray(ValueLayout.JAVA_BYTE));
                    accepted++;
                }
                return accepted;
            }

            @Override
            public MemorySegment claim(int length) {
                ensureOpen();
                checkLength(0, spec.mode() == QueueSpec.RecordMode.FIXED ? spec.recordSize() : length);
                if (!fits(length)) {
                    return null;
                }
                claimed = length;
                claim = new byte[length];
                return MemorySegment.ofArray(claim);
            }

            @Override
            public void commit(int length) {
                ensureOpen();
                if (claimed < 0) {
                    throw new IllegalStateException("commit(" + length + ") without a claim");
                }
                if (length < 0 || length > claimed) {
                    throw new IllegalArgumentException("commit(" + length + ") of a claim of " + claimed);
                }
                records.add(java.util.Arrays.copyOf(claim, length));
                claimed = -1;
            }
        }

        final class Consumer implements QueueConsumer {
            final int index;
            boolean peeked;
            /** Set while drain runs its handler. */
            boolean draining;

            Consumer(int index) {
                this.index = index;
            }

            void ensureUsable() {
                if (bug != Bug.CONSUMERS_WORK_AFTER_CLOSE) {
                    ensureOpen();
                }
            }

            /** The re-entry guard: {@code call} from inside this consumer's drain handler is refused. */
            void checkNotDraining(String call) {
                if (draining && bug != Bug.DRAIN_REENTRY_UNGUARDED) {
                    throw new IllegalStateException(call + " called from inside drain's handler on consumer " + index);
                }
            }

            /** {@link Bug#DRAIN_REENTRY_REFUSED_AFTER_CONSUMING}: the record taken before the guard. */
            void consumeBeforeTheGuard() {
                if (draining && bug == Bug.DRAIN_REENTRY_REFUSED_AFTER_CONSUMING && oldest() != null) {
                    cursors[index]++;
                }
            }

            byte[] oldest() {
                return cursors[index] < records.size() ? records.get((int) cursors[index]) : null;
            }

            /** The record as a read hands it out: the record itself, or (bug) the one bounce buffer. */
            MemorySegment viewOf(byte[] r) {
                if (claimed >= 0 && bug == Bug.CLAIM_MOVED_BY_A_POLL) {
                    claim = new byte[claimed]; // the caller's segment no longer is the claim
                }
                if (bug == Bug.PEEK_VIEW_REUSED_BY_THE_NEXT_READ) {
                    System.arraycopy(r, 0, bounce, 0, r.length);
                    return MemorySegment.ofArray(bounce).asSlice(0, r.length).asReadOnly();
                }
                return MemorySegment.ofArray(r).asReadOnly();
            }

            @Override
            public MemorySegment peek() {
                ensureUsable();
                checkNotDraining("peek");
                byte[] r = oldest();
                peeked = r != null;
                return r == null ? null : viewOf(r);
            }

            @Override
            public void release() {
                ensureUsable();
                consumeBeforeTheGuard();
                checkNotDraining("release");
                if (!peeked && bug != Bug.RELEASE_WITHOUT_PEEK_CONSUMES) {
                    throw new IllegalStateException("release() without a peeked record");
                }
                peeked = false;
                if (oldest() != null) {
                    cursors[index]++;
                }
            }

            @Override
            public int drain(RecordHandler handler, int limit) {
                Objects.requireNonNull(handler, "handler");
                ensureUsable();
                if (limit <= 0) {
                    throw new IllegalArgumentException("drain limit must be positive, got " + limit);
                }
                checkNotDraining("drain");
                peeked = false;
                int n = 0;
                draining = true;
                try {
                    while (n < limit && oldest() != null) {
                        byte[] r = oldest();
                        long at = cursors[index];
                        if (bug == Bug.DRAIN_CONSUMES_THE_THROWING_RECORD) {
                            cursors[index]++;
                        }
                        handler.onRecord(viewOf(r));
                        if (bug == Bug.DRAIN_REENTRY_UNGUARDED) {
                            cursors[index] = at + 1; // the position kept across the handler
                        } else if (bug != Bug.DRAIN_CONSUMES_THE_THROWING_RECORD) {
                            cursors[index]++;
                        }
                        n++;
                    }
                } finally {
                    draining = false;
                }
                return n;
            }

            @Override
            public int poll(MemorySegment dst) {
                Objects.requireNonNull(dst, "dst");
                ensureUsable();
                consumeBeforeTheGuard();
                checkNotDraining("poll");
                peeked = false;
                byte[] r = oldest();
                if (r == null) {
                    return EMPTY;
                }
                if (bug == Bug.POLL_CONSUMES_BEFORE_CHECKING) {
                    cursors[index]++;
                }
                if (dst.isReadOnly()) {
                    throw new IllegalArgumentException("poll into a read-only destination");
                }
                if (dst.byteSize() < r.length) {
                    throw new IllegalArgumentException("the record has " + r.length + " bytes, dst only " + dst.byteSize());
                }
                MemorySegment.copy(viewOf(r), 0, dst, 0, r.length);
                if (bug != Bug.POLL_CONSUMES_BEFORE_CHECKING) {
                    cursors[index]++;
                }
                return r.length;
            }
        }
    }
}
