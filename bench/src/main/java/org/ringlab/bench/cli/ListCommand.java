package org.ringlab.bench.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Collectors;

import org.ringlab.api.Availability;
import org.ringlab.api.support.FallbackChain;
import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.ProviderRegistry;
import org.ringlab.api.Registries;
import org.ringlab.api.RinglabProvider;
import org.ringlab.bench.util.PicocliCommand;
import picocli.CommandLine.Command;
import org.ringlab.api.StrategyChoice;

/** {@code ringlab list}: every discovered provider, available or not, and why not. */
@Command(name = "list",
        description = "Every discovered memory strategy, growth strategy and queue discipline, available or not, and why not;"
                + " the default mirrored strategy and why the ones before it were skipped.")
public final class ListCommand extends PicocliCommand {

    private static final int NAME_WIDTH = 20;
    private static final String INDENT = "  " + " ".repeat(NAME_WIDTH + 1);

    @Override
    public Integer call() {
        PrintWriter out = out();
        boolean ok = section(out, "Memory strategies", Registries::memoryStrategies, true);
        out.println();
        defaultMirrored(out);
        out.println();
        ok &= section(out, "Growth strategies", Registries::growthStrategies, false);
        out.println();
        ok &= section(out, "Queue disciplines", Registries::disciplines, false);
        out.println();
        ok &= section(out, "Mapped files (seed 004's growing shared file)", Registries::mappedFiles, false);
        out.flush();
        return ok ? 0 : 1;
    }

    /** Prints one registry; false when it could not be loaded at all. */
    private static <T extends RinglabProvider> boolean section(PrintWriter out, String title,
                                                               Supplier<ProviderRegistry<T>> registry, boolean memory) {
        List<T> all;
        List<String> duplicates;
        try {
            ProviderRegistry<T> r = registry.get();
            all = r.all();
            duplicates = r.duplicates();
        } catch (RuntimeException | java.util.ServiceConfigurationError e) {
            // A broken provider jar must not hide the other sections.
            out.println(title + ": cannot be listed: " + e.getMessage());
            return false;
        }
        if (all.isEmpty()) {
            out.println(title + ": none discovered yet");
            return true;
        }
        long available = all.stream().filter(p -> availability(p).isAvailable()).count();
        out.printf(Locale.ROOT, "%s (%d discovered, %d available)%n", title, all.size(), available);
        for (T p : all) {
            Availability a = availability(p);
            StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "  %-" + NAME_WIDTH + "s %-12s",
                    p.name(), a.isAvailable() ? "available" : "unavailable"));
            if (memory) {
                MemoryStrategy m = (MemoryStrategy) p;
                line.append(String.format(Locale.ROOT, " granularity %-6s %s", granularity(m), capabilities(m)));
            }
            out.println(line.toString().stripTrailing());
            String description = description(p);
            if (!description.isBlank()) {
                out.println(INDENT + description);
            }
            if (!a.isAvailable()) {
                out.println(INDENT + "why unavailable: " + a.reason());
            }
        }
        for (String d : duplicates) {
            out.println("  duplicate: " + d);
        }
        return true;
    }

    /** The fallback chain: which mirrored strategy is the default, and why the ones before it were skipped. */
    private static void defaultMirrored(PrintWriter out) {
        StrategyChoice choice;
        try {
            choice = Registries.defaultMirrored();
        } catch (RuntimeException | java.util.ServiceConfigurationError e) {
            out.println("Default mirrored strategy: cannot be chosen: " + e.getMessage());
            return;
        }
        out.println("Default mirrored strategy: " + choice.chosen().map(MemoryStrategy::name).orElse("none available")
                + choice.pinnedBy().map(p -> " (pinned by " + p + ")").orElse(""));
        out.println("  order " + String.join(" -> ", choice.order()) + "; pin one with -D"
                + FallbackChain.PIN_PROPERTY + "=NAME");
        for (StrategyChoice.Skipped s : choice.skipped()) {
            out.println("  skipped " + s.name() + ": " + s.reason());
        }
    }

    /** What {@code ask} returns, or {@code broken} of what it threw: a provider's method may throw when unavailable. */
    private static <T> T guarded(Supplier<T> ask, Function<Throwable, T> broken) {
        try {
            return ask.get();
        } catch (RuntimeException | LinkageError e) {
            return broken.apply(e);
        }
    }

    private static Availability availability(RinglabProvider p) {
        return guarded(p::availability, e -> Availability.unavailable("availability() threw " + e));
    }

    private static String description(RinglabProvider p) {
        return guarded(() -> Objects.requireNonNullElse(p.description(), ""), e -> "(description() threw " + e + ")");
    }

    /** The granularity, or "-" when the strategy cannot say (unavailable strategies may throw). */
    private static String granularity(MemoryStrategy m) {
        return guarded(() -> Long.toString(m.granularity()), e -> "-");
    }

    private static String capabilities(MemoryStrategy m) {
        return guarded(() -> "[" + m.capabilities().stream().sorted()
                .map(c -> c.name().toLowerCase(Locale.ROOT).replace('_', '-'))
                .collect(Collectors.joining(", ")) + "]", e -> "[capabilities() threw " + e + "]");
    }
}
