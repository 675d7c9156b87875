package org.ringlab.bench.broadcast;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.QueueConsumer;
import org.ringlab.api.QueueDiscipline;
import org.ringlab.api.QueueSpec;
import org.ringlab.api.RecordQueue;
import org.ringlab.api.RingMemory;
import org.ringlab.api.RingSpec;
import org.ringlab.bench.harness.Fork;
import org.ringlab.bench.util.SlicedWait;
import org.ringlab.queues.framing.PacketHeaderDescriptor;
import org.ringlab.queues.framing.StreamFramer;

/**
 * Seed 003 between processes: a child JVM ({@link FramedPacketWriter}) writes framed packets
 * into its stdout pipe; this process reassembles them with {@link StreamFramer} straight into
 * the slots of a queue (taskBus's hub: {@code broadcast}), and each consumer thread reads every
 * byte of every packet and checks its header, length and sequence number. GB/s is pipe bytes
 * per second from the first byte read to the last packet consumed (the child's start-up is not
 * the pipe's cost).
 */
final class PipeRun {

    /** The ring of the hub: seed 003 measured with a 64 MB cache. */
    static final long CAPACITY = 64L << 20;
    static final long TIMEOUT_SECONDS = 300;

    /**
     * What one run measured.
     *
     * @param pipeBytes bytes the framer read from the pipe (packets and junk)
     * @param nanos     first byte read to last packet consumed
     */
    record Result(long packets, long pipeBytes, long nanos, long insertedJunk, Map<String, Long> framer) {

        double gigabytesPerSecond() {
            return (double) pipeBytes / nanos;
        }
    }

    private PipeRun() {
    }

    /** The child: this JVM's java, flags and path ({@link Fork}) running {@link FramedPacketWriter}. */
    static ProcessBuilder child(List<String> args) {
        return Fork.streaming(FramedPacketWriter.class.getName(), args);
    }

    static Result run(QueueDiscipline discipline, MemoryStrategy strategy, int packetLength, long pipeBytes,
                      int garbageEvery, int consumers, long seed) throws InterruptedException {
        PipePackets.check(packetLength);
        long packets = Math.max(1, pipeBytes / packetLength);
        long junk = garbageEvery > 0 ? packets / garbageEvery : 0;
        int dataLength = packetLength - PacketHeaderDescriptor.HEADER_LENGTH;
        long tailSum = PipePackets.sum(PipePackets.pattern(dataLength, seed), 8, dataLength);
        ProcessBuilder pb = child(List.of(Integer.toString(packetLength),
                Long.toString(packets), Integer.toString(garbageEvery), Long.toString(seed)));
        try (RingMemory memory = strategy.allocate(RingSpec.ofCapacity(CAPACITY));
             RecordQueue queue = discipline.create(memory, QueueSpec.variable(packetLength).withConsumers(consumers))) {
            AtomicReference<Throwable> failure = new AtomicReference<>();
            AtomicBoolean stop = new AtomicBoolean();
            long[] done = new long[consumers];
            List<Thread> threads = new ArrayList<>();
            for (int c = 0; c < consumers; c++) {
                int index = c;
                QueueConsumer consumer = queue.consumer(c);
                threads.add(new Thread(() -> {
                    try {
                        Checker checker = new Checker(dataLength, tailSum);
                        while (checker.count < packets && !stop.get()) {
                            if (consumer.drain(checker, 64) == 0) {
                                Thread.yield();
                            }
                        }
                        if (checker.bad != 0) {
                            throw new IllegalStateException("consumer " + index + ": " + checker.bad
                                    + " packets with a wrong header, length, sequence or data; first: " + checker.first);
                        }
                        done[index] = System.nanoTime();
                    } catch (Throwable t) {
                        failure.compareAndSet(null, t);
                        queue.close(); // the framer may wait for a slot this consumer holds: fail it instead
                    }
                }, "pipe-consumer-" + c));
            }
            Process child;
            try {
                child = pb.start();
            } catch (IOException e) {
                throw new UncheckedIOException("cannot start the packet-writing child JVM: " + pb.command(), e);
            }
            List<String> stderr = new ArrayList<>();
            Thread errReader = Thread.ofVirtual().start(() -> {
                try {
                    stderr.addAll(new String(child.getErrorStream().readAllBytes(), StandardCharsets.UTF_8).lines().toList());
                } catch (IOException e) {
                    stderr.add("(cannot read the child's stderr: " + e.getMessage() + ")");
                }
            });
            threads.forEach(Thread::start);
            StreamFramer framer = new StreamFramer(queue.producer(), packetLength);
            FirstByte in = new FirstByte(child.getInputStream());
            try {
                child.getOutputStream().close();
                framer.pump(in);
                if (!SlicedWait.waitFor(child, Duration.ofSeconds(TIMEOUT_SECONDS))) {
                    throw new IllegalStateException("the packet-writing child did not exit within " + TIMEOUT_SECONDS + " s");
                }
                errReader.join();
                if (child.exitValue() != 0 || framer.packets() != packets) {
                    throw new IllegalStateException("the packet-writing child exited with " + child.exitValue() + " after "
                            + framer.packets() + " of " + packets + " packets; its stderr: " + stderr);
                }
                for (Thread t : threads) {
                    t.join(TimeUnit.SECONDS.toMillis(TIMEOUT_SECONDS));
                    if (t.isAlive()) {
                        throw new IllegalStateException(t.getName() + " did not consume " + packets + " packets within "
                                + TIMEOUT_SECONDS + " s: " + queue.counters());
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException("reading the child's pipe failed", e);
            } catch (RuntimeException e) {
                if (failure.get() != null) {
                    e.addSuppressed(failure.get()); // the consumer's failure is why the framer stopped
                }
                throw e;
            } finally {
                child.destroyForcibly();
                stop.set(true); // ends consumers still waiting after a failure
                for (Thread t : threads) {
                    t.join(10_000);
                }
            }
            if (failure.get() != null) {
                throw new IllegalStateException("a pipe consumer failed: " + failure.get(), failure.get());
            }
            long end = 0;
            for (long d : done) {
                end = Math.max(end, d);
            }
            return new Result(packets, framer.counters().get("bytesRead"), end - in.first, junk, framer.counters());
        }
    }

    /** Notes when the first byte arrived: the clock starts there, not at the child's launch. */
    private static final class FirstByte extends FilterInputStream {
        long first;

        FirstByte(InputStream in) {
            super(in);
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = super.read(b, off, len);
            if (first == 0 && n > 0) {
                first = System.nanoTime();
            }
            return n;
        }
    }

    /** Checks each packet's header, length and sequence, and reads every data byte (as longs) into a sum. */
    private static final class Checker implements RecordQueue.RecordHandler {
        final int dataLength;
        final long tailSum;
        long count;
        long bad;
        String first;

        Checker(int dataLength, long tailSum) {
            this.dataLength = dataLength;
            this.tailSum = tailSum;
        }

        @Override
        public void onRecord(MemorySegment packet) {
            boolean ok = packet.byteSize() == PacketHeaderDescriptor.HEADER_LENGTH + dataLength
                    && PacketHeaderDescriptor.startsPrefix(packet, 0, PacketHeaderDescriptor.PREFIX_LENGTH)
                    && PacketHeaderDescriptor.dataLength(packet) == dataLength;
            if (ok) {
                long s = 0;
                for (long off = PacketHeaderDescriptor.HEADER_LENGTH + 8; off < packet.byteSize(); off += 8) {
                    s += packet.get(ValueLayout.JAVA_LONG_UNALIGNED, off);
                }
                ok = packet.get(ValueLayout.JAVA_LONG_UNALIGNED, PacketHeaderDescriptor.HEADER_LENGTH) == count
                        && s == tailSum;
            }
            if (!ok && bad++ == 0) {
                first = "packet " + count + " of " + packet.byteSize() + " bytes";
            }
            count++;
        }
    }
}
