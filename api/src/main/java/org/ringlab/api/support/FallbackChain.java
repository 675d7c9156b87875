package org.ringlab.api.support;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;
import org.ringlab.api.Availability;
import org.ringlab.api.Capability;
import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.ProviderRegistry;
import org.ringlab.api.Registries;
import org.ringlab.api.StrategyChoice;
import org.ringlab.api.UnavailableException;

/**
 * Chooses a default among strategies that do the same job in different ways: the first
 * available one in a fixed order of preference, or the one a user pinned by name, with the
 * reason every strategy before it was skipped. {@link Registries#defaultMirrored()} applies it
 * to the mirrored strategies in {@link #MIRRORED_ORDER}.
 *
 * <p>Choosing never throws and never allocates beyond the probes the strategies already run
 * (their availability is remembered): a missing, unavailable or wrongly pinned strategy is a
 * {@link StrategyChoice.Skipped} entry with its reason, and {@link StrategyChoice#require()} turns an empty choice
 * into an {@link UnavailableException} that lists them all.
 */
public final class FallbackChain {

    /**
     * The mirrored strategies in order of preference: memfd (no file system, Linux 3.17+),
     * shm_open ({@code /dev/shm}), an unlinked temporary file (the seed's pre-3.17 path), the
     * same memfd ring through JNA (when FFM native access is refused), Windows placeholders.
     */
    public static final List<String> MIRRORED_ORDER = List.of(
            "mirrored-memfd", "mirrored-shm", "mirrored-tmpfile", "mirrored-jna", "mirrored-windows");

    /** System property that pins the default mirrored strategy by name. */
    public static final String PIN_PROPERTY = "ringlab.mirrored";

    private FallbackChain() {
    }

    /**
     * Walks {@code order} in {@code registry}: the first available strategy wins. With a
     * {@code pinned} name (null for none) only that strategy is considered, and it must have
     * the {@code required} capability (null for none); {@code pinnedBy} says where the pin came
     * from, for the messages.
     */
    public static StrategyChoice choose(ProviderRegistry<MemoryStrategy> registry, List<String> order, Capability required,
                                String pinned, String pinnedBy) {
        Objects.requireNonNull(registry, "registry");
        Objects.requireNonNull(order, "order");
        if (pinned != null) {
            String by = pinnedBy == null ? "pin " + pinned : pinnedBy;
            Optional<MemoryStrategy> found = registry.find(pinned);
            String problem;
            if (found.isEmpty()) {
                problem = "no memory strategy named '" + pinned + "' was discovered; known: " + registry.names();
            } else if (required != null && !has(found.get(), required)) {
                problem = "'" + pinned + "' lacks the " + required + " capability this choice requires";
            } else {
                Availability a = availability(found.get());
                if (a.isAvailable()) {
                    return new StrategyChoice(order, found, Optional.of(by), List.of());
                }
                problem = a.reason();
            }
            return new StrategyChoice(order, Optional.empty(), Optional.of(by), List.of(new StrategyChoice.Skipped(pinned, problem)));
        }
        List<StrategyChoice.Skipped> skipped = new ArrayList<>();
        for (String name : order) {
            Optional<MemoryStrategy> found = registry.find(name);
            if (found.isEmpty()) {
                skipped.add(new StrategyChoice.Skipped(name, "not discovered (its module is not on the class path or module path)"));
                continue;
            }
            Availability a = availability(found.get());
            if (a.isAvailable()) {
                return new StrategyChoice(order, found, Optional.empty(), skipped);
            }
            skipped.add(new StrategyChoice.Skipped(name, a.reason()));
        }
        return new StrategyChoice(order, Optional.empty(), Optional.empty(), skipped);
    }

    /** The mirrored chain over {@code registry}, pinned by the {@value #PIN_PROPERTY} property when it is set. */
    public static StrategyChoice mirrored(ProviderRegistry<MemoryStrategy> registry) {
        String pinned = System.getProperty(PIN_PROPERTY);
        if (pinned == null || pinned.isBlank()) {
            return choose(registry, MIRRORED_ORDER, Capability.MIRRORED, null, null);
        }
        return choose(registry, MIRRORED_ORDER, Capability.MIRRORED, pinned.strip(), "-D" + PIN_PROPERTY + "=" + pinned.strip());
    }

    // A provider's own bug must not break the choice of another one.
    private static Availability availability(MemoryStrategy s) {
        try {
            return s.availability();
        } catch (RuntimeException | LinkageError e) {
            return Availability.unavailable("availability() threw " + e, e);
        }
    }

    private static boolean has(MemoryStrategy s, Capability required) {
        try {
            return s.has(required);
        } catch (RuntimeException | LinkageError e) {
            return false;
        }
    }
}
