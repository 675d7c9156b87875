package org.ringlab.queues.spsc;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.ringlab.api.QueueSpec;
import org.ringlab.api.RecordQueue;
import org.ringlab.api.Registries;
import org.ringlab.api.RingMemory;
import org.ringlab.api.RingSpec;

/** Every bad argument is refused with a message naming the value; use after close throws. */
class SpscBadInputTest {

    private final RingMemory memory = Registries.memoryStrategies().require("doubled").allocate(RingSpec.ofCapacity(4096));

    @AfterEach
    void close() {
        memory.close();
    }

    private static void assertNames(Class<? extends RuntimeException> type, String value, Executable call) {
        RuntimeException e = assertThrows(type, call);
        assertTrue(e.getMessage().contains(value), "message should name " + value + ": " + e.getMessage());
    }

    @Test
    void recordsOfTheWrongSizeAreRefused() {
        RecordQueue fixed = new SpscDiscipline().create(memory, QueueSpec.fixed(16));
        assertNames(IllegalArgumentException.class, "17", () -> fixed.producer().offer(MemorySegment.ofArray(new byte[17])));
        assertNames(IllegalArgumentException.class, "15", () -> fixed.producer().claim(15));
        try (RingMemory other = Registries.memoryStrategies().require("doubled").allocate(RingSpec.ofCapacity(4096))) {
            RecordQueue variable = new SpscDiscipline().create(other, QueueSpec.variable(100));
            assertNames(IllegalArgumentException.class, "101", () -> variable.producer().offer(MemorySegment.ofArray(new byte[101])));
            assertNames(IllegalArgumentException.class, "-1", () -> variable.producer().claim(-1));
        }
    }

    @Test
    void queuesThatCannotWorkOnThisMemoryAreRefused() {
        assertNames(IllegalArgumentException.class, "2", () -> new SpscDiscipline().create(memory,
                QueueSpec.variable(8).withConsumers(2)));
        assertNames(IllegalArgumentException.class, "5000", () -> new SpscDiscipline().create(memory, QueueSpec.fixed(5000)));
        try (RingMemory odd = Registries.memoryStrategies().require("split").allocate(RingSpec.ofCapacity(1001))) {
            assertNames(IllegalArgumentException.class, "1001", () -> new SpscDiscipline().create(odd, QueueSpec.variable(8)));
        }
        try (RingMemory split = Registries.memoryStrategies().require("split").allocate(RingSpec.ofCapacity(4096))) {
            // Records may skip to the next lap there: half the ring at most.
            assertNames(IllegalArgumentException.class, "2048", () -> new SpscDiscipline().create(split, QueueSpec.fixed(3000)));
        }
    }

    @Test
    void attachingWithAnotherShapeIsRefusedNamingBoth() {
        new SpscDiscipline().create(memory, QueueSpec.variable(64)).close();
        assertNames(IllegalArgumentException.class, "record size 64", () -> new SpscDiscipline().create(memory,
                QueueSpec.variable(128)));
        memory.header().set(java.lang.foreign.ValueLayout.JAVA_LONG, SpscDescriptor.MAGIC_OFFSET, 0x1234L);
        assertNames(IllegalArgumentException.class, "0x1234", () -> new SpscDiscipline().create(memory,
                QueueSpec.variable(64)));
    }

    @Test
    void protocolMisuseIsAnIllegalState() {
        RecordQueue queue = new SpscDiscipline().create(memory, QueueSpec.variable(64));
        assertThrows(IllegalStateException.class, () -> queue.consumer(0).release(), "release without peek");
        assertThrows(IllegalStateException.class, () -> queue.producer().commit(1), "commit without claim");
        assertNames(IndexOutOfBoundsException.class, "1", () -> queue.consumer(1));
        assertNames(IllegalArgumentException.class, "0", () -> queue.consumer(0).drain(r -> { }, 0));
        queue.producer().offer(MemorySegment.ofArray(new byte[10]));
        assertNames(IllegalArgumentException.class, "10", () -> queue.consumer(0).poll(MemorySegment.ofArray(new byte[4])));
    }

    /**
     * A commit longer than its claim would publish bytes the claim never reserved. On doubled the
     * memory refuses it too; on a mirror view (no per-record memory calls) only the queue can.
     */
    @Test
    void aCommitLongerThanItsClaimIsRefusedNamingBoth() {
        RecordQueue queue = new SpscDiscipline().create(memory, QueueSpec.variable(64));
        queue.producer().claim(10);
        assertNames(IllegalArgumentException.class, "20", () -> queue.producer().commit(20));
    }

    @Test
    void aCommitLongerThanItsClaimIsRefusedOnTheMirrorViewToo() {
        org.ringlab.api.MemoryStrategy s = Registries.memoryStrategies().available().stream()
                .filter(m -> m.has(org.ringlab.api.Capability.MIRRORED) && !m.has(org.ringlab.api.Capability.GROWABLE))
                .findFirst().orElse(null);
        org.junit.jupiter.api.Assumptions.assumeTrue(s != null, "no mirrored strategy is available here");
        try (RingMemory mirrored = s.allocate(RingSpec.ofCapacity(s.granularity()));
             RecordQueue queue = new SpscDiscipline().create(mirrored, QueueSpec.variable(64))) {
            queue.producer().claim(10);
            assertNames(IllegalArgumentException.class, "claim was for 10", () -> queue.producer().commit(20));
            assertTrue(queue.consumer(0).peek() == null, s.name() + ": nothing was published");
        }
    }

    @Test
    void useAfterCloseThrows() {
        RecordQueue queue = new SpscDiscipline().create(memory, QueueSpec.variable(64));
        queue.close();
        assertThrows(IllegalStateException.class, () -> queue.producer().offer(MemorySegment.ofArray(new byte[1])));
        assertThrows(IllegalStateException.class, () -> queue.producer().claim(1));
        assertThrows(IllegalStateException.class, () -> queue.consumer(0).peek());
        assertThrows(IllegalStateException.class, () -> queue.consumer(0).drain(r -> { }, 1));
        queue.close(); // twice: harmless
    }

    @Test
    void aQueueOnClosedMemoryThrowsRatherThanCrashing() {
        RecordQueue queue = new SpscDiscipline().create(memory, QueueSpec.variable(64));
        memory.close();
        assertThrows(IllegalStateException.class, () -> queue.producer().offer(MemorySegment.ofArray(new byte[1])));
        assertThrows(IllegalStateException.class, () -> queue.consumer(0).peek());
    }
}
