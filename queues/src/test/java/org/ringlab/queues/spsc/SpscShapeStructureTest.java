package org.ringlab.queues.spsc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.ringlab.api.QueueConsumer;
import org.ringlab.api.QueueProducer;
import org.ringlab.api.RecordQueue;

/**
 * Without timing, that each spsc shape owns its per-record path: a final class straight under
 * {@link SpscRingQueue}, whose producer and consumer handles are final classes of its own that
 * declare every hot method themselves, and whose every other method of its own is private or
 * static (a step no other class can override or share). So no call on the record path goes
 * through a method body that another shape also runs, and the JIT's type profile at each call
 * site there is this shape's alone, whatever else ran in the JVM.
 */
class SpscShapeStructureTest {

    /** The producer's per-record methods. */
    private static final List<Method> PRODUCER_HOT = methods(QueueProducer.class, "offer", "claim", "commit");
    /** The consumer's per-record methods. */
    private static final List<Method> CONSUMER_HOT = methods(QueueConsumer.class, "peek", "release", "drain", "poll");

    private static List<Method> methods(Class<?> type, String... names) {
        Set<String> wanted = Set.of(names);
        List<Method> found = Arrays.stream(type.getMethods())
                .filter(m -> wanted.contains(m.getName()) && !m.isDefault() && !Modifier.isStatic(m.getModifiers()))
                .toList();
        assertEquals(wanted, found.stream().map(Method::getName).collect(Collectors.toSet()), type + " lacks a hot method");
        return found;
    }

    @Test
    void theFamiliesListEveryShapeOnce() {
        assertEquals(11, SpscShapes.ALL.size(), SpscShapes.ALL.toString());
        assertEquals(SpscShapes.ALL.size(), Set.copyOf(SpscShapes.ALL).size(), "a shape listed twice: " + SpscShapes.ALL);
    }

    @TestFactory
    Stream<DynamicTest> everyShapeIsFinalAndOwnsItsRecordPath() {
        return SpscShapes.ALL.stream().map(shape -> dynamicTest(shape.getSimpleName(), () -> {
            assertTrue(Modifier.isFinal(shape.getModifiers()), shape + " is not final");
            assertEquals(SpscRingQueue.class, shape.getSuperclass(), shape + ": no shared core between it and SpscRingQueue");
            handle(shape, QueueProducer.class, PRODUCER_HOT);
            handle(shape, QueueConsumer.class, CONSUMER_HOT);
            // Its other methods: the queue's own (cold) calls, or private/static steps.
            for (Method m : shape.getDeclaredMethods()) {
                if (m.isSynthetic() || Modifier.isPrivate(m.getModifiers()) || Modifier.isStatic(m.getModifiers())) {
                    continue;
                }
                assertTrue(declaredAbove(m), shape.getSimpleName() + "." + m.getName()
                        + " is neither private, static nor an override of SpscRingQueue or RecordQueue");
            }
        }));
    }

    /** The shape's own final handle class implementing {@code role}, declaring every hot method itself. */
    private static void handle(Class<?> shape, Class<?> role, List<Method> hot) throws NoSuchMethodException {
        List<Class<?>> handles = new ArrayList<>();
        for (Class<?> nested : shape.getDeclaredClasses()) {
            if (role.isAssignableFrom(nested)) {
                handles.add(nested);
            }
        }
        assertEquals(1, handles.size(), shape + ": " + role.getSimpleName() + " classes of its own " + handles);
        Class<?> h = handles.get(0);
        assertTrue(Modifier.isFinal(h.getModifiers()), h + " is not final");
        for (Method m : hot) {
            Method own = h.getDeclaredMethod(m.getName(), m.getParameterTypes());
            assertEquals(h, own.getDeclaringClass());
        }
        // Nothing between the handle and Object but the padding, which has no methods.
        for (Class<?> up = h.getSuperclass(); up != Object.class; up = up.getSuperclass()) {
            assertEquals(0, Arrays.stream(up.getDeclaredMethods()).filter(m -> !m.isSynthetic()).count(),
                    h + " inherits methods from " + up);
        }
    }

    /** Whether {@code m} overrides a method SpscRingQueue declares or RecordQueue names (cold calls). */
    private static boolean declaredAbove(Method m) {
        for (Class<?> above : List.of(SpscRingQueue.class, RecordQueue.class, AutoCloseable.class)) {
            try {
                above.getDeclaredMethod(m.getName(), m.getParameterTypes());
                return true;
            } catch (NoSuchMethodException notThere) {
                // try the next
            }
        }
        return false;
    }

    @Test
    void spscRingQueueLeavesNoStepOpen() {
        // Its only non-final instance methods are the abstract ones each shape implements (cold:
        // handles, close, counters, fitAfter): a concrete method a shape could override and
        // another inherit would be a call site shared between shapes.
        for (Method m : SpscRingQueue.class.getDeclaredMethods()) {
            int mod = m.getModifiers();
            if (m.isSynthetic() || Modifier.isStatic(mod) || Modifier.isPrivate(mod) || Modifier.isFinal(mod)) {
                continue;
            }
            assertTrue(Modifier.isAbstract(mod), "SpscRingQueue." + m.getName() + " is overridable and has a body");
        }
    }
}
