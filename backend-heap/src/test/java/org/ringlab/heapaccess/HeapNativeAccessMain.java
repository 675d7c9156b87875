package org.ringlab.heapaccess;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.Registries;
import org.ringlab.api.RingMemory;
import org.ringlab.api.RingSpec;

/**
 * Run by {@code org.ringlab.heap.HeapNativeAccessTest} in a child JVM with some native access refused, through
 * the public API only, from a package of its own (on the module path it runs in the unnamed
 * module beside org.ringlab.heap, which must not share its package): for each heap
 * strategy one line {@code name|works|degraded|description}, where works means a ring
 * allocated, written, read back and closed, and degraded that the description says the close
 * frees at once.
 */
public final class HeapNativeAccessMain {

    private HeapNativeAccessMain() {
    }

    public static void main(String[] args) {
        for (String name : new String[] {"doubled", "split", "linearize"}) {
            MemoryStrategy strategy = Registries.memoryStrategies().find(name).orElseThrow();
            boolean works;
            try (RingMemory ring = strategy.allocate(RingSpec.ofCapacity(100))) {
                ring.write(98, MemorySegment.ofArray(new byte[] {7, 9, 11}));
                works = ring.window(98, 3).get(ValueLayout.JAVA_BYTE, 2) == 11;
            }
            String description = strategy.description();
            System.out.println(name + "|" + works + "|" + description.contains("DEGRADED") + "|" + description);
        }
    }
}
