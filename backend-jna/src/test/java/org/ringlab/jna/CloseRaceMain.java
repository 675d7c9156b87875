package org.ringlab.jna;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import org.ringlab.api.support.DeferredUnmap;
import org.ringlab.api.GrowableRingMemory;
import org.ringlab.api.GrowthPolicy;
import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.QueueConsumer;
import org.ringlab.api.QueueDiscipline;
import org.ringlab.api.QueueProducer;
import org.ringlab.api.QueueSpec;
import org.ringlab.api.RecordQueue;
import org.ringlab.api.Registries;
import org.ringlab.api.RingMemory;
import org.ringlab.api.RingSpec;

/**
 * One child JVM of {@link CloseUnderRunningThreadsTest}: for each cell
 * {@code strategy:discipline} named after the first argument, {@code rounds} times, a producer
 * and a consumer thread run every operation of their handles on a queue of that discipline
 * ({@code offer}, batch {@code offer}, and {@code claim} with the claimed segment filled while
 * held; {@code drain}, {@code poll}, and {@code peek} with the peeked segment read while held)
 * while this thread closes the {@link RingMemory} under them after a random spin. On a
 * {@link GrowableRingMemory} spsc grows the ring while the race runs (it starts small).
 * Both threads must end with {@link IllegalStateException} (a held segment touched after the
 * close included), and every operation after close, through the queue, the memory, a segment
 * taken before, or a record still held, must throw it too.
 *
 * <p>Each cell's "ok" line counts the closes whose unmap or free was deferred
 * ({@code deferred=}, from {@link DeferredUnmap#deferrals()}): those that still found a handle
 * inside after the close handshake. A thread the handshake caught at a memory access has
 * thrown and left by then, so this is a fraction of the closes (about 1 to 4 in 8 here), and
 * not a check. After each round every deferred unmap must have run once the threads left.
 *
 * <p>Exit 0 and "ok ..." per cell when every round held; 2 when a strategy is unavailable (its reason
 * printed); 3 when a thread or a check saw anything but {@code IllegalStateException}; 4 when a
 * thread did not stop. A crash (SIGSEGV) runs HotSpot's fatal error handler: exit 1 with its banner
 * (core dumps off), 134 with them.
 */
public final class CloseRaceMain {

    static final int UNAVAILABLE = 2;
    static final int WRONG = 3;
    static final int HUNG = 4;

    private static final int RECORD = 64;
    private static final long CAPACITY = 64 * 1024;
    /** Growable rings start at a quarter and may grow to 16 times that while the race runs. */
    private static final long GROWABLE_START = CAPACITY / 4;
    /** A deferred unmap runs within a fraction of a millisecond of the handles leaving (a held record: HOLD_GRACE). */
    private static final java.time.Duration PENDING_LIMIT = java.time.Duration.ofSeconds(30);

    /** Arguments: {@code rounds strategy:discipline...} (a strategy is a registered name or a test class's name). */
    public static void main(String[] args) throws InterruptedException {
        int rounds = Integer.parseInt(args[0]);
        for (int i = 1; i < args.length; i++) {
            int colon = args[i].lastIndexOf(':');
            race(args[i].substring(0, colon), args[i].substring(colon + 1), rounds);
        }
    }

    private static void race(String name, String disciplineName, int rounds) throws InterruptedException {
        MemoryStrategy strategy = strategy(name);
        if (!strategy.availability().isAvailable()) {
            System.out.println("unavailable: " + strategy.name() + ": " + strategy.availability());
            System.exit(UNAVAILABLE);
        }
        QueueDiscipline discipline = Registries.disciplines().find(disciplineName)
                .orElseThrow(() -> new IllegalArgumentException("no discipline " + disciplineName));
        ThreadLocalRandom random = ThreadLocalRandom.current();
        long closedInFlight = 0;
        long grown = 0;
        long deferred = 0;
        RingMemory probe = strategy.allocate(RingSpec.ofCapacity(CAPACITY));
        boolean growable = probe instanceof GrowableRingMemory
                && disciplineName.equals("spsc"); // the one discipline that grows a ring
        probe.close();
        HELD_READABLE.set(0);
        for (int round = 0; round < rounds; round++) {
            RingMemory memory = strategy.allocate(RingSpec.ofCapacity(growable ? GROWABLE_START : CAPACITY));
            QueueSpec spec = round % 2 == 0 ? QueueSpec.fixed(RECORD) : QueueSpec.variable(RECORD);
            if (growable) {
                spec = spec.withGrowth(GrowthPolicy.doubling(GROWABLE_START * 16));
            }
            RecordQueue queue = discipline.create(memory, spec);
            MemorySegment staleHeader = memory.header();
            AtomicReference<Throwable> wrong = new AtomicReference<>();
            AtomicReference<MemorySegment> heldPeek = new AtomicReference<>();
            AtomicReference<MemorySegment> heldClaim = new AtomicReference<>();
            CountDownLatch running = new CountDownLatch(2);
            Thread producer = new Thread(() -> produce(queue.producer(), running, wrong, heldClaim), "producer");
            Thread consumer = new Thread(() -> consume(queue.consumer(0), running, wrong, heldPeek), "consumer");
            producer.start();
            consumer.start();
            running.await();
            // The first rounds let the JIT compile the loops; later ones close at random moments.
            long spinNanos = round < 3 ? 100_000_000 : random.nextLong(2_000_000);
            long until = System.nanoTime() + spinNanos;
            while (System.nanoTime() < until) {
                Thread.onSpinWait();
            }
            if (growable) {
                grown += ((GrowableRingMemory) memory).capacity() > GROWABLE_START ? 1 : 0;
            }
            long deferralsBefore = DeferredUnmap.deferrals();
            memory.close();
            // A close that met a handle inside deferred its unmap or free; counted before close() returned.
            deferred += DeferredUnmap.deferrals() - deferralsBefore;
            producer.join(TimeUnit.SECONDS.toMillis(20));
            consumer.join(TimeUnit.SECONDS.toMillis(20));
            if (producer.isAlive() || consumer.isAlive()) {
                System.out.println(name + " " + disciplineName + " round " + round + ": a thread did not stop after close");
                System.exit(HUNG);
            }
            if (wrong.get() != null) {
                System.out.println(name + " " + disciplineName + " round " + round + ": a thread ended with " + wrong.get());
                wrong.get().printStackTrace(System.out);
                System.exit(WRONG);
            }
            if (!DeferredUnmap.awaitAll(PENDING_LIMIT)) {
                System.out.println(name + " " + disciplineName + " round " + round + ": an unmap or free was still pending "
                        + PENDING_LIMIT + " after both threads had left");
                System.exit(WRONG);
            }
            closedInFlight++;
            checkEverythingThrows(round, queue, memory, staleHeader, heldPeek.get(), heldClaim.get());
            queue.close();
        }
        System.out.println("ok " + strategy.name() + " " + disciplineName + " rounds=" + closedInFlight
                + (growable ? " grown=" + grown : "") + " heldReadable=" + HELD_READABLE.get() + " deferred=" + deferred);
    }

    /** A registered strategy by name, or a test strategy (a broken twin) by class name. */
    private static MemoryStrategy strategy(String name) {
        if (name.contains(".")) {
            try {
                return (MemoryStrategy) Class.forName(name).getDeclaredConstructor().newInstance();
            } catch (ReflectiveOperationException e) {
                throw new IllegalArgumentException("no test strategy class " + name, e);
            }
        }
        return Registries.memoryStrategies().find(name)
                .orElseThrow(() -> new IllegalArgumentException("no strategy " + name));
    }

    private static void produce(QueueProducer producer, CountDownLatch running, AtomicReference<Throwable> wrong,
                                AtomicReference<MemorySegment> held) {
        MemorySegment record = Arena.ofAuto().allocate(RECORD);
        MemorySegment[] batch = {record, record, record, record};
        running.countDown();
        try {
            for (long i = 0; ; i++) {
                record.set(ValueLayout.JAVA_LONG, 0, i);
                switch ((int) (i % 3)) {
                    case 0 -> producer.offer(record);
                    case 1 -> producer.offer(batch, 0, batch.length);
                    default -> {
                        MemorySegment claim = producer.claim(RECORD);
                        if (claim != null) {
                            held.set(claim);
                            // Filled while held, outside any queue operation: the close may come now.
                            for (long at = 0; at + Long.BYTES <= RECORD; at += Long.BYTES) {
                                claim.set(ValueLayout.JAVA_LONG_UNALIGNED, at, i);
                            }
                            producer.commit(RECORD);
                            held.set(null);
                        }
                    }
                }
            }
        } catch (IllegalStateException expected) {
            // closed under us: the promised outcome
        } catch (Throwable t) {
            wrong.compareAndSet(null, t);
        }
    }

    private static void consume(QueueConsumer consumer, CountDownLatch running, AtomicReference<Throwable> wrong,
                                AtomicReference<MemorySegment> held) {
        MemorySegment dst = Arena.ofAuto().allocate(RECORD);
        long[] sum = new long[1];
        running.countDown();
        try {
            for (long i = 0; ; i++) {
                switch ((int) (i % 3)) {
                    case 0 -> consumer.drain(r -> sum[0] += r.get(ValueLayout.JAVA_BYTE, 0), 64);
                    case 1 -> consumer.poll(dst);
                    default -> {
                        MemorySegment peeked = consumer.peek();
                        if (peeked != null) {
                            held.set(peeked);
                            // Read while held, outside any queue operation: the close may come now.
                            for (long at = 0; at < peeked.byteSize(); at++) {
                                sum[0] += peeked.get(ValueLayout.JAVA_BYTE, at);
                            }
                            consumer.release();
                            held.set(null);
                        }
                    }
                }
            }
        } catch (IllegalStateException expected) {
            // closed under us: the promised outcome
        } catch (Throwable t) {
            wrong.compareAndSet(null, t);
        }
    }

    private static void checkEverythingThrows(int round, RecordQueue queue, RingMemory memory, MemorySegment staleHeader,
                                              MemorySegment heldPeek, MemorySegment heldClaim) {
        MemorySegment record = Arena.ofAuto().allocate(RECORD);
        expectIllegalState(round, "producer.offer", () -> queue.producer().offer(record));
        expectIllegalState(round, "consumer.drain", () -> queue.consumer(0).drain(r -> { }, 1));
        expectIllegalState(round, "consumer.poll", () -> queue.consumer(0).poll(record));
        expectIllegalState(round, "memory.claim", () -> memory.claim(Long.MAX_VALUE / 8, 1));
        expectIllegalState(round, "memory.window", () -> memory.window(0, 1));
        expectIllegalState(round, "memory.header", memory::header);
        expectIllegalState(round, "a header segment taken before close", () -> staleHeader.get(ValueLayout.JAVA_LONG, 0));
        if (heldPeek != null) {
            expectIllegalStateOrZero(round, "a peeked record held across the close", heldPeek);
        }
        if (heldClaim != null) {
            expectIllegalStateOrZero(round, "a claim held across the close", heldClaim);
        }
    }

    private static void expectIllegalState(int round, String what, Runnable operation) {
        try {
            operation.run();
        } catch (IllegalStateException expected) {
            return;
        } catch (Throwable t) {
            System.out.println("round " + round + ": " + what + " after close threw " + t + ", not IllegalStateException");
            System.exit(WRONG);
        }
        System.out.println("round " + round + ": " + what + " after close did not throw");
        System.exit(WRONG);
    }

    /**
     * A record held across the close: reading it throws, or (a strategy that copied it out of
     * the ring, such as split's scratch at the seam, or a heap copy) reads what it held, never
     * faults; writing a held claim throws or lands in harmless memory.
     */
    private static void expectIllegalStateOrZero(int round, String what, MemorySegment held) {
        try {
            held.get(ValueLayout.JAVA_BYTE, 0);
            if (!held.isReadOnly()) {
                held.set(ValueLayout.JAVA_BYTE, 0, (byte) 1);
            }
        } catch (IllegalStateException expected) {
            return;
        } catch (Throwable t) {
            System.out.println("round " + round + ": " + what + " threw " + t + ", not IllegalStateException");
            System.exit(WRONG);
        }
        HELD_READABLE.incrementAndGet();
    }

    /** Held records that stayed readable after the close (copies outside the closed memory). */
    static final java.util.concurrent.atomic.AtomicLong HELD_READABLE = new java.util.concurrent.atomic.AtomicLong();

    private CloseRaceMain() {
    }
}
