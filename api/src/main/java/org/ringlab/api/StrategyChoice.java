package org.ringlab.api;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The outcome of choosing a default among strategies that do the same job in different ways
 * ({@link Registries#defaultMirrored()}): the first available one in a fixed order of
 * preference, or the one a user pinned by name, with the reason every strategy before it was
 * skipped. An empty choice is not an error until {@link #require()} turns it into an
 * {@link UnavailableException} that lists every skipped strategy.
 *
 * @param order    the order of preference that was walked
 * @param chosen   the strategy chosen, if any is available
 * @param pinnedBy how the choice was pinned ({@code -Dringlab.mirrored=NAME} or an API call), if it was
 * @param skipped  the strategies before the chosen one (all of them when none was chosen), each with its reason;
 *                 for a pinned choice, only the pinned strategy when it could not be used
 */
public record StrategyChoice(List<String> order, Optional<MemoryStrategy> chosen, Optional<String> pinnedBy,
                             List<StrategyChoice.Skipped> skipped) {

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

    public StrategyChoice {
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
