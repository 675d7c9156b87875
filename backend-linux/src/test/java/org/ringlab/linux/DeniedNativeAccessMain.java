package org.ringlab.linux;

import java.util.List;

import org.ringlab.api.RingSpec;
import org.ringlab.api.UnavailableException;

/**
 * Run by {@link NativeAccessDeniedTest} in a JVM that denies native access: every strategy
 * must report itself unavailable, with the cause, instead of throwing.
 */
final class DeniedNativeAccessMain {

    private DeniedNativeAccessMain() {
    }

    public static void main(String[] args) {
        // Not Strategies: its PAGE constant would initialise the FFM binding outside any probe.
        for (MirroredStrategy strategy : List.of(new MemfdMirroredMemory(), new ShmMirroredMemory(),
                new TmpfileMirroredMemory(), new FileMirroredMemory())) {
            var availability = strategy.availability();
            String allocate;
            try {
                strategy.allocate(RingSpec.ofCapacity(4096)).close();
                allocate = "allocated";
            } catch (UnavailableException e) {
                allocate = "UnavailableException";
            }
            String granularity;
            try {
                granularity = String.valueOf(strategy.granularity());
            } catch (UnavailableException e) {
                granularity = "UnavailableException";
            }
            System.out.println(strategy.name() + " | " + availability.isAvailable() + " | " + availability.reason()
                    + " | " + availability.cause().map(c -> c.getClass().getSimpleName()).orElse("-")
                    + " | " + allocate + " | " + granularity);
        }
    }
}
