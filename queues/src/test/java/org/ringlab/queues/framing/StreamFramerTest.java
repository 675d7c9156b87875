package org.ringlab.queues.framing;

import static java.lang.foreign.MemoryLayout.PathElement.groupElement;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.Pipe;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.ringlab.api.QueueSpec;
import org.ringlab.api.RecordQueue;
import org.ringlab.api.Registries;
import org.ringlab.api.RingMemory;
import org.ringlab.api.RingSpec;
import org.ringlab.queues.broadcast.BroadcastConsumer;
import org.ringlab.queues.broadcast.BroadcastDiscipline;
import org.ringlab.queues.broadcast.BroadcastOptions;
import org.ringlab.queues.broadcast.RefCountedBroadcastQueue;
import org.ringlab.queues.spsc.SpscDiscipline;

/**
 * The framer on streams whose reads cut headers and bodies anywhere: the same stream fed in two
 * reads split at every position k, and in reads of random sizes, through an InputStream and
 * through a channel, with corrupted headers inserted. Every good packet arrives exactly once,
 * in order, byte for byte, in a broadcast queue with two consumers; the bad-header count is
 * exact. And a long stream through a real OS pipe, with a writer, the framer and two consumers
 * on their own threads.
 */
class StreamFramerTest {

    static final int MAX_DATA = 200;
    static final int MAX_PACKET = PacketHeaderDescriptor.HEADER_LENGTH + MAX_DATA;

    private RingMemory memory;
    private RefCountedBroadcastQueue queue;

    @BeforeEach
    void queue() {
        // 32 slots of 256 bytes: a whole test stream fits without a consumer running.
        memory = Registries.memoryStrategies().require("split").allocate(RingSpec.ofCapacity(32 * 256));
        queue = new BroadcastDiscipline().create(memory, QueueSpec.variable(MAX_PACKET).withConsumers(2),
                BroadcastOptions.defaults());
    }

    @AfterEach
    void close() {
        queue.close();
        memory.close();
    }

    @Test
    void theHeaderConstantsMatchTheCStruct() {
        ValueLayout.OfInt uint = ValueLayout.JAVA_INT.withOrder(ByteOrder.LITTLE_ENDIAN);
        StructLayout header = MemoryLayout.structLayout(
                MemoryLayout.sequenceLayout(4, ValueLayout.JAVA_BYTE).withName("prefix"),
                uint.withName("subject_id"), uint.withName("path_id"), uint.withName("data_length"));
        assertEquals(header.byteOffset(groupElement("prefix")), PacketHeaderDescriptor.PREFIX_OFFSET);
        assertEquals(header.select(groupElement("prefix")).byteSize(), PacketHeaderDescriptor.PREFIX_LENGTH);
        assertEquals(header.byteOffset(groupElement("subject_id")), PacketHeaderDescriptor.SUBJECT_ID_OFFSET);
        assertEquals(header.byteOffset(groupElement("path_id")), PacketHeaderDescriptor.PATH_ID_OFFSET);
        assertEquals(header.byteOffset(groupElement("data_length")), PacketHeaderDescriptor.DATA_LENGTH_OFFSET);
        assertEquals(header.byteSize(), PacketHeaderDescriptor.HEADER_LENGTH);
        // Written by the descriptor, read through the struct: the same fields, little-endian.
        MemorySegment h = java.lang.foreign.Arena.ofAuto().allocate(header); // aligned as the struct
        PacketHeaderDescriptor.write(h, 7, -2, 0xFFFF_FFFEL);
        assertEquals(7, (int) header.varHandle(groupElement("subject_id")).get(h, 0L));
        assertEquals(-2, (int) header.varHandle(groupElement("path_id")).get(h, 0L));
        assertEquals(0xFFFF_FFFEL, PacketHeaderDescriptor.dataLength(h), "data_length is unsigned");
        assertArrayEquals(new byte[] {0x3C, 0x5A, 0x7E, 0x69, 7, 0, 0, 0}, h.asSlice(0, 8).toArray(ValueLayout.JAVA_BYTE));
        PacketHeaderDescriptor.checkPrefix(h);
        h.set(ValueLayout.JAVA_BYTE, 2, (byte) 0x7F);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> PacketHeaderDescriptor.checkPrefix(h));
        assertTrue(e.getMessage().contains("3c 5a 7f 69"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> PacketHeaderDescriptor.checkDataLength(201, 200));
        assertThrows(IllegalArgumentException.class, () -> PacketHeaderDescriptor.dataLength(MemorySegment.ofArray(new byte[15])));
        assertThrows(IllegalArgumentException.class, () -> new StreamFramer(queue.producer(), 15));
    }

    @Test
    void everyTwoReadSplitOfTheStreamDeliversEveryGoodPacketOnce() throws IOException {
        PacketStreams.Stream s = PacketStreams.build(new SplittableRandom(1), 8, 4, MAX_DATA);
        assertTrue(s.badRuns() >= 1 && s.packets().size() == 8, "the stream has corruptions: " + s.segments());
        for (int k = 0; k <= s.bytes().length; k++) {
            StreamFramer f = new StreamFramer(queue.producer(), MAX_PACKET);
            f.pump(PacketStreams.cutStream(s.bytes(), k));
            check(s, f, "InputStream split at " + k);
            f = new StreamFramer(queue.producer(), MAX_PACKET);
            f.pump(PacketStreams.cutChannel(s.bytes(), k));
            check(s, f, "channel split at " + k);
        }
    }

    @Test
    void randomReadSizesAndCorruptionsDeliverEveryGoodPacketOnce() throws IOException {
        SplittableRandom r = new SplittableRandom(2);
        for (int round = 0; round < 300; round++) {
            PacketStreams.Stream s = PacketStreams.build(r, r.nextInt(12), r.nextInt(6), MAX_DATA);
            int[] cuts = PacketStreams.randomCuts(r, s.bytes().length, 1 + r.nextInt(40));
            StreamFramer f = new StreamFramer(queue.producer(), MAX_PACKET);
            if (r.nextBoolean()) {
                f.pump(PacketStreams.cutStream(s.bytes(), cuts));
            } else {
                f.pump(PacketStreams.cutChannel(s.bytes(), cuts));
            }
            check(s, f, "round " + round + " " + s.segments());
        }
    }

    @Test
    void badHeadersAreCountedOncePerResynchronisation() throws IOException {
        SplittableRandom r = new SplittableRandom(3);
        byte[] a = PacketStreams.packet(r, 10);
        byte[] b = PacketStreams.packet(r, 0);
        byte[] oversize = PacketStreams.bad(r, PacketStreams.Bad.OVERSIZE, MAX_DATA);
        byte[] garbage = {1, 2, 3, 0x5A, 0x7E, 0x69};
        // garbage, a, oversize + garbage (one run), b, a partial prefix that fails (3C 5A 3C…) then a
        byte[] stream = concat(garbage, a, oversize, garbage, b, new byte[] {0x3C, 0x5A}, a);
        StreamFramer f = new StreamFramer(queue.producer(), MAX_PACKET);
        f.pump(PacketStreams.cutStream(stream));
        assertEquals(3, f.packets());
        assertEquals(3, f.badHeaders(), "three runs of bad bytes");
        assertEquals(1, f.oversizeHeaders());
        assertEquals(garbage.length * 2 + oversize.length + 2, f.skippedBytes());
        assertEquals(List.of(a, b, a).stream().map(x -> x.length).toList(), drainLengths(queue.consumer(0)));
        // A stream that ends inside a packet: a truncated packet, not a bad header.
        f = new StreamFramer(queue.producer(), MAX_PACKET);
        f.pump(PacketStreams.cutStream(concat(b, java.util.Arrays.copyOf(a, 20))));
        assertEquals(1, f.packets());
        assertEquals(1, f.truncatedPackets());
        assertEquals(0, f.badHeaders());
        Map<String, Long> c = f.counters();
        assertEquals(b.length + 20, c.get("bytesRead"));
        assertEquals(c.get("bytesRead"), c.get("stagedBytes"), "an InputStream passes through the chunk array");
        drainLengths(queue.consumer(0));
        drainLengths(queue.consumer(1));
    }

    @Test
    void theFramerWorksOnAnyQueueThatClaims() throws IOException {
        try (RingMemory m = Registries.memoryStrategies().require("doubled").allocate(RingSpec.ofCapacity(64 * 1024));
             RecordQueue spsc = new SpscDiscipline().create(m, QueueSpec.variable(MAX_PACKET))) {
            PacketStreams.Stream s = PacketStreams.build(new SplittableRandom(4), 50, 10, MAX_DATA);
            StreamFramer f = new StreamFramer(spsc.producer(), MAX_PACKET);
            f.pump(PacketStreams.cutChannel(s.bytes(), PacketStreams.randomCuts(new SplittableRandom(5), s.bytes().length, 30)));
            assertEquals(s.packets().size(), f.packets());
            assertEquals(s.badRuns(), f.badHeaders());
            assertEquals(0, f.counters().get("stagedBytes"), "a channel reads straight into the slot");
            List<byte[]> got = new ArrayList<>();
            spsc.consumer(0).drain(v -> got.add(v.toArray(ValueLayout.JAVA_BYTE)), Integer.MAX_VALUE);
            assertEquals(s.packets().size(), got.size());
            for (int i = 0; i < got.size(); i++) {
                assertArrayEquals(s.packets().get(i), got.get(i), "packet " + i);
            }
        }
    }

    /**
     * A writer thread, a real OS pipe (java.nio.channels.Pipe), the framer on its own thread
     * feeding the broadcast queue, and two consumer threads checking every packet.
     */
    @Test
    void aLongStreamThroughAnOsPipeArrivesWhole() throws Exception {
        SplittableRandom r = new SplittableRandom(6);
        List<PacketStreams.Stream> parts = new ArrayList<>();
        int packets = 0;
        int badRuns = 0;
        for (int i = 0; i < 200; i++) {
            PacketStreams.Stream s = PacketStreams.build(r, 1 + r.nextInt(30), r.nextInt(2), MAX_DATA);
            // A bad run at the end of one part and the start of the next is one run.
            if (!parts.isEmpty() && s.segments().getFirst() instanceof PacketStreams.Bad
                    && parts.getLast().segments().getLast() instanceof PacketStreams.Bad) {
                badRuns--;
            }
            parts.add(s);
            packets += s.packets().size();
            badRuns += s.badRuns();
        }
        List<byte[]> expected = parts.stream().flatMap(s -> s.packets().stream()).toList();
        Pipe pipe = Pipe.open();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread writer = new Thread(() -> {
            try (Pipe.SinkChannel sink = pipe.sink()) {
                SplittableRandom w = new SplittableRandom(7);
                for (PacketStreams.Stream s : parts) {
                    ByteBuffer b = ByteBuffer.wrap(s.bytes());
                    while (b.hasRemaining()) {
                        int n = Math.min(b.remaining(), 1 + w.nextInt(700));
                        sink.write(b.slice(b.position(), n));
                        b.position(b.position() + n);
                    }
                }
            } catch (Throwable t) {
                failure.compareAndSet(null, t);
            }
        }, "pipe-writer");
        StreamFramer framer = new StreamFramer(queue.producer(), MAX_PACKET);
        Thread framing = new Thread(() -> {
            try (Pipe.SourceChannel source = pipe.source()) {
                framer.pump(source);
            } catch (Throwable t) {
                failure.compareAndSet(null, t);
            }
        }, "framer");
        List<Thread> consumers = new ArrayList<>();
        for (int c = 0; c < 2; c++) {
            BroadcastConsumer k = queue.consumer(c);
            consumers.add(new Thread(() -> {
                int[] next = {0};
                try {
                    while (next[0] < expected.size()) {
                        k.awaitDrain(v -> {
                            byte[] want = expected.get(next[0]);
                            if (!java.util.Arrays.equals(want, v.toArray(ValueLayout.JAVA_BYTE))) {
                                throw new AssertionError("consumer " + k.index() + ": packet " + next[0] + " differs");
                            }
                            next[0]++;
                        });
                    }
                } catch (Throwable t) {
                    failure.compareAndSet(null, t);
                }
            }, "consumer-" + c));
        }
        consumers.forEach(Thread::start);
        framing.start();
        writer.start();
        writer.join(30_000);
        framing.join(30_000);
        for (Thread t : consumers) {
            t.join(30_000);
        }
        assertNull(failure.get(), () -> "failed: " + failure.get());
        assertEquals(packets, framer.packets());
        assertEquals(badRuns, framer.badHeaders());
        assertEquals(0, framer.truncatedPackets());
        assertEquals(0, queue.consumer(0).lag());
        System.out.println("pipe: " + framer.counters());
    }

    private void check(PacketStreams.Stream s, StreamFramer f, String what) {
        assertEquals(s.packets().size(), f.packets(), what + ": packets framed");
        assertEquals(s.badRuns(), f.badHeaders(), what + ": bad headers");
        assertEquals(s.oversize(), f.oversizeHeaders(), what + ": oversize headers");
        assertEquals(0, f.truncatedPackets(), what);
        for (int c = 0; c < 2; c++) {
            List<byte[]> got = new ArrayList<>();
            queue.consumer(c).drain(v -> got.add(v.toArray(ValueLayout.JAVA_BYTE)), Integer.MAX_VALUE);
            assertEquals(s.packets().size(), got.size(), what + ": packets delivered to consumer " + c);
            for (int i = 0; i < got.size(); i++) {
                assertArrayEquals(s.packets().get(i), got.get(i), what + ": packet " + i + " at consumer " + c);
            }
        }
    }

    private static List<Integer> drainLengths(BroadcastConsumer c) {
        List<Integer> lengths = new ArrayList<>();
        c.drain(v -> lengths.add((int) v.byteSize()), Integer.MAX_VALUE);
        return lengths;
    }

    private static byte[] concat(byte[]... parts) {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        for (byte[] p : parts) {
            out.writeBytes(p);
        }
        return out.toByteArray();
    }
}
