package org.ringlab.bench.anchors;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Duration;

import org.ringlab.bench.harness.JitWarmup;

/**
 * A strategy's mechanism timed alone, in the shape of the one-thread path loop: for every
 * record, the bytes the strategy moves beyond the one copy in and out (a doubled ring's second
 * insertion, a split ring's staging and gather at the seam, a linearizing ring's rotation, the
 * padding a queue skips at the seam), as one {@link MemorySegment#copy} per event, so that
 * spsc's extra cost on a strategy can be set beside what its memory has to do.
 *
 * <p>How many bytes and in how many events comes from the memory's own counters, not from a
 * table per strategy: {@link #probe} runs records through a fresh queue reading the counters
 * after each, so a third-party strategy is measured by what it does. Padding bytes count as
 * if copied (an upper bound: they are only skipped).
 *
 * @param bytes   mechanism bytes over {@code records} records
 * @param records records the probe ran
 * @param events  records whose offer and poll moved mechanism bytes (the copies to replay)
 */
record MechanismLoop(long bytes, long records, long events) {

    MechanismLoop {
        if (bytes < 0 || records <= 0 || events < 0 || events > records || (bytes > 0) != (events > 0)) {
            throw new IllegalArgumentException("mechanism shape: " + bytes + " bytes in " + events + " of " + records
                    + " records");
        }
    }

    /** The replay loop's method, for the warm-ups' wait for C2's code of it. */
    private static final String REPLAY = MechanismLoop.class.getName() + ".replay";
    /** Before each timed call: no minimum, a short quiet window, C2's code of {@link #replay} in use. */
    private static final JitWarmup REHEARSAL = new JitWarmup(Duration.ZERO, Duration.ofMillis(20), Duration.ofSeconds(1));

    /** No mechanism: nothing beyond the one copy in and out (a mirror view). */
    static final MechanismLoop NONE = new MechanismLoop(0, 1, 0);

    /** Bytes per record, on average. */
    double bytesPerRecord() {
        return (double) bytes / records;
    }

    /** Bytes one replayed event copies (the whole mechanism spread over its events). */
    long chunk() {
        return events == 0 ? 0 : (bytes + events - 1) / events;
    }

    /**
     * Offers and polls {@code records} records of {@code size} bytes through {@code queue} (an
     * empty one), reading its mechanism counter after every record: outside any timed loop.
     */
    static MechanismLoop probe(RinglabSpscAnchor queue, int size, long records) {
        byte[] src = new byte[size];
        byte[] dst = new byte[size];
        long before = queue.mechanismBytes();
        long last = before;
        long events = 0;
        for (long seq = 0; seq < records; seq++) {
            AnchorDriver.stamp(src, size, seq);
            if (!queue.offer(src) || queue.poll(dst) != size) {
                throw new IllegalStateException(queue.name() + ": record " + seq + " did not pass an empty queue");
            }
            long now = queue.mechanismBytes();
            if (now != last) {
                events++;
                last = now;
            }
        }
        return new MechanismLoop(last - before, records, events);
    }

    /** Records {@link #probe} runs for records of {@code size} bytes: four laps of the ring, so every seam event shows. */
    static long probeRecords(int size, long ringBytes, long atMost) {
        return Math.max(1, Math.min(atMost, 4 * ringBytes / size + 2));
    }

    /**
     * CPU ns per record of replaying this mechanism over {@code records} records: the events
     * spread evenly, each copying {@link #chunk()} bytes from one native ring to another at an
     * advancing offset, as the strategy copies within its own ring.
     */
    double cpuNanosPerRecord(long records, long ringBytes) {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment from = source(arena, ringBytes);
            MemorySegment to = arena.allocate(ringBytes + chunk() + 1, 64);
            // Untimed calls of the timed shape first, until C2's code of the loop is in use: the
            // warm-up's chunks follow the warm-up run's event pattern, and where the timed one
            // differs (linearize: a padding event a lap) C2's code hit an uncommon trap in the
            // timed call, which then ran deoptimised (18.9 ns per record against 2.5 in the next
            // repetition, -XX:+PrintCompilation). One call takes a few ms at most.
            REHEARSAL.run(() -> replay(from, to, records, ringBytes), REPLAY);
            long start = threads.getCurrentThreadCpuTime();
            replay(from, to, records, ringBytes);
            long cpu = threads.getCurrentThreadCpuTime() - start;
            if (start < 0) {
                throw new IllegalStateException("thread CPU time is not measurable here (JVM returned " + start + ")");
            }
            return (double) Math.max(cpu, 0) / records;
        }
    }

    /** Runs {@link #replay} in chunks of {@code chunkRecords} until {@code warmup} says the JIT has compiled it. */
    void warmUp(long chunkRecords, long ringBytes, JitWarmup warmup) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment from = source(arena, ringBytes);
            MemorySegment to = arena.allocate(ringBytes + chunk() + 1, 64);
            warmup.run(() -> replay(from, to, chunkRecords, ringBytes), REPLAY);
        }
    }

    private MemorySegment source(Arena arena, long ringBytes) {
        MemorySegment from = arena.allocate(ringBytes + chunk() + 1, 64);
        from.fill((byte) 7);
        return from;
    }

    /** The replay loop, its own method: warmed in chunks, timed in one call. */
    private void replay(MemorySegment from, MemorySegment to, long records, long ringBytes) {
        long chunk = chunk();
        long due = chunk * this.records;  // an event is due each time `bytes` per record adds up to a chunk
        long accrued = 0;
        long at = 0;
        for (long seq = 0; seq < records; seq++) {
            accrued += bytes;
            if (accrued >= due && chunk > 0) {
                accrued -= due;
                MemorySegment.copy(from, at, to, at, chunk);
                at = (at + chunk) % ringBytes; // a chunk may be larger than the ring (a rotation and a frame)
            }
        }
    }
}
