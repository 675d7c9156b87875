package org.ringlab.queues.baseline;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.locks.ReentrantLock;

import org.ringlab.api.QueueConsumer;
import org.ringlab.api.QueueProducer;
import org.ringlab.api.QueueSpec;
import org.ringlab.api.QueueSpec.RecordMode;
import org.ringlab.api.RecordQueue;
import org.ringlab.api.RingMemory;
import org.ringlab.queues.support.QueueChecks;

/**
 * Seed 001's "before", kept as a baseline so its 5.3× is re-measured rather than quoted: every
 * record is a fresh {@code byte[]} (the driver's {@code kmalloc} per packet) in a node of a
 * singly linked list with head and tail pointers, and every enqueue and dequeue takes one lock
 * (a {@link ReentrantLock}, the Java stand-in for the spinlock).
 *
 * <p><b>The memory.</b> Records live on the Java heap. The {@link RingMemory} only bounds the
 * queue: it holds records while their charged bytes fit in {@code memory.capacity()}; its bytes
 * and header are not touched. A record is charged what it would take in an {@code spsc} ring on
 * a zero-copy memory (fixed: the record size; variable: 4 + length rounded up to 8), so both
 * queues hold the same number of records for the same capacity.
 *
 * <p><b>Paths.</b> {@code offer} copies into a new array, then locks to link it; a batch offer
 * copies every record that fits, then links them all under one lock; {@code claim} hands out a
 * new array and {@code commit} links it. Whether a record fits is read without the lock, so a
 * full queue costs the producer neither an allocation nor the lock. The consumer reads nodes
 * outside the lock (the producer only ever appends behind them): {@code peek}/{@code release}
 * and {@code drain} lock once to look and once to unlink, so a handler that throws consumes
 * nothing, as in {@code spsc}; {@code poll} checks the destination and copies under the lock
 * before it unlinks, so a record that cannot be copied stays queued. Full and empty are return
 * values. Acquisitions that found the lock held are counted ({@code contendedLocks}) and timed
 * ({@code lockWaitNanos}, wall ns from the failed try to the acquisition, both threads summed):
 * the seed measured the share of time its spinlocked list spent waiting for the lock.
 *
 * <p><b>Allocation, by design.</b> A node and a {@code byte[]} per record are the baseline's
 * mechanism (a linked list of kmalloc'd records), not overhead to remove: offer, a batch's
 * every record and claim allocate them (96 B per 48-byte record on offer/poll: a 64-byte array
 * and a 32-byte node; records are copied straight into and out of the arrays, no segment
 * wraps them), a batch also its node array, a claim the heap segment it hands out, and
 * {@code peek}/{@code drain} the read-only heap segment of each record (about 250 B per record
 * on those paths). A full queue allocates nothing. {@code LockedListAllocationTest} prints the
 * figures per path.
 *
 * <p><b>Contract.</b> The queue contract of the SPI holds as for every discipline (claim then
 * offer refused, a batch validated first, poll into a bad destination refused with the record
 * kept, a throwing drain handler consuming only the records before it, release without peek,
 * null arguments, and after the queue's or the memory's close every call throws
 * {@link IllegalStateException}: the records are on the heap, but the queue stops with the
 * memory it was built on).
 */
public final class LockedListQueue implements RecordQueue {

    private static final int FRAME_ALIGNMENT = 8;
    private static final int RECORD_HEADER_LENGTH = 4;

    /** One kmalloc'd record. */
    private static final class Node {
        final byte[] bytes;
        final int length;
        final long charge;
        Node next; // written under the lock by the producer, read by the consumer after locking

        Node(byte[] bytes, int length, long charge) {
            this.bytes = bytes;
            this.length = length;
            this.charge = charge;
        }
    }

    private final String disciplineName;
    private final RingMemory memory;
    private final QueueSpec spec;
    private final long capacity;
    private final boolean fixed;
    private final ReentrantLock lock = new ReentrantLock();
    private final Producer producer = new Producer();
    private final Consumer consumer = new Consumer();
    private volatile boolean closed;

    // Guarded by lock.
    private Node head;
    private Node tail;
    private int size;
    private long accepted;
    private long consumed;
    private long contendedLocks;
    /** Wall ns spent in contended acquisitions (both threads): the seed's "lock wait". */
    private long lockWaitNanos;
    /** Written under the lock; read without it by the producer's "full" check. */
    private volatile long queuedBytes;
    /** The producer's alone. */
    private volatile long failedOffers;

    public LockedListQueue(String disciplineName, RingMemory memory, QueueSpec spec) {
        spec.requireNoGrowth(disciplineName);
        if (!memory.isOpen()) {
            throw new IllegalStateException("cannot build a " + disciplineName + " queue on closed memory");
        }
        if (spec.consumers() != 1) {
            throw new IllegalArgumentException("locked-list has exactly one consumer, " + spec.consumers()
                    + " were asked for");
        }
        this.disciplineName = disciplineName;
        this.memory = memory;
        this.spec = spec;
        this.capacity = memory.capacity();
        this.fixed = spec.mode() == RecordMode.FIXED;
        long largest = charge(spec.recordSize());
        if (largest > capacity) {
            throw new IllegalArgumentException("a record of " + spec.recordSize() + " bytes is charged " + largest
                    + " bytes; the memory's capacity is " + capacity);
        }
    }

    /** Bytes a record of {@code length} bytes counts against the capacity. */
    private long charge(long length) {
        return fixed ? spec.recordSize()
                : (RECORD_HEADER_LENGTH + length + FRAME_ALIGNMENT - 1) & -FRAME_ALIGNMENT;
    }

    private void acquire() {
        if (!lock.tryLock()) {
            // Timed only when the lock was held: an uncontended acquisition pays no clock read.
            long start = System.nanoTime();
            lock.lock();
            lockWaitNanos += System.nanoTime() - start;
            contendedLocks++;
        }
    }

    private void ensureOpen() {
        if (closed) {
            throw new IllegalStateException(disciplineName + " queue is closed");
        }
        // Its records live on the Java heap, but the queue is built on the memory: it stops with it.
        if (!memory.isOpen()) {
            throw new IllegalStateException(disciplineName + " queue's memory (" + memory.capacity()
                    + " bytes) is closed");
        }
    }

    /**
     * Whether {@code charge} more bytes fit, read without the lock. Only the consumer changes
     * the fill meanwhile, and only downwards, so "fits" stays true until the producer links; and
     * "full" was true at the instant of the volatile read, which is where a refused offer takes
     * effect. A full queue therefore costs the producer neither an allocation nor the lock.
     */
    private boolean fits(long charge) {
        return queuedBytes + charge <= capacity;
    }

    /** Links {@code node}, which fits; the caller holds the lock. */
    private void link(Node node) {
        if (tail == null) {
            head = node;
        } else {
            tail.next = node;
        }
        tail = node;
        size++;
        accepted++;
        queuedBytes += node.charge;
    }

    /** Unlinks the first {@code n} nodes ({@code n <= size}); the caller holds the lock. */
    private void unlink(int n) {
        Node h = head;
        long bytes = 0;
        for (int i = 0; i < n; i++) {
            bytes += h.charge;
            h = h.next;
        }
        head = h;
        if (h == null) {
            tail = null;
        }
        size -= n;
        queuedBytes -= bytes;
        consumed += n;
    }

    @Override
    public String disciplineName() {
        ensureOpen();
        return disciplineName;
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
        if (index != 0) {
            throw new IndexOutOfBoundsException("locked-list has one consumer (index 0), asked for " + index);
        }
        return consumer;
    }

    @Override
    public Map<String, Long> counters() {
        ensureOpen();
        Map<String, Long> c = new LinkedHashMap<>();
        acquire();
        try {
            c.put("recordsOffered", accepted);
            c.put("failedOffers", failedOffers);
            c.put("recordsConsumed", consumed);
            c.put("queuedRecords", (long) size);
            c.put("queuedBytes", queuedBytes);
            c.put("contendedLocks", contendedLocks);
            c.put("lockWaitNanos", lockWaitNanos);
        } finally {
            lock.unlock();
        }
        return c;
    }

    @Override
    public void close() {
        closed = true;
    }

    private final class Producer implements QueueProducer {
        private byte[] claimed;

        private Node copy(MemorySegment record) {
            long length = record.byteSize();
            byte[] bytes = new byte[(int) length]; // kmalloc
            // Straight into the array: no heap segment wrapping it (not part of the baseline's mechanism).
            MemorySegment.copy(record, ValueLayout.JAVA_BYTE, 0, bytes, 0, (int) length);
            return new Node(bytes, (int) length, charge(length));
        }

        @Override
        public boolean offer(MemorySegment record) {
            ensureOpen();
            spec.checkRecordLength(record.byteSize());
            if (claimed != null) {
                throw QueueChecks.claimOutstanding(claimed.length);
            }
            if (!fits(charge(record.byteSize()))) {
                failedOffers++;
                return false;
            }
            Node node = copy(record);
            acquire();
            try {
                link(node);
            } finally {
                lock.unlock();
            }
            return true;
        }

        @Override
        public int offer(MemorySegment[] records, int offset, int count) {
            ensureOpen();
            QueueChecks.checkBatch(spec, records, offset, count);
            if (claimed != null) {
                throw QueueChecks.claimOutstanding(claimed.length);
            }
            // Like spsc, a batch stops at the first record that does not fit: one failed offer.
            long room = capacity - queuedBytes;
            int fitting = 0;
            while (fitting < count && (room -= charge(records[offset + fitting].byteSize())) >= 0) {
                fitting++;
            }
            if (fitting < count) {
                failedOffers++;
            }
            if (fitting == 0) {
                return 0;
            }
            Node[] nodes = new Node[fitting];
            for (int i = 0; i < fitting; i++) {
                nodes[i] = copy(records[offset + i]);
            }
            acquire();
            try {
                for (Node node : nodes) {
                    link(node);
                }
            } finally {
                lock.unlock();
            }
            return fitting;
        }

        @Override
        public MemorySegment claim(int length) {
            ensureOpen();
            spec.checkRecordLength(length);
            if (!fits(charge(length))) { // and the commit will fit: only the consumer changes the fill meanwhile
                failedOffers++;
                claimed = null;
                return null;
            }
            claimed = new byte[length];
            return MemorySegment.ofArray(claimed);
        }

        @Override
        public void commit(int length) {
            ensureOpen();
            byte[] bytes = claimed;
            if (bytes == null) {
                throw new IllegalStateException("commit(" + length + ") without a successful claim");
            }
            spec.checkRecordLength(length);
            if (length > bytes.length) {
                throw new IllegalArgumentException("commit of " + length + " bytes exceeds the claim of " + bytes.length);
            }
            claimed = null;
            Node node = new Node(bytes, length, charge(length));
            acquire();
            try {
                link(node);
            } finally {
                lock.unlock();
            }
        }
    }

    private final class Consumer implements QueueConsumer {
        private Node peeked;
        /** Set while drain runs its handler: a call on this consumer from there is refused (QueueConsumer's re-entry rule). */
        private boolean draining;

        /** Refuses {@code call} from inside this consumer's drain handler, before it reads or unlinks anything. */
        private void checkNotDraining(String call) {
            if (draining) {
                throw QueueChecks.reentered(call, "the " + disciplineName + " consumer");
            }
        }

        /** The head node, or null; the lock makes everything the producer wrote before linking it visible. */
        private Node first() {
            acquire();
            try {
                return head;
            } finally {
                lock.unlock();
            }
        }

        @Override
        public MemorySegment peek() {
            ensureOpen();
            checkNotDraining("peek");
            Node node = first();
            peeked = node;
            return node == null ? null : MemorySegment.ofArray(node.bytes).asSlice(0, node.length).asReadOnly();
        }

        @Override
        public void release() {
            ensureOpen();
            checkNotDraining("release");
            if (peeked == null) {
                throw new IllegalStateException("release() without a record from peek()");
            }
            peeked = null;
            acquire();
            try {
                unlink(1);
            } finally {
                lock.unlock();
            }
        }

        @Override
        public int drain(RecordHandler handler, int limit) {
            ensureOpen();
            checkNotDraining("drain");
            QueueChecks.checkDrain(handler, limit);
            peeked = null;
            Node node;
            int available;
            acquire();
            try {
                node = head;
                available = Math.min(limit, size);
            } finally {
                lock.unlock();
            }
            // The first `available` nodes and their links were written before our lock: safe to
            // walk without it (the producer only writes the last node's next).
            int handled = 0;
            draining = true; // once per drain, not per record
            try {
                for (; handled < available; handled++) {
                    handler.onRecord(MemorySegment.ofArray(node.bytes).asSlice(0, node.length).asReadOnly());
                    if (handled + 1 < available) {
                        node = node.next;
                    }
                }
            } finally {
                draining = false;
                // A handler that throws leaves its record and those after it queued.
                if (handled > 0) {
                    acquire();
                    try {
                        unlink(handled);
                    } finally {
                        lock.unlock();
                    }
                }
            }
            return available;
        }

        @Override
        public int poll(MemorySegment dst) {
            ensureOpen();
            checkNotDraining("poll");
            long room = dst.byteSize(); // the NPE for a null destination, even when empty
            peeked = null;
            Node node;
            acquire();
            try {
                node = head;
                if (node == null) {
                    return EMPTY;
                }
                // Checked before the unlink: a record that cannot be copied stays queued.
                if (node.length > room || dst.isReadOnly()) {
                    QueueChecks.checkDestination(dst, node.length);
                }
                MemorySegment.copy(node.bytes, 0, dst, ValueLayout.JAVA_BYTE, 0, node.length);
                unlink(1);
            } finally {
                lock.unlock();
            }
            return node.length;
        }
    }
}
