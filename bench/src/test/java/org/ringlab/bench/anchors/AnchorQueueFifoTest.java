package org.ringlab.bench.anchors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.ringlab.api.Availability;
import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.Registries;

/**
 * Every anchor is a FIFO: records with sequence numbers come out in order, whole and once, on
 * one thread (including across a full queue) and between a producer and a consumer thread.
 */
class AnchorQueueFifoTest {

    private static final int RING = 1 << 16;

    /** Every third-party anchor and spsc on every discovered strategy (unavailable ones are skipped with their reason). */
    static Stream<String> anchors() {
        List<String> names = new ArrayList<>(Anchors.THIRD_PARTY);
        for (MemoryStrategy s : Registries.memoryStrategies().all()) {
            names.add(Anchors.spscOn(s.name()));
        }
        return names.stream();
    }

    @Test
    void theMatrixHasEveryThirdPartyAnchorAndAtLeastOneSpscStrategy() {
        List<String> names = anchors().toList();
        assertTrue(names.containsAll(List.of("agrona-one-to-one", "jctools-spsc-array", "disruptor")), names.toString());
        assertTrue(Registries.memoryStrategies().all().stream()
                .anyMatch(s -> Anchors.spscAvailability(s, RING).isAvailable()), "no strategy can run spsc here");
    }

    private static AnchorQueue openOrSkip(String anchor, int size) {
        String strategy = Anchors.strategyOf(anchor);
        if (strategy != null) {
            Availability a = Anchors.spscAvailability(Registries.memoryStrategies().find(strategy).orElseThrow(),
                    RING);
            Assumptions.assumeTrue(a.isAvailable(), () -> anchor + " skipped: " + a.reason());
        }
        return Anchors.open(anchor, size, RING);
    }

    @ParameterizedTest
    @MethodSource("anchors")
    void singleThreadRecordsComeOutInOrderAcrossFullAndEmpty(String anchor) {
        for (int size : new int[] {64, 4096}) {
            try (AnchorQueue q = openOrSkip(anchor, size)) {
                byte[] src = new byte[size];
                byte[] dst = new byte[size];
                assertEquals(AnchorQueue.EMPTY, q.poll(dst), anchor + ": a new queue is empty");
                long sent = 0;
                long received = 0;
                // Three laps of fill-until-full then drain half, so records wrap the ring's seam.
                for (int lap = 0; lap < 3; lap++) {
                    long before = sent;
                    AnchorDriver.stamp(src, size, sent);
                    while (q.offer(src)) {
                        sent++;
                        AnchorDriver.stamp(src, size, sent);
                    }
                    assertTrue(sent > before, anchor + ": took no record into a queue with room");
                    assertTrue(sent - received <= RING / size, anchor + ": holds " + (sent - received)
                            + " records of " + size + " bytes in a ring of " + RING);
                    long half = received + (sent - received) / 2;
                    while (received < half) {
                        assertEquals(size, q.poll(dst), anchor + ": record length");
                        assertEquals(received, AnchorDriver.sequenceOf(dst, size, anchor), anchor + ": order");
                        received++;
                    }
                }
                while (received < sent) {
                    assertEquals(size, q.poll(dst), anchor + ": record length");
                    assertEquals(received, AnchorDriver.sequenceOf(dst, size, anchor), anchor + ": order");
                    received++;
                }
                assertEquals(AnchorQueue.EMPTY, q.poll(dst), anchor + ": drained queue is empty");
                assertTrue(q.offer(src), anchor + ": an empty queue takes a record");
            }
        }
    }

    @ParameterizedTest
    @MethodSource("anchors")
    void twoThreadsMoveEveryRecordInOrder(String anchor) {
        for (int size : new int[] {64, 4096}) {
            try (AnchorQueue q = openOrSkip(anchor, size)) {
                long records = size == 64 ? 50_000 : 5_000;
                AnchorDriver.Throughput t = AnchorDriver.throughput(q, records, 60_000);
                assertEquals(records, t.records());
                assertTrue(t.nanos() > 0, anchor + ": elapsed " + t.nanos());
            }
        }
    }

    @ParameterizedTest
    @MethodSource("anchors")
    void pingPongRoundTripsAreCounted(String anchor) {
        try (AnchorQueue ping = openOrSkip(anchor, 64); AnchorQueue pong = Anchors.open(anchor, 64, RING)) {
            org.HdrHistogram.Histogram h = new org.HdrHistogram.Histogram(AnchorDriver.HIGHEST_TRACKABLE_NANOS, 3);
            AnchorDriver.roundTrips(ping, pong, 50, 500, h, 60_000);
            assertEquals(500, h.getTotalCount(), anchor);
            assertTrue(h.getMinValue() > 0, anchor + ": a round trip took no time");
        }
    }

    /** The driver's check is what makes the two-thread test mean anything: a queue that loses a record fails it. */
    @Test
    void theDriverCatchesAQueueThatDropsARecord() {
        try (AnchorQueue real = Anchors.open("jctools-spsc-array", 64, RING)) {
            AnchorQueue dropping = new AnchorQueue() {
                private long offers;

                @Override
                public String name() {
                    return "dropping";
                }

                @Override
                public int recordSize() {
                    return real.recordSize();
                }

                @Override
                public boolean offer(byte[] src) {
                    // Claims to take record 1000 but never passes it on.
                    return offers++ == 1000 || real.offer(src);
                }

                @Override
                public int poll(byte[] dst) {
                    return real.poll(dst);
                }

                @Override
                public void close() {
                }
            };
            IllegalStateException e = assertThrows(IllegalStateException.class,
                    () -> AnchorDriver.throughput(dropping, 10_000, 60_000));
            assertTrue(e.getMessage().contains("expected record 1000, received 1001"), e.getMessage());
            assertFalse(AnchorsExperimentTest.anchorThreadsAlive(), "the driver left its threads running");
        }
    }

    @Test
    void badNamesAndSizesAreRefusedWithTheValue() {
        IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class,
                () -> Anchors.open("chronicle", 64, RING));
        assertTrue(unknown.getMessage().contains("'chronicle'") && unknown.getMessage().contains("agrona-one-to-one"),
                unknown.getMessage());
        IllegalArgumentException small = assertThrows(IllegalArgumentException.class,
                () -> Anchors.open("disruptor", 4, RING));
        assertTrue(small.getMessage().contains("got 4"), small.getMessage());
        IllegalArgumentException ring = assertThrows(IllegalArgumentException.class,
                () -> Anchors.open("disruptor", 64, 1000));
        assertTrue(ring.getMessage().contains("got 1000"), ring.getMessage());
    }
}
