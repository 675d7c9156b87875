package org.ringlab.queues.broadcast;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.management.ManagementFactory;
import java.util.Locale;

import org.ringlab.api.LapViewMemory;
import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.MirrorViewMemory;
import org.ringlab.api.QueueSpec;
import org.ringlab.api.RecordQueue;
import org.ringlab.api.Registries;
import org.ringlab.api.RingMemory;
import org.ringlab.api.RingSpec;
import org.ringlab.api.SeamPlacement;

/**
 * Bytes allocated per record on each hot path of a broadcast queue on one strategy, in a JVM
 * of its own (call sites another strategy made polymorphic would defeat escape analysis and
 * measure the test, not the queue). Each path is a pair, a producer operation and then every
 * consumer's: offer/poll, batch offer/drain, claim+commit/poll, offer/peek+release, put/awaitDrain
 * (the claim and the peek each beside a path that allocates nothing, so a figure names its path).
 * Prints the memory's shape, whether it is a {@link LapViewMemory}, the seam placement and the
 * queue's class, then one {@code path=<name> bytesPerOp=<n>} line per path. Arguments: strategy,
 * record mode ({@code FIXED} or {@code VARIABLE}), consumers, and optionally the seam placement
 * ({@code pad}, the default, or {@code cross}).
 */
public final class BroadcastAllocationProbe {

    static final int RECORD = 48;
    /** Variable-length records: 64, 63, … 8 bytes in turn (57 lengths, prime to the power-of-two slot counts). */
    static final int LENGTHS = 57;
    static long sink;
    /** Rounds stop early once one is below this many bytes per operation (the test's threshold). */
    static final double ENOUGH = Double.parseDouble(System.getProperty("ringlab.allocation.enough", "0.1"));
    /** At most this many rounds a path (about 10 ms each): a path that allocates per record pays them all. */
    static final int MAX_ROUNDS = 60;

    enum Path { OFFER_POLL, BATCH_DRAIN, CLAIM_COMMIT, PEEK_RELEASE, PUT_AWAIT_DRAIN }

    // One method per path: each compiles on its own (OSR), as a caller's loop would; one loop over all
    // four would be one large compilation in which escape analysis may give up.

    static void offerPoll(int operations, BroadcastProducer producer, BroadcastConsumer[] cs, MemorySegment[] records,
                          MemorySegment dst) {
        for (int i = 0; i < operations; i++) {
            producer.offer(records[i % records.length]);
            for (BroadcastConsumer c : cs) {
                sink += c.poll(dst);
            }
        }
    }

    static void batchDrain(int operations, BroadcastProducer producer, BroadcastConsumer[] cs, MemorySegment[][] batches,
                           RecordQueue.RecordHandler handler) {
        for (int i = 0; i < operations; i++) {
            sink += producer.offer(batches[i % batches.length], 0, 4);
            for (BroadcastConsumer c : cs) {
                sink += c.drain(handler, 8);
            }
        }
    }

    /** claim + commit, each consumer polling (0 B/op on every shape): what allocates here is the claim path's. */
    static void claimCommit(int operations, BroadcastProducer producer, BroadcastConsumer[] cs, int[] claimLengths,
                            MemorySegment dst) {
        for (int i = 0; i < operations; i++) {
            claimCommit(producer, claimLengths[i % claimLengths.length], i);
            for (BroadcastConsumer c : cs) {
                sink += c.poll(dst);
            }
        }
    }

    /** One claim and its commit, in a method of its own as an application's would be (see peekRelease(BroadcastConsumer)). */
    static void claimCommit(BroadcastProducer producer, int claimLength, int i) {
        MemorySegment claim = producer.claim(claimLength);
        if (claim != null) {
            claim.set(ValueLayout.JAVA_BYTE, 0, (byte) i);
            producer.commit(claimLength);
        }
    }

    /** offer (0 B/op on every shape), each consumer peeking and releasing: what allocates here is the peek path's. */
    static void peekRelease(int operations, BroadcastProducer producer, BroadcastConsumer[] cs, MemorySegment[] records) {
        for (int i = 0; i < operations; i++) {
            producer.offer(records[i % records.length]);
            for (BroadcastConsumer c : cs) {
                sink += peekRelease(c);
            }
        }
    }

    /**
     * One peek and its release, in a method of its own as an application's would be: the loop
     * above is compiled on-stack with a profile too young to inline the peek, whose segment then
     * escapes through its return value and measures the harness, not the queue (spsc's
     * HandOutAllocationProbe found the same).
     */
    static long peekRelease(BroadcastConsumer c) {
        MemorySegment r = c.peek();
        if (r == null) {
            return 0;
        }
        long v = r.get(ValueLayout.JAVA_BYTE, 0);
        c.release();
        return v;
    }

    static void putAwaitDrain(int operations, BroadcastProducer producer, BroadcastConsumer[] cs, MemorySegment[] records,
                              RecordQueue.RecordHandler handler) {
        for (int i = 0; i < operations; i++) {
            producer.put(records[i % records.length]);
            for (BroadcastConsumer c : cs) {
                sink += c.awaitDrain(handler);
            }
        }
    }

    public static void main(String[] args) {
        var threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        MemoryStrategy strategy = Registries.memoryStrategies().require(args[0]);
        QueueSpec.RecordMode mode = QueueSpec.RecordMode.valueOf(args[1]);
        int consumers = Integer.parseInt(args[2]);
        int operations = Integer.getInteger("ringlab.allocation.operations", 30_000);
        long g = strategy.granularity();
        SeamPlacement seam = args.length > 3 ? SeamPlacement.parse(args[3]) : SeamPlacement.PAD;
        QueueSpec spec = new QueueSpec(mode, mode == QueueSpec.RecordMode.FIXED ? RECORD : 64, consumers).withSeam(seam);
        try (RingMemory memory = strategy.allocate(RingSpec.ofCapacity(Math.max(g, 1 << 16) / g * g));
             RefCountedBroadcastQueue queue = new BroadcastDiscipline().create(memory, spec, BroadcastOptions.defaults())) {
            // VARIABLE: LENGTHS lengths in turn, a count prime to the slot count, so every slot sees
            // every length (a slot re-sliced per length change would allocate on most records).
            MemorySegment record = Arena.ofAuto().allocate(64);
            int kinds = mode == QueueSpec.RecordMode.FIXED ? 1 : LENGTHS;
            MemorySegment[] records = new MemorySegment[kinds];
            int[] claimLengths = new int[kinds];
            for (int k = 0; k < kinds; k++) {
                claimLengths[k] = mode == QueueSpec.RecordMode.FIXED ? RECORD : 64 - k;
                records[k] = record.asSlice(0, claimLengths[k]);
            }
            MemorySegment[][] batches = new MemorySegment[kinds][];
            for (int k = 0; k < kinds; k++) {
                batches[k] = new MemorySegment[] {records[k], records[(k + 1) % kinds], records[(k + 2) % kinds],
                        records[(k + 3) % kinds]};
            }
            MemorySegment dst = Arena.ofAuto().allocate(64);
            System.out.println("shape=" + (memory instanceof MirrorViewMemory ? "mirror-view" : "segment-path")
                    + " lapView=" + (memory instanceof LapViewMemory) + " seam=" + seam.label()
                    + " class=" + queue.getClass().getSimpleName());
            BroadcastProducer producer = queue.producer();
            BroadcastConsumer[] cs = new BroadcastConsumer[consumers];
            for (int c = 0; c < consumers; c++) {
                cs[c] = queue.consumer(c);
            }
            RecordQueue.RecordHandler handler = r -> sink += r.byteSize();
            for (Path path : Path.values()) {
                double perOp = Double.NaN;
                // The least of the later rounds: JIT (re)compilation on a loaded machine allocates
                // now and then, but an allocation per operation shows in every round. Rounds go on
                // (up to MAX_ROUNDS) until one is allocation-free: where escape analysis removes a
                // handed-out slice, the figure is 0 only once C2's code of the path runs, which on a
                // loaded machine may come after the first rounds (tier-3 code keeps every slice).
                int rounds = 0;
                for (int round = 0; round < MAX_ROUNDS && (round < 5 || !(perOp < ENOUGH)); round++) {
                    rounds++;
                    long before = threads.getCurrentThreadAllocatedBytes();
                    switch (path) {
                        case OFFER_POLL -> offerPoll(operations, producer, cs, records, dst);
                        case BATCH_DRAIN -> batchDrain(operations, producer, cs, batches, handler);
                        case CLAIM_COMMIT -> claimCommit(operations, producer, cs, claimLengths, dst);
                        case PEEK_RELEASE -> peekRelease(operations, producer, cs, records);
                        case PUT_AWAIT_DRAIN -> putAwaitDrain(operations, producer, cs, records, handler);
                    }
                    for (BroadcastConsumer c : cs) {
                        c.drain(handler, Integer.MAX_VALUE);
                    }
                    double thisRound = (threads.getCurrentThreadAllocatedBytes() - before) / (double) operations;
                    if (round >= 2) {
                        perOp = Double.isNaN(perOp) ? thisRound : Math.min(perOp, thisRound);
                    }
                }
                System.out.println(String.format(Locale.ROOT, "path=%s bytesPerOp=%.4f rounds=%d", path, perOp, rounds));
            }
            if (queue.counters().get("recordsPublished") < operations) {
                throw new AssertionError("the probe published too little to mean anything: " + queue.counters());
            }
        }
        System.out.println("sink=" + sink);
    }
}
