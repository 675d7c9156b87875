package org.ringlab.queues.napi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.ringlab.api.QueueSpec;
import org.ringlab.api.RecordQueue;
import org.ringlab.api.Registries;
import org.ringlab.api.RingMemory;

/** Bad configurations, records and calls: each refused with a message naming the bad value. */
class NapiBadInputTest {

    static void assertMessage(Class<? extends Throwable> type, String expected, Executable call) {
        Throwable t = assertThrows(type, call);
        assertTrue(t.getMessage() != null && t.getMessage().contains(expected),
                "message should contain \"" + expected + "\": " + t.getMessage());
    }

    @Test
    void badConfigurationsNameTheValue() {
        assertMessage(IllegalArgumentException.class, "budget must be at least 1 record per poll, got 0",
                () -> NapiConfig.napi(0, 1));
        assertMessage(IllegalArgumentException.class, "got -3", () -> NapiConfig.napi(-3, 1));
        assertMessage(IllegalArgumentException.class, "batch must be at least 1 record per drain, got 0",
                () -> NapiConfig.napi(64, 0));
        assertMessage(IllegalArgumentException.class, "batch 100 is larger than the budget 64",
                () -> NapiConfig.napi(64, 100));
        assertMessage(IllegalArgumentException.class, "budget must be 1, got 64",
                () -> new NapiConfig(64, 32, NapiConfig.Signalling.WAKE_PER_ITEM));
        assertMessage(IllegalArgumentException.class, "signalling is required", () -> new NapiConfig(64, 32, null));
        NapiConfig d = NapiConfig.defaults();
        assertEquals(64, d.budget());
        assertEquals(32, d.batch());
        assertEquals(NapiConfig.Signalling.NAPI, d.signalling());
    }

    @Test
    void badQueuesAndRecordsAreRefused() {
        try (RingMemory memory = NapiPollerTest.doubled(4096)) {
            assertMessage(IllegalArgumentException.class, "exactly one consumer (its poller), 2 were asked for",
                    () -> new NapiAdaptiveQueue(memory, QueueSpec.variable(64).withConsumers(2), NapiConfig.defaults()));
            assertThrows(NullPointerException.class, () -> new NapiAdaptiveQueue(memory, QueueSpec.variable(64), null));
            assertMessage(IllegalArgumentException.class, "a record of 5000 bytes",
                    () -> new NapiAdaptiveQueue(memory, QueueSpec.variable(5000), NapiConfig.defaults()));
            try (NapiAdaptiveQueue queue = new NapiAdaptiveQueue(memory, QueueSpec.variable(64), NapiConfig.defaults())) {
                assertMessage(IllegalArgumentException.class, "record of 65 bytes",
                        () -> queue.producer().offer(MemorySegment.ofArray(new byte[65])));
                assertMessage(IllegalArgumentException.class, "record of 65 bytes", () -> queue.producer().claim(65));
                assertEquals(0, queue.stats().offered(), "a refused record is bad input, not a drop");
                assertMessage(IndexOutOfBoundsException.class, "asked for 1", () -> queue.consumer(1));
                assertMessage(IllegalStateException.class, "without a successful claim", () -> queue.producer().commit(8));
                assertMessage(IllegalStateException.class, "release() without a record", () -> queue.consumer(0).release());
                assertMessage(IllegalArgumentException.class, "drain limit must be positive, got 0",
                        () -> queue.consumer(0).drain(r -> { }, 0));
                assertThrows(NullPointerException.class, () -> NapiPoller.start(queue, null));
            }
        }
    }

    @Test
    void aClosedQueueRefusesEveryCall() {
        try (RingMemory memory = NapiPollerTest.doubled(4096)) {
            NapiAdaptiveQueue queue = new NapiAdaptiveQueue(memory, QueueSpec.variable(64), NapiConfig.defaults());
            queue.close();
            queue.close(); // idempotent
            assertMessage(IllegalStateException.class, "napi queue is closed",
                    () -> queue.producer().offer(MemorySegment.ofArray(new byte[8])));
            assertMessage(IllegalStateException.class, "napi queue is closed", () -> queue.consumer(0).peek());
            assertMessage(IllegalStateException.class, "napi queue is closed", () -> NapiPoller.start(queue, r -> { }));
        }
    }

    @Test
    void theDisciplineIsRegisteredWithItsDefaults() {
        var discipline = Registries.disciplines().require("napi");
        assertTrue(discipline.availability().isAvailable());
        assertFalse(discipline.description().isBlank());
        try (RingMemory memory = NapiPollerTest.doubled(4096);
             RecordQueue queue = discipline.create(memory, QueueSpec.fixed(16))) {
            NapiAdaptiveQueue napi = assertInstanceOf(NapiAdaptiveQueue.class, queue);
            assertEquals(NapiConfig.defaults(), napi.config());
            assertEquals("napi", queue.disciplineName());
            assertTrue(queue.counters().keySet().containsAll(
                    java.util.List.of("offered", "delivered", "dropped", "polls", "switchesToPoll",
                            "switchesToInterrupt", "wakeUps")), queue.counters().toString());
        }
    }
}
