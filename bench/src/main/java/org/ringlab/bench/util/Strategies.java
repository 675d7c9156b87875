package org.ringlab.bench.util;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.ProviderRegistry;
import org.ringlab.api.QueueDiscipline;
import org.ringlab.api.Registries;
import org.ringlab.api.RinglabProvider;

/**
 * Where a strategy's name becomes the strategy. The parent selects what a run's filters ask for
 * ({@link #select}) and sends each child the names; the child resolves each name once
 * ({@link #memory}, {@link #discipline}) and hands the resolved objects to its loops.
 */
public final class Strategies {

    private Strategies() {
    }

    /** The available memory strategy {@code name}; an error names it and the known ones, or why it is unavailable. */
    public static MemoryStrategy memory(String name) {
        return available(Registries.memoryStrategies(), "memory strategy", name);
    }

    /** The available queue discipline {@code name}; an error names it and the known ones, or why it is unavailable. */
    public static QueueDiscipline discipline(String name) {
        return available(Registries.disciplines(), "queue discipline", name);
    }

    private static <T extends RinglabProvider> T available(ProviderRegistry<T> registry, String kind, String name) {
        T p = registry.find(name).orElseThrow(() -> new IllegalArgumentException(
                "no " + kind + " '" + name + "'; known: " + registry.names()));
        if (!p.availability().isAvailable()) {
            throw new IllegalStateException(kind + " " + name + " is unavailable: " + p.availability().reason());
        }
        return p;
    }

    /**
     * What a run's filters select.
     *
     * @param strategies  the available selected memory strategies, registry order
     * @param disciplines of the experiment's disciplines, the available selected ones by name
     * @param main        the default mirrored strategy when selected, else the first; null when none is
     */
    public record Selection(List<MemoryStrategy> strategies, Map<String, QueueDiscipline> disciplines,
                            MemoryStrategy main) {
    }

    /**
     * The strategies and the experiment's {@code ours} disciplines passing the run's filters
     * {@code context}; each unavailable or unselected one goes to {@code skipped} with its reason.
     * A filter that selects nothing the experiment knows is an error naming it.
     */
    public static Selection select(String experiment, NameFilters context, List<String> ours, List<String> skipped) {
        if (!context.disciplines().isEmpty() && ours.stream().noneMatch(context::wantsDiscipline)) {
            throw new IllegalArgumentException(experiment + ": the discipline filter " + context.disciplines()
                    + " selects none of the disciplines it measures " + ours);
        }
        Map<String, QueueDiscipline> disciplines = new LinkedHashMap<>();
        for (String name : ours) {
            if (!context.wantsDiscipline(name)) {
                skipped.add("discipline " + name + ": not selected by the discipline filter " + context.disciplines());
                continue;
            }
            Optional<QueueDiscipline> d = Registries.disciplines().find(name);
            if (d.isEmpty()) {
                skipped.add("discipline " + name + ": not discovered (known: " + Registries.disciplines().names() + ")");
            } else if (!d.get().availability().isAvailable()) {
                skipped.add("discipline " + name + ": " + d.get().availability().reason());
            } else {
                disciplines.put(name, d.get());
            }
        }
        List<MemoryStrategy> all = Registries.memoryStrategies().all();
        if (!context.strategies().isEmpty() && all.stream().noneMatch(s -> context.strategies().contains(s.name()))) {
            throw new IllegalArgumentException(experiment + ": the strategy filter " + context.strategies()
                    + " selects no memory strategy; known: " + Registries.memoryStrategies().names());
        }
        List<MemoryStrategy> usable = new ArrayList<>();
        for (MemoryStrategy s : all) {
            if (!context.wantsStrategy(s.name())) {
                continue;
            }
            if (s.availability().isAvailable()) {
                usable.add(s);
            } else {
                skipped.add("strategy " + s.name() + ": " + s.availability().reason());
            }
        }
        MemoryStrategy main = usable.isEmpty() ? null
                : Registries.defaultMirrored().chosen().filter(usable::contains).orElse(usable.getFirst());
        return new Selection(List.copyOf(usable), disciplines, main);
    }
}
