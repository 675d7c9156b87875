package org.ringlab.jna;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

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
 * One child JVM of {@link CloseUnderRunningThreadsTest}: {@code rounds} times, a producer and
 * a consumer thread run {@code offer}/{@code drain} (and their batch and poll forms) on a
 * queue of the discipline named by the third argument ({@code spsc} when absent) while this thread closes the {@link RingMemory} under them after a random spin.
 * Both threads must end with {@link IllegalStateException}, and every operation after close,
 * through the queue, the memory or a segment taken before, must throw it too.
 *
 * <p>Exit 0 and "ok ..." when every round held; 2 when the strategy is unavailable (its reason
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

    public static void main(String[] args) throws InterruptedException {
        String name = args[0];
        int rounds = Integer.parseInt(args[1]);
        String disciplineName = args.length > 2 ? args[2] : "spsc";
        MemoryStrategy strategy = strategy(name);
        if (!strategy.availability().isAvailable()) {
            System.out.println("unavailable: " + strategy.availability());
            System.exit(UNAVAILABLE);
        }
        QueueDiscipline discipline = Registries.disciplines().find(disciplineName)
                .orElseThrow(() -> new IllegalArgumentException("no discipline " + disciplineName));
        ThreadLocalRandom random = ThreadLocalRandom.current();
        long closedInFlight = 0;
        for (int round = 0; round < rounds; round++) {
            RingMemory memory = strategy.allocate(RingSpec.ofCapacity(CAPACITY));
            RecordQueue queue = discipline.create(memory, round % 2 == 0 ? QueueSpec.fixed(RECORD) : QueueSpec.variable(RECORD));
            MemorySegment staleHeader = memory.header();
            AtomicReference<Throwable> wrong = new AtomicReference<>();
            CountDownLatch running = new CountDownLatch(2);
            Thread producer = new Thread(() -> produce(queue.producer(), running, wrong), "producer");
            Thread consumer = new Thread(() -> consume(queue.consumer(0), running, wrong), "consumer");
            producer.start();
            consumer.start();
            running.await();
            // The first rounds let the JIT compile the loops; later ones close at random moments.
            long spinNanos = round < 3 ? 100_000_000 : random.nextLong(2_000_000);
            long until = System.nanoTime() + spinNanos;
            while (System.nanoTime() < until) {
                Thread.onSpinWait();
            }
            memory.close();
            producer.join(TimeUnit.SECONDS.toMillis(20));
            consumer.join(TimeUnit.SECONDS.toMillis(20));
            if (producer.isAlive() || consumer.isAlive()) {
                System.out.println("round " + round + ": a thread did not stop after close");
                System.exit(HUNG);
            }
            if (wrong.get() != null) {
                System.out.println("round " + round + ": a thread ended with " + wrong.get());
                wrong.get().printStackTrace(System.out);
                System.exit(WRONG);
            }
            closedInFlight++;
            checkEverythingThrows(round, queue, memory, staleHeader);
            queue.close();
        }
        System.out.println("ok " + strategy.name() + " " + disciplineName + " rounds=" + closedInFlight);
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

    private static void produce(QueueProducer producer, CountDownLatch running, AtomicReference<Throwable> wrong) {
        MemorySegment record = Arena.ofAuto().allocate(RECORD);
        MemorySegment[] batch = {record, record, record, record};
        running.countDown();
        try {
            for (long i = 0; ; i++) {
                record.set(ValueLayout.JAVA_LONG, 0, i);
                if ((i & 1) == 0) {
                    producer.offer(record);
                } else {
                    producer.offer(batch, 0, batch.length);
                }
            }
        } catch (IllegalStateException expected) {
            // closed under us: the promised outcome
        } catch (Throwable t) {
            wrong.compareAndSet(null, t);
        }
    }

    private static void consume(QueueConsumer consumer, CountDownLatch running, AtomicReference<Throwable> wrong) {
        MemorySegment dst = Arena.ofAuto().allocate(RECORD);
        long[] sum = new long[1];
        running.countDown();
        try {
            for (long i = 0; ; i++) {
                if ((i & 1) == 0) {
                    consumer.drain(r -> sum[0] += r.get(ValueLayout.JAVA_BYTE, 0), 64);
                } else {
                    consumer.poll(dst);
                }
            }
        } catch (IllegalStateException expected) {
            // closed under us: the promised outcome
        } catch (Throwable t) {
            wrong.compareAndSet(null, t);
        }
    }

    private static void checkEverythingThrows(int round, RecordQueue queue, RingMemory memory, MemorySegment staleHeader) {
        MemorySegment record = Arena.ofAuto().allocate(RECORD);
        expectIllegalState(round, "producer.offer", () -> queue.producer().offer(record));
        expectIllegalState(round, "consumer.drain", () -> queue.consumer(0).drain(r -> { }, 1));
        expectIllegalState(round, "consumer.poll", () -> queue.consumer(0).poll(record));
        expectIllegalState(round, "memory.claim", () -> memory.claim(Long.MAX_VALUE / 8, 1));
        expectIllegalState(round, "memory.window", () -> memory.window(0, 1));
        expectIllegalState(round, "memory.header", memory::header);
        expectIllegalState(round, "a header segment taken before close", () -> staleHeader.get(ValueLayout.JAVA_LONG, 0));
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

    private CloseRaceMain() {
    }
}
