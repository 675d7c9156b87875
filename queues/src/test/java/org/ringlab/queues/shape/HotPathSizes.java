package org.ringlab.queues.shape;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.classfile.ClassFile;
import java.lang.classfile.ClassModel;
import java.lang.classfile.MethodModel;
import java.lang.classfile.attribute.CodeAttribute;
import java.lang.classfile.instruction.InvokeInstruction;
import java.lang.reflect.AccessFlag;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Bytecode sizes of a queue shape's per-record methods, read from its class files with
 * {@code java.lang.classfile}: the method named, and every method of the shape (its own class
 * and nested classes) it calls on its common path, transitively. A callee whose name ends in
 * {@code Cold} is the rare path (wrap, padding, full, empty, growth, closed, bad input), compiled
 * apart on purpose; it and what it calls are not followed.
 *
 * <p>The bound is HotSpot C2's: a call site its profile counts as hot is inlined only when the
 * callee's bytecode is at most {@code FreqInlineSize} bytes ({@code opto/bytecodeInfo.cpp},
 * {@code InlineTree::should_inline}: "hot method too big"), 325 by default on every platform.
 * A per-record method over it is never inlined into the loop that calls it; one under it is,
 * unless C2 already compiled it alone into more than {@code InlineSmallCode} bytes of machine
 * code ("already compiled into a big method", 2500 on x86_64), which small common paths with the
 * rare cases in cold callees keep it far from.
 */
public final class HotPathSizes {

    /** C2's {@code FreqInlineSize} default: the most bytecode a hot call site inlines. */
    public static final int FREQ_INLINE_SIZE = 325;

    private HotPathSizes() {
    }

    /**
     * {@code "Owner.method descriptor" -> bytecode length} for every {@code name}{@code descriptor}
     * declared in {@code shape} or its nested classes, and every method of those classes they
     * call on their common path.
     */
    public static Map<String, Integer> of(Class<?> shape, String name, String descriptor) {
        Map<String, ClassModel> classes = nest(shape);
        Map<String, Integer> sizes = new LinkedHashMap<>();
        Deque<String[]> todo = new ArrayDeque<>();
        for (ClassModel c : classes.values()) {
            find(c, name, descriptor).ifPresent(m -> todo.add(new String[] {c.thisClass().asInternalName(), name, descriptor}));
        }
        while (!todo.isEmpty()) {
            String[] next = todo.pop();
            String key = simple(next[0]) + "." + next[1] + next[2];
            if (sizes.containsKey(key)) {
                continue;
            }
            ClassModel owner = classes.get(next[0]);
            MethodModel m = find(owner, next[1], next[2]).orElseThrow(() -> new AssertionError("no " + key));
            CodeAttribute code = m.findAttribute(java.lang.classfile.Attributes.code()).orElse(null);
            if (code == null) {
                continue; // abstract or native: nothing of the shape's to inline
            }
            sizes.put(key, code.codeLength());
            code.forEach(e -> {
                if (e instanceof InvokeInstruction call) {
                    String callee = call.owner().asInternalName();
                    String calleeName = call.name().stringValue();
                    if (classes.containsKey(callee) && !calleeName.endsWith("Cold") && !calleeName.equals("<init>")
                            && find(classes.get(callee), calleeName, call.type().stringValue()).isPresent()) {
                        todo.add(new String[] {callee, calleeName, call.type().stringValue()});
                    }
                }
            });
        }
        return sizes;
    }

    /** Fails naming every method over {@code bound}, with its length. */
    public static void assertWithin(Map<String, Integer> sizes, int bound) {
        StringBuilder over = new StringBuilder();
        sizes.forEach((method, length) -> {
            if (length > bound) {
                over.append("\n  ").append(method).append(": ").append(length).append(" bytes");
            }
        });
        if (!over.isEmpty()) {
            fail("bytecode over " + bound + " bytes (C2's FreqInlineSize: never inlined at a hot call site) on the common path:"
                    + over + "\n  all: " + sizes);
        }
    }

    private static Optional<MethodModel> find(ClassModel c, String name, String descriptor) {
        return c.methods().stream()
                .filter(m -> m.methodName().equalsString(name) && m.methodType().equalsString(descriptor))
                .filter(m -> !m.flags().has(AccessFlag.BRIDGE))
                .findFirst();
    }

    /** The class files of {@code type} and its nested classes, by internal name. */
    static Map<String, ClassModel> nest(Class<?> type) {
        Map<String, ClassModel> classes = new HashMap<>();
        load(type, classes);
        return classes;
    }

    private static void load(Class<?> type, Map<String, ClassModel> into) {
        String resource = "/" + type.getName().replace('.', '/') + ".class";
        try (InputStream in = type.getResourceAsStream(resource)) {
            if (in == null) {
                throw new AssertionError("no class file " + resource);
            }
            ClassModel model = ClassFile.of().parse(in.readAllBytes());
            into.put(model.thisClass().asInternalName(), model);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        for (Class<?> nested : type.getDeclaredClasses()) {
            load(nested, into);
        }
    }

    private static String simple(String internalName) {
        return internalName.substring(internalName.lastIndexOf('/') + 1);
    }
}
