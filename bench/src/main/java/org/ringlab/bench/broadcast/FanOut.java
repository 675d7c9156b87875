package org.ringlab.bench.broadcast;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.QueueConsumer;
import org.ringlab.api.QueueDiscipline;
import org.ringlab.api.QueueProducer;
import org.ringlab.api.QueueSpec;
import org.ringlab.api.RecordQueue;
import org.ringlab.api.RingMemory;
import org.ringlab.api.RingSpec;
import org.ringlab.bench.util.SlicedWait;

/**
 * One producer thread and one thread per consumer moving numbered fixed-size records through
 * one queue. Every consumer reads every byte of every record, as a long sum that is checked
 * afterwards: record {@code q} is a fixed random pattern (from the run's seed) with {@code q}
 * in its first and last 8 bytes, so a lost, duplicated, reordered or torn record changes the
 * sum. Producer and consumers yield when the queue is full or empty.
 *
 * <p>How the producer makes each record is its {@link Assembly}: seed 003's producer assembles a
 * packet from the bytes it reads, either straight in its ring's slot (the single-copy hub) or in
 * its own buffer that is then copied into each consumer's queue (taskBus before 202409).
 */
final class FanOut {

    /** Where the producer assembles each record, and so how many times its bytes are written. */
    enum Assembly {
        /** Claims the slot and copies the record's bytes from the source straight into it: one write. */
        IN_SLOT,
        /** Copies the bytes into its own buffer, then offers that buffer: one write, then the queue's copies. */
        OWN_BUFFER,
        /** Offers a record prepared once (only its sequence number changes): the queue's copies alone. */
        PREPARED
    }

    /** The counter (added to the queue's) of bytes the producer wrote assembling records. */
    static final String ASSEMBLED_BYTES = "fanOut.assembledBytes";
    /** The counter of bytes the producer handed to {@code offer} (the queue copies them). */
    static final String OFFERED_BYTES = "fanOut.offeredBytes";

    /** Ring size of both disciplines: copy-per-consumer cuts it into one sub-ring per consumer. */
    static final long CAPACITY = 4L << 20;
    /** A round that takes longer is stuck (a lost wake-up, a slot never released): the queue is closed. */
    static final Duration TIMEOUT = Duration.ofSeconds(120);

    /**
     * What one round measured.
     *
     * @param nanos    wall time from starting the threads to the last consumer done
     * @param counters the queue's counters after the round
     */
    record Round(long records, int recordSize, int consumers, long nanos, Map<String, Long> counters,
                 long producerCpuNanos) {

        /** The producer thread's CPU time per record (waiting on a full ring included); NaN if not measured. */
        double producerCpuPerRecord() {
            return producerCpuNanos < 0 ? Double.NaN : (double) producerCpuNanos / records;
        }

        /** 1e9 bytes delivered per second, summed over the consumers. */
        double gigabytesPerSecond() {
            return (double) records * recordSize * consumers / nanos;
        }
    }

    private FanOut() {
    }

    static Round run(QueueDiscipline discipline, MemoryStrategy strategy, int recordSize, int consumers, long records,
                     long seed, Assembly assembly) throws InterruptedException {
        if (recordSize < 16 || recordSize % 8 != 0) {
            throw new IllegalArgumentException("record size must be a multiple of 8 of at least 16 bytes, got "
                    + recordSize);
        }
        try (Arena arena = Arena.ofShared();
             RingMemory memory = strategy.allocate(RingSpec.ofCapacity(CAPACITY));
             RecordQueue queue = discipline.create(memory, QueueSpec.fixed(recordSize).withConsumers(consumers))) {
            MemorySegment source = PipePackets.fill(arena.allocate(recordSize, 64), seed); // the bytes as they arrive
            MemorySegment record = assembly == Assembly.PREPARED ? source : arena.allocate(recordSize, 64);
            long middle = PipePackets.sum(source, 8, recordSize - 8); // the longs without the sequence number
            long[] tally = new long[2]; // assembled, offered: read after join
            AtomicReference<Throwable> failure = new AtomicReference<>();
            List<Thread> threads = new ArrayList<>();
            long[] sums = new long[consumers];
            for (int c = 0; c < consumers; c++) {
                int index = c;
                QueueConsumer consumer = queue.consumer(c);
                threads.add(new Thread(() -> {
                    try {
                        sums[index] = consume(consumer, records, recordSize);
                    } catch (Throwable t) {
                        failure.compareAndSet(null, t);
                    }
                }, "fan-out-consumer-" + c));
            }
            long[] producerCpu = {-1};
            threads.add(new Thread(() -> {
                try {
                    ThreadMXBean mx = ManagementFactory.getThreadMXBean();
                    boolean cpu = mx.isThreadCpuTimeSupported() && mx.isThreadCpuTimeEnabled();
                    long cpuStart = cpu ? mx.getCurrentThreadCpuTime() : 0;
                    QueueProducer producer = queue.producer();
                    long assembled = 0;
                    for (long q = 0; q < records; q++) {
                        if (assembly == Assembly.IN_SLOT) {
                            MemorySegment slot;
                            while ((slot = producer.claim(recordSize)) == null) {
                                Thread.yield(); // more threads than cores: let a consumer run
                            }
                            assemble(source, slot, recordSize, q);
                            assembled += recordSize;
                            producer.commit(recordSize);
                            continue;
                        }
                        if (assembly == Assembly.OWN_BUFFER) {
                            assemble(source, record, recordSize, q);
                            assembled += recordSize;
                        } else {
                            record.set(ValueLayout.JAVA_LONG, 0, q);
                            record.set(ValueLayout.JAVA_LONG, recordSize - 8, q);
                        }
                        while (!producer.offer(record)) {
                            Thread.yield(); // more threads than cores: let a consumer run
                        }
                    }
                    tally[0] = assembled;
                    tally[1] = assembly == Assembly.IN_SLOT ? 0 : records * recordSize;
                    producerCpu[0] = cpu ? mx.getCurrentThreadCpuTime() - cpuStart : -1; // read after join
                } catch (Throwable t) {
                    failure.compareAndSet(null, t);
                }
            }, "fan-out-producer"));
            long start = System.nanoTime();
            threads.forEach(Thread::start);
            // Counted in slices: a jump of the clock (a VM paused) must not end the run early.
            boolean stuck = !SlicedWait.join(SlicedWait.slices(TIMEOUT), threads.toArray(Thread[]::new));
            long nanos = System.nanoTime() - start;
            Map<String, Long> counters = new LinkedHashMap<>(queue.counters());
            if (stuck) {
                queue.close(); // the stuck threads fail with "closed" and end
                for (Thread t : threads) {
                    t.join(10_000);
                }
                throw new IllegalStateException(discipline.name() + " made no progress for " + TIMEOUT.toSeconds()
                        + " s: " + counters);
            }
            if (failure.get() != null) {
                throw new IllegalStateException(discipline.name() + " failed: " + failure.get(), failure.get());
            }
            // Each record contributes the pattern's middle plus q twice.
            long expected = records * middle + records * (records - 1);
            for (int c = 0; c < consumers; c++) {
                if (sums[c] != expected) {
                    throw new IllegalStateException(discipline.name() + ": consumer " + c + " read the wrong bytes "
                            + "(sum " + sums[c] + ", expected " + expected + ")");
                }
            }
            counters.put(ASSEMBLED_BYTES, tally[0]);
            counters.put(OFFERED_BYTES, tally[1]);
            return new Round(records, recordSize, consumers, nanos, counters, producerCpu[0]);
        }
    }

    /** Record {@code q}: the source's bytes copied into {@code dst}, {@code q} in its first and last 8 bytes. */
    private static void assemble(MemorySegment source, MemorySegment dst, int recordSize, long q) {
        MemorySegment.copy(source, 0, dst, 0, recordSize);
        dst.set(ValueLayout.JAVA_LONG_UNALIGNED, 0, q);
        dst.set(ValueLayout.JAVA_LONG_UNALIGNED, recordSize - 8, q);
    }

    /** Drains {@code records} records, reading every byte (as longs); the sum of everything read. */
    private static long consume(QueueConsumer consumer, long records, int recordSize) {
        Reader reader = new Reader(recordSize);
        while (reader.count < records) {
            if (consumer.drain(reader, 64) == 0) {
                Thread.yield();
            }
        }
        if (reader.disorder != 0) {
            throw new IllegalStateException(reader.disorder + " records out of order, first after record "
                    + reader.firstDisorder);
        }
        return reader.sum;
    }

    private static final class Reader implements RecordQueue.RecordHandler {
        final int recordSize;
        long count;
        long sum;
        long disorder;
        long firstDisorder = -1;

        Reader(int recordSize) {
            this.recordSize = recordSize;
        }

        @Override
        public void onRecord(MemorySegment r) {
            if (r.get(ValueLayout.JAVA_LONG_UNALIGNED, 0) != count && disorder++ == 0) {
                firstDisorder = count;
            }
            long s = 0;
            for (long off = 0; off < recordSize; off += 8) {
                s += r.get(ValueLayout.JAVA_LONG_UNALIGNED, off);
            }
            sum += s;
            count++;
        }
    }
}
