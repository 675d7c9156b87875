package org.ringlab.conformance.kit;

import java.lang.foreign.Arena;
import java.util.List;

import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.ringlab.api.QueueDiscipline;
import org.ringlab.api.Registries;

/**
 * Runs the kit's soak on {@link BrokenDisciplines#leaksPerRecord} (argument {@code broken}) or
 * its twin ({@code twin}) in a JVM of its own, so no other test's freed memory, still resident
 * in malloc's free lists, hides the leak. Exit status: 0 passed, 3 the soak failed on RSS,
 * 2 anything else (printed).
 */
public final class SoakLeakMain {

    private SoakLeakMain() {
    }

    public static void main(String[] args) {
        boolean broken = args[0].equals("broken");
        try (Arena leaked = Arena.ofShared()) {
            QueueDiscipline discipline = BrokenDisciplines.leaksPerRecord(broken, leaked, 16 * 1024);
            Kit kit = Kit.of(List.of(Registries.memoryStrategies().require("doubled")), List.of(discipline))
                    .withSettings(new KitSettings(1, 1, 5_000_000, 1, 42));
            for (DynamicNode node : kit.soak().toList()) {
                ((DynamicTest) node).getExecutable().execute();
            }
            System.out.println("soak passed");
            System.exit(0);
        } catch (AssertionError e) {
            System.out.println(e.getMessage());
            System.exit(e.getMessage() != null && e.getMessage().contains("VmRSS grew") ? 3 : 2);
        } catch (Throwable t) {
            t.printStackTrace(System.out);
            System.exit(2);
        }
    }
}
