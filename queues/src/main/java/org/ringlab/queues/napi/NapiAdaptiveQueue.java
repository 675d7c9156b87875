package org.ringlab.queues.napi;

import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.locks.LockSupport;

import org.ringlab.api.QueueConsumer;
import org.ringlab.api.QueueProducer;
import org.ringlab.api.QueueSpec;
import org.ringlab.api.RecordQueue;
import org.ringlab.api.RingMemory;
import org.ringlab.queues.spsc.SpscRingQueue;

/**
 * NAPI-style adaptive consumption over an {@link SpscRingQueue} (seed 001, solution 4): the
 * ring, its format and its publication are spsc's; this class adds the "interrupt", the poll
 * budget and the driver's drop-on-full.
 *
 * <h2>Modes</h2>
 * A {@link NapiPoller} thread consumes. In <em>poll mode</em> it runs polls of at most
 * {@link NapiConfig#budget()} records, drained in batches of {@link NapiConfig#batch()}; as long
 * as a poll uses its whole budget it polls again. A poll that processes less than the budget
 * means the ring ran dry: the poller switches to <em>interrupt mode</em> and parks, and the
 * producer wakes it (the interrupt) when it publishes the next record. Under load the poller
 * never parks and the producer never signals; when idle, nothing spins.
 * {@link NapiConfig.Signalling#WAKE_PER_ITEM} is the baseline with an interrupt per record.
 *
 * <h2>Drops</h2>
 * The producer never blocks and never fails on a full ring: as a driver does, it drops the
 * record and counts it; {@code offer} returns {@code false}. Every record offered is either
 * delivered or counted as dropped ({@link NapiStats}).
 *
 * <h2>The park/unpark protocol</h2>
 * One state word, {@code RUNNING} (interrupts off: the poller is polling and the producer never
 * signals) or {@code PARKING} (interrupts on: the poller has announced that it will park).
 * <ol>
 * <li>Poller, when a poll processes less than the budget: store {@code PARKING} (volatile), full
 *     fence, then <b>re-check</b> the ring. If a record is there it takes the interrupt back
 *     (CAS {@code PARKING → RUNNING}) and polls; otherwise it parks while the state is
 *     {@code PARKING}, re-reading it after every return from {@code park} (returns may be
 *     spurious, or due to a stale permit).</li>
 * <li>Producer, after the release store that publishes a record: full fence, read the state;
 *     if {@code PARKING}, CAS it to {@code RUNNING} and, when the CAS wins, unpark the poller
 *     and count one wake-up.</li>
 * </ol>
 * This is Dekker's pattern: each side stores its own word (the ring position, the state) and
 * then loads the other's, with a full fence between. Of the two loads at least one sees the
 * other side's store, so either the poller's re-check finds the record, or the producer finds
 * {@code PARKING} and wakes it: the lost wake-up (poller finds the ring empty, producer publishes
 * and sees {@code RUNNING}, poller parks forever with a record pending) cannot happen. When both
 * see each other, the CAS decides who moves the state back to {@code RUNNING}, so a wake-up is
 * counted only when the producer really sent one. The park loop is the one
 * {@code AbstractQueuedSynchronizer} uses: a condition re-read around {@code LockSupport.park}.
 * Without the re-check (the twin generated from this source at test build time with
 * {@link #recordArrivedBeforeParking()} answering false, which the stress test must catch) a record published between the poll's last look and the announcement is missed by both.
 *
 * <h2>Threads and memory layout</h2>
 * One producer thread; the consumer is the poller's thread, or the caller's through
 * {@link #consumer(int)} when no poller runs. The state word and both sides' counters live in
 * one {@code long[]} at slots 128 bytes apart, so the producer's counter stores, the poller's,
 * and the state the producer reads on every offer never share a cache line. Counters are
 * written by their one owner with opaque stores, so a snapshot never sees a torn value.
 */
public final class NapiAdaptiveQueue implements RecordQueue {

    static final long RUNNING = 0;
    static final long PARKING = 1;

    private static final VarHandle SLOT = MethodHandles.arrayElementVarHandle(long[].class);

    // Board slots, 16 longs (128 bytes: two lines, adjacent-line prefetch) apart per writer.
    private static final int STATE = 16;
    private static final int OFFERED = 32;      // producer-owned
    private static final int DROPPED = 33;
    private static final int WAKE_UPS = 34;
    private static final int DELIVERED = 48;    // consumer-owned
    private static final int POLLS = 49;
    private static final int TO_POLL = 50;
    private static final int TO_INTERRUPT = 51;
    private static final int PARKS = 52;
    private static final int BOARD_LENGTH = PARKS + 17;

    private final String disciplineName;
    private final SpscRingQueue ring;
    private final QueueProducer ringProducer;
    private final QueueConsumer ringConsumer;
    private final NapiConfig config;
    private final boolean perItem;
    private final long[] board = new long[BOARD_LENGTH];
    private final Producer producer = new Producer();
    private final Consumer consumer = new Consumer();
    private final Object attachLock = new Object();
    private volatile NapiPoller poller;
    private volatile boolean closed;

    /** A napi queue on {@code memory}; the queue does not own the memory. */
    public NapiAdaptiveQueue(RingMemory memory, QueueSpec spec, NapiConfig config) {
        this("napi", memory, spec, config);
    }

    NapiAdaptiveQueue(String disciplineName, RingMemory memory, QueueSpec spec, NapiConfig config) {
        Objects.requireNonNull(config, "napi config");
        spec.requireNoGrowth(disciplineName); // a driver ring drops and counts when full (seed 001); it never grows
        if (spec.consumers() != 1) {
            throw new IllegalArgumentException("napi has exactly one consumer (its poller), " + spec.consumers()
                    + " were asked for");
        }
        this.disciplineName = disciplineName;
        this.ring = SpscRingQueue.create(disciplineName, memory, spec);
        this.ringProducer = ring.producer();
        this.ringConsumer = ring.consumer(0);
        this.config = config;
        this.perItem = config.signalling() == NapiConfig.Signalling.WAKE_PER_ITEM;
    }

    public NapiConfig config() {
        return config;
    }

    @Override
    public String disciplineName() {
        ensureQueueOpen();
        return disciplineName;
    }

    @Override
    public QueueSpec spec() {
        ensureQueueOpen();
        return ring.spec();
    }

    @Override
    public RingMemory memory() {
        ensureQueueOpen();
        return ring.memory();
    }

    /** The producer: {@code offer} drops and counts on a full ring, then signals the poller if needed. */
    @Override
    public QueueProducer producer() {
        ensureQueueOpen();
        return producer;
    }

    /**
     * Consumer 0, for use without a poller (tests, a caller's own loop); it throws
     * {@link IllegalStateException} while a {@link NapiPoller} is attached, which owns it then.
     */
    @Override
    public QueueConsumer consumer(int index) {
        ensureQueueOpen();
        if (index != 0) {
            throw new IndexOutOfBoundsException("napi has one consumer (index 0), asked for " + index);
        }
        return consumer;
    }

    /** The counters, read without stopping anything. */
    public NapiStats stats() {
        return new NapiStats(read(OFFERED), read(DELIVERED), read(DROPPED), read(POLLS), read(TO_POLL),
                read(TO_INTERRUPT), read(WAKE_UPS), read(PARKS));
    }

    /** Whether the poller is in interrupt mode (announced or parked). */
    public boolean inInterruptMode() {
        return (long) SLOT.getVolatile(board, STATE) == PARKING;
    }

    @Override
    public Map<String, Long> counters() {
        ensureQueueOpen();
        NapiStats s = stats();
        Map<String, Long> c = new LinkedHashMap<>();
        c.put("offered", s.offered());
        c.put("delivered", s.delivered());
        c.put("dropped", s.dropped());
        c.put("polls", s.polls());
        c.put("switchesToPoll", s.switchesToPoll());
        c.put("switchesToInterrupt", s.switchesToInterrupt());
        c.put("wakeUps", s.wakeUps());
        c.put("parks", s.parks());
        c.put("budget", (long) config.budget());
        c.put("batch", (long) config.batch());
        ring.counters().forEach((k, v) -> c.put("ring." + k, v));
        return c;
    }

    /** Stops and joins an attached poller, then closes the ring; idempotent. */
    @Override
    public void close() {
        NapiPoller p;
        synchronized (attachLock) { // no poller can attach after this
            closed = true;
            p = poller;
        }
        if (p != null) {
            p.stopAndJoin(); // outside the lock: the stopping thread detaches under it
        }
        ring.close();
    }

    private void ensureQueueOpen() {
        if (closed) {
            throw new IllegalStateException(disciplineName + " queue is closed");
        }
    }

    // Counters: one writer each; opaque so that a concurrent snapshot never sees a torn long.

    private void add(int slot, long n) {
        SLOT.setOpaque(board, slot, board[slot] + n);
    }

    private long read(int slot) {
        return (long) SLOT.getOpaque(board, slot);
    }

    // ---- the poller's side (NapiPoller's thread only) ----

    void attach(NapiPoller p) {
        synchronized (attachLock) {
            if (closed) {
                throw new IllegalStateException(disciplineName + " queue is closed");
            }
            if (poller != null) {
                throw new IllegalStateException(disciplineName + " queue already has a running poller ("
                        + poller.threadName() + "): one consumer only");
            }
            poller = p;
        }
    }

    void detach(NapiPoller p) {
        synchronized (attachLock) {
            if (poller == p) {
                // Interrupts off again: with no poller nobody is left to wake.
                SLOT.setVolatile(board, STATE, RUNNING);
                poller = null;
            }
        }
    }

    /** The poller's loop: poll, and wait for an interrupt whenever a poll ends under budget. */
    void runPoller(RecordHandler handler, NapiPoller p) {
        int budget = config.budget();
        boolean perItem = this.perItem;
        while (!p.stopRequested()) {
            int processed = poll(handler);
            if (perItem || processed < budget) {
                awaitInterrupt(p);
            }
        }
    }

    /** One poll: at most the budget, drained in batches; stops early when the ring runs dry. */
    int poll(RecordHandler handler) {
        int budget = config.budget();
        int batch = config.batch();
        int processed = 0;
        while (processed < budget) {
            int limit = Math.min(batch, budget - processed);
            int n = ringConsumer.drain(handler, limit);
            processed += n;
            if (n < limit) {
                break; // ring empty
            }
        }
        add(POLLS, 1);
        add(DELIVERED, processed);
        return processed;
    }

    /** The re-check after the announcement: did a record arrive since the poll's last look? */
    private boolean recordArrivedBeforeParking() {
        return ringConsumer.peek() != null;
    }

    /** Interrupt mode: announce, re-check, park until the producer (or a stop) moves us on. */
    private void awaitInterrupt(NapiPoller p) {
        add(TO_INTERRUPT, 1);
        SLOT.setVolatile(board, STATE, PARKING);
        // StoreLoad: the announcement must be visible before the re-check reads the producer's
        // position (the poller's half of the Dekker pair; the producer's is in signal()).
        VarHandle.fullFence();
        if (recordArrivedBeforeParking()) {
            // A record arrived between the poll's last look and the announcement. Take the
            // interrupt back; if the CAS fails the producer already did and unparked us, and its
            // permit only makes a later park() return early, which the loop below tolerates.
            SLOT.compareAndSet(board, STATE, PARKING, RUNNING);
            add(TO_POLL, 1);
            return;
        }
        while ((long) SLOT.getVolatile(board, STATE) == PARKING) {
            if (p.stopRequested()) {
                return; // stopAndJoin() unparks after setting the flag: this read or the next sees it
            }
            add(PARKS, 1);
            LockSupport.park(this);
        }
        add(TO_POLL, 1);
    }

    // ---- the producer's side ----

    /** After a successful publication of {@code records} records: raise the interrupt if the poller waits. */
    private void signal(int records) {
        // StoreLoad: the release store that published the records must be visible before the state
        // is read, or the poller's re-check could miss the records while this read misses PARKING.
        VarHandle.fullFence();
        boolean parked = (long) SLOT.getVolatile(board, STATE) == PARKING
                && SLOT.compareAndSet(board, STATE, PARKING, RUNNING);
        if (perItem) {
            NapiPoller p = poller;
            if (p != null) {
                add(WAKE_UPS, records);
                for (int i = 0; i < records; i++) {
                    LockSupport.unpark(p.thread()); // an interrupt per record, parked or not
                }
            }
        } else if (parked) {
            add(WAKE_UPS, 1);
            NapiPoller p = poller;
            if (p != null) { // null only if the poller detached meanwhile: nobody to wake
                LockSupport.unpark(p.thread());
            }
        }
    }

    private final class Producer implements QueueProducer {

        @Override
        public boolean offer(MemorySegment record) {
            boolean accepted = ringProducer.offer(record);
            add(OFFERED, 1);
            if (!accepted) {
                add(DROPPED, 1); // full ring: drop, as a driver does
                return false;
            }
            signal(1);
            return true;
        }

        @Override
        public int offer(MemorySegment[] records, int offset, int count) {
            int accepted = ringProducer.offer(records, offset, count);
            add(OFFERED, count);
            if (accepted < count) {
                add(DROPPED, count - accepted);
            }
            if (accepted > 0) {
                signal(accepted);
            }
            return accepted;
        }

        @Override
        public MemorySegment claim(int length) {
            MemorySegment claimed = ringProducer.claim(length);
            if (claimed == null) {
                add(OFFERED, 1);
                add(DROPPED, 1);
            }
            return claimed;
        }

        @Override
        public void commit(int length) {
            ringProducer.commit(length);
            add(OFFERED, 1);
            signal(1);
        }
    }

    private final class Consumer implements QueueConsumer {

        private void checkOwner() {
            NapiPoller p = poller;
            if (p != null) {
                throw new IllegalStateException("consumer 0 of this " + disciplineName
                        + " queue belongs to its running poller (" + p.threadName() + ")");
            }
        }

        @Override
        public MemorySegment peek() {
            checkOwner();
            return ringConsumer.peek();
        }

        @Override
        public void release() {
            checkOwner();
            ringConsumer.release();
            add(DELIVERED, 1);
        }

        @Override
        public int drain(RecordHandler handler, int limit) {
            checkOwner();
            int n = ringConsumer.drain(handler, limit);
            add(DELIVERED, n);
            return n;
        }

        @Override
        public int poll(MemorySegment dst) {
            checkOwner();
            int n = ringConsumer.poll(dst);
            if (n != EMPTY) {
                add(DELIVERED, 1);
            }
            return n;
        }
    }
}
