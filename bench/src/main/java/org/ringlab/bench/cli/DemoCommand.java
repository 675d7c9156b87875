package org.ringlab.bench.cli;

import java.io.PrintWriter;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.ringlab.api.support.ElementRing;
import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.ProviderRegistry;
import org.ringlab.api.Registries;
import org.ringlab.api.RingMemory;
import org.ringlab.api.RingSpec;
import org.ringlab.bench.history.ColdRun;
import org.ringlab.bench.util.PicocliCommand;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code ringlab demo}: seed 000's example program on every available memory strategy. Seven
 * 16×16×16 matrices of unsigned bytes, filled with 0..6, go into a ring of four; the four left
 * (3, 4, 5, 6) are summed one by one through {@code element(i)} and all at once through the
 * single contiguous view {@code history()}.
 */
@Command(name = "demo",
        description = {"Seed 000's example on every available memory strategy.",
                "16x16x16-byte matrices filled with 0..6 are put into a ring of 4; prints the element",
                "sums 12288, 16384, 20480, 24576 and the total 73728 read through one contiguous view",
                "of the whole history. Exits 1 if any sum is wrong."})
public final class DemoCommand extends PicocliCommand {

    static final int SLOTS = 4;                    // M
    static final int H = 16;
    static final int W = 16;
    static final int F = 16;
    static final int ELEMENT = H * W * F;          // 4096 bytes of CV_8U
    static final int VALUES = 7;                   // matrices filled with 0, 1, ..., 6

    @Option(names = "--strategy", paramLabel = "NAME", description = "Only this memory strategy (repeatable).")
    List<String> strategies = new ArrayList<>();

    @Override
    public Integer call() {
        PrintWriter out = out();
        ProviderRegistry<MemoryStrategy> registry = Registries.memoryStrategies();
        List<MemoryStrategy> chosen = Options.choose(spec, registry, "memory strategy", strategies, new ArrayList<>());
        if (chosen.isEmpty()) {
            PrintWriter err = err();
            err.println("ringlab: demo: no memory strategy is available"
                    + (registry.names().isEmpty() ? " (none discovered)" : " (discovered: "
                    + String.join(", ", registry.names()) + "; see 'ringlab list' for why)"));
            err.flush();
            return 1;
        }
        out.printf(Locale.ROOT, "Seed 000 demo: ring of M = %d elements of %dx%dx%d = %d unsigned bytes; put %d elements"
                + " filled with 0..%d, so 3, 4, 5, 6 remain.%n", SLOTS, H, W, F, ELEMENT, VALUES, VALUES - 1);
        List<String> failures = new ArrayList<>();
        int skipped = 0;
        for (MemoryStrategy s : chosen) {
            out.println();
            Outcome o = runOn(s, out);
            if (o == Outcome.FAILED) {
                failures.add(s.name());
            } else if (o == Outcome.SKIPPED) {
                skipped++;
            }
        }
        out.println();
        if (!failures.isEmpty()) {
            out.println("demo FAILED on " + failures.size() + " of " + chosen.size() + " strategies: "
                    + String.join(", ", failures));
            out.flush();
            return 1;
        }
        out.printf(Locale.ROOT, "demo OK on %d strategies%s%n", chosen.size() - skipped,
                skipped == 0 ? "" : " (" + skipped + " skipped)");
        out.flush();
        return 0;
    }

    enum Outcome { OK, FAILED, SKIPPED }

    static Outcome runOn(MemoryStrategy s, PrintWriter out) {
        long capacity = (long) SLOTS * ELEMENT;
        long granularity = s.granularity();
        out.printf(Locale.ROOT, "%s (granularity %d, ring %d bytes)%n", s.name(), granularity, capacity);
        if (capacity % granularity != 0) {
            // The seed's ring is 4 x 4096 bytes; a 64 KiB-granular strategy cannot hold it.
            out.printf(Locale.ROOT, "  skipped: %d bytes is not a multiple of the granularity %d%n", capacity, granularity);
            return Outcome.SKIPPED;
        }
        boolean ok = true;
        try (Arena arena = Arena.ofConfined(); RingMemory memory = s.allocate(RingSpec.ofCapacity(capacity))) {
            ElementRing ring = new ElementRing(memory, ELEMENT);
            MemorySegment sample = arena.allocate(ELEMENT); // stands in for the matrix that arrives from outside
            for (int x = 0; x < VALUES; x++) {
                sample.fill((byte) x);
                ring.put(sample);
            }
            for (int i = 0; i < SLOTS; i++) {
                long sum = ColdRun.unsignedSum(ring.element(i));
                long expected = (long) (i + VALUES - SLOTS) * ELEMENT;
                ok &= report(out, i + "-element sum: " + sum, sum, expected);
            }
            MemorySegment history = ring.history();
            long total = ColdRun.unsignedSum(history);
            long expectedTotal = 0;
            for (int x = VALUES - SLOTS; x < VALUES; x++) {
                expectedTotal += (long) x * ELEMENT;
            }
            ok &= report(out, "Total sum: " + total + " (history(): one contiguous view of " + history.byteSize()
                    + " bytes)", total, expectedTotal);
            if (history.byteSize() != capacity) {
                out.printf(Locale.ROOT, "  WRONG history() size %d, expected %d%n", history.byteSize(), capacity);
                ok = false;
            }
        } catch (RuntimeException e) {
            out.println("  FAILED: " + e);
            return Outcome.FAILED;
        }
        out.println(ok ? "  ok" : "  FAILED: wrong sums above");
        return ok ? Outcome.OK : Outcome.FAILED;
    }

    private static boolean report(PrintWriter out, String line, long actual, long expected) {
        if (actual == expected) {
            out.println("  " + line);
            return true;
        }
        out.println("  " + line + "   WRONG, expected " + expected);
        return false;
    }

}
