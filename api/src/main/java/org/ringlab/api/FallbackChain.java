package org.ringlab.api;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Chooses a default among strategies that do the same job in different ways: the first
 * available one in a fixed order of preference, or the one a user pinned by name, with the
 * reason every strategy before it was skipped. {@link Registries#defaultMirrored()} applies it
 * to the mirrored strategies in {@link #MIRRORED_ORDER}.
 *
 * <p>Choosing never throws and never allocates beyond the probes the strategies already run
 * (their availability is remembered): a missing, unavailable or wrongly pinned strategy is a
 * {@link Skipped} entry with its reason, and {@link Choice#require()} turns an empty choice
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

    /** A strategy that was not chosen, and why. */
    public record Skipped(String name, String reason) {
        public Skipped {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(reason, "reason");
        }

        @Override
        public String toString() {
            return name + ": " + reason;
        }
    }

    /**
     * The outcome of a choice.
     *
     * @param order    the order of preference that was walked
     * @param chosen   the strategy chosen, if any is available
     * @param pinnedBy how the choice was pinned ({@code -Dringlab.mirrored=NAME} or an API call), if it was
     * @param skipped  the strategies before the chosen one (all of them when none was chosen), each with its reason;
     *                 for a pinned choice, only the pinned strategy when it could not be used
     */
    public record Choice(List<String> order, Optional<MemoryStrategy> chosen, Optional<String> pinnedBy,
                         List<Skipped> skipped) {

        public Choice {
            order = List.copyOf(order);
            Objects.requireNonNull(chosen, "chosen");
            Objects.requireNonNull(pinnedBy, "pinnedBy");
            skipped = List.copyOf(skipped);
        }

        /** The chosen strategy, or {@link UnavailableException} naming every skipped one and why. */
        public MemoryStrategy require() {
            return chosen.orElseThrow(() -> new UnavailableException("no strategy of " + order
                    + " is available" + pinnedBy.map(p -> " (pinned by " + p + ")").orElse("") + ": "
                    + skipped.stream().map(Skipped::toString).collect(Collectors.joining("; ")), null));
        }

        /** One line: the chosen name (or "none"), how it was pinned, and the skipped ones with reasons. */
        public String summary() {
            StringBuilder s = new StringBuilder(chosen.map(MemoryStrategy::name).orElse("none available"));
            pinnedBy.ifPresent(p -> s.append(" (pinned by ").append(p).append(')'));
            if (!skipped.isEmpty()) {
                s.append("; skipped ").append(skipped.stream().map(Skipped::toString)
                        .collect(Collectors.joining("; skipped ")));
            }
            return s.toString();
        }
    }

    /**
     * Walks {@code order} in {@code registry}: the first available strategy wins. With a
     * {@code pinned} name (null for none) only that strategy is considered, and it must have
     * the {@code required} capability (null for none); {@code pinnedBy} says where the pin came
     * from, for the messages.
     */
    public static Choice choose(ProviderRegistry<MemoryStrategy> registry, List<String> order, Capability required,
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
                    return new Choice(order, found, Optional.of(by), List.of());
                }
                problem = a.reason();
            }
            return new Choice(order, Optional.empty(), Optional.of(by), List.of(new Skipped(pinned, problem)));
        }
        List<Skipped> skipped = new ArrayList<>();
        for (String name : order) {
            Optional<MemoryStrategy> found = registry.find(name);
            if (found.isEmpty()) {
                skipped.add(new Skipped(name, "not discovered (its module is not on the class path or module path)"));
                continue;
            }
            Availability a = availability(found.get());
            if (a.isAvailable()) {
                return new Choice(order, found, Optional.empty(), skipped);
            }
            skipped.add(new Skipped(name, a.reason()));
        }
        return new Choice(order, Optional.empty(), Optional.empty(), skipped);
    }

    /** The mirrored chain over {@code registry}, pinned by the {@value #PIN_PROPERTY} property when it is set. */
    public static Choice mirrored(ProviderRegistry<MemoryStrategy> registry) {
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
