package org.ringlab.queues.shape;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.classfile.Attributes;
import java.lang.classfile.ClassModel;
import java.lang.classfile.MethodModel;
import java.lang.classfile.Opcode;
import java.lang.classfile.instruction.InvokeInstruction;
import java.lang.reflect.Modifier;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;
import org.ringlab.queues.baseline.CopyPerConsumerQueue;
import org.ringlab.queues.baseline.LockedListQueue;
import org.ringlab.queues.napi.NapiAdaptiveQueue;

/**
 * Without timing, what the final queue classes outside spsc and broadcast call per record that
 * another class could implement: every {@code invokevirtual} or {@code invokeinterface} on a
 * project type that is an interface or not final, reached from the handles' per-record methods
 * through the queue's own methods. Such a call site's type profile is shared by every queue of
 * the class, whatever it runs on. The lists below are what each queue's design needs, and
 * nothing more may appear: a new overridable step on a record path fails here, naming it.
 */
class PerRecordCallsTest {

    private static final Set<String> PER_RECORD = Set.of("offer", "claim", "commit", "peek", "release", "drain", "poll");

    @Test
    void lockedListCallsOnlyItsMemorysIsOpenAndTheCallersHandler() {
        // It stops with the memory it was built on: one isOpen per operation (capacity only in
        // the message of that refusal); the handler is the caller's.
        assertEquals(Set.of("org/ringlab/api/RingMemory.isOpen", "org/ringlab/api/RingMemory.capacity",
                        "org/ringlab/api/RecordQueue$RecordHandler.onRecord"),
                overridableCalls(LockedListQueue.class));
    }

    @Test
    void napiCallsOnlyItsRingsHandles() {
        // napi wraps an spsc ring: its one delegation per operation goes to that ring's handle,
        // whose class is the spsc shape of the memory the queue was built on.
        assertEquals(Set.of(
                        "org/ringlab/api/QueueProducer.offer", "org/ringlab/api/QueueProducer.claim",
                        "org/ringlab/api/QueueProducer.commit",
                        "org/ringlab/api/QueueConsumer.peek", "org/ringlab/api/QueueConsumer.release",
                        "org/ringlab/api/QueueConsumer.drain", "org/ringlab/api/QueueConsumer.poll"),
                overridableCalls(NapiAdaptiveQueue.class));
    }

    @Test
    void copyPerConsumerCallsOnlyItsSubRingsHandles() {
        // Each sub-ring is an spsc queue on a SubRingMemory view (sealed: a segment path or a
        // mirror view, so at most two shapes): its handles, and its fitAfter, which checks every
        // sub-ring before any is written (counters only in the message of a refusal); sub-ring
        // 0's window reads a committed claim back; the handler is the caller's.
        Set<String> calls = overridableCalls(CopyPerConsumerQueue.class);
        Set<String> allowed = Set.of(
                "org/ringlab/api/QueueProducer.offer", "org/ringlab/api/QueueProducer.claim",
                "org/ringlab/api/QueueProducer.commit",
                "org/ringlab/api/QueueConsumer.peek", "org/ringlab/api/QueueConsumer.release",
                "org/ringlab/api/QueueConsumer.drain", "org/ringlab/api/QueueConsumer.poll",
                "org/ringlab/queues/spsc/SpscRingQueue.fitAfter", "org/ringlab/queues/spsc/SpscRingQueue.counters",
                "org/ringlab/queues/baseline/SubRingMemory.window",
                "org/ringlab/api/RecordQueue$RecordHandler.onRecord");
        Set<String> extra = new TreeSet<>(calls);
        extra.removeAll(allowed);
        assertTrue(extra.isEmpty(), "CopyPerConsumerQueue calls overridable steps per record: " + extra + " (all: " + calls + ")");
    }

    /** {@code owner.name} of every overridable project call on the per-record path of {@code queue}. */
    private static Set<String> overridableCalls(Class<?> queue) {
        Map<String, ClassModel> nest = HotPathSizes.nest(queue);
        Deque<MethodModel> todo = new ArrayDeque<>();
        for (ClassModel c : nest.values()) {
            for (MethodModel m : c.methods()) {
                if (PER_RECORD.contains(m.methodName().stringValue())) {
                    todo.add(m);
                }
            }
        }
        Set<MethodModel> seen = new HashSet<>();
        Set<String> found = new TreeSet<>();
        while (!todo.isEmpty()) {
            MethodModel m = todo.pop();
            if (!seen.add(m)) {
                continue;
            }
            m.findAttribute(Attributes.code()).ifPresent(code -> code.forEach(e -> {
                if (!(e instanceof InvokeInstruction call)) {
                    return;
                }
                String owner = call.owner().asInternalName();
                String name = call.name().stringValue();
                ClassModel own = nest.get(owner);
                if (own != null) {
                    own.methods().stream()
                            .filter(x -> x.methodName().equalsString(name) && x.methodType().equalsString(call.type().stringValue()))
                            .findFirst().ifPresent(todo::add);
                    return;
                }
                boolean dynamic = call.opcode() == Opcode.INVOKEINTERFACE || call.opcode() == Opcode.INVOKEVIRTUAL;
                if (dynamic && owner.startsWith("org/ringlab/") && !finalClass(owner)) {
                    found.add(owner + "." + name);
                }
            }));
        }
        return found;
    }

    private static boolean finalClass(String internalName) {
        try {
            Class<?> c = Class.forName(internalName.replace('/', '.'), false, PerRecordCallsTest.class.getClassLoader());
            return !c.isInterface() && Modifier.isFinal(c.getModifiers());
        } catch (ClassNotFoundException e) {
            throw new AssertionError("no class " + internalName, e);
        }
    }
}
