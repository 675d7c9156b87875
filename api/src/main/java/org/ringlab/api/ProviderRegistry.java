package org.ringlab.api;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * The discovered providers of one service. Loads lazily (on first use, once), removes
 * duplicates by name (the same provider seen twice, e.g. on the module path and the class
 * path), orders by name so every listing and every matrix is deterministic, and keeps the
 * unavailable providers so their reasons can be shown.
 */
public final class ProviderRegistry<T extends RinglabProvider> {

    private final Class<T> type;
    private final Supplier<? extends Iterable<? extends T>> source;
    private volatile Loaded<T> loaded;

    private ProviderRegistry(Class<T> type, Supplier<? extends Iterable<? extends T>> source) {
        this.type = type;
        this.source = source;
    }

    /** The providers of {@code type} that {@link ServiceLoader} finds. */
    public static <T extends RinglabProvider> ProviderRegistry<T> load(Class<T> type) {
        return new ProviderRegistry<>(type, () -> ServiceLoader.load(type));
    }

    /** A registry over providers that {@code source} supplies on first use (called once). */
    public static <T extends RinglabProvider> ProviderRegistry<T> from(Class<T> type,
                                                                       Supplier<? extends Iterable<? extends T>> source) {
        return new ProviderRegistry<>(type, source);
    }

    /** A registry over an explicit list, for tests and for embedding. */
    public static <T extends RinglabProvider> ProviderRegistry<T> of(Class<T> type, List<? extends T> providers) {
        List<? extends T> copy = List.copyOf(providers);
        return new ProviderRegistry<>(type, () -> copy);
    }

    /** Every provider, available or not, ordered by name. */
    public List<T> all() {
        return loaded().providers;
    }

    /** The available providers, ordered by name. */
    public List<T> available() {
        return all().stream().filter(p -> p.availability().isAvailable()).toList();
    }

    public Optional<T> find(String name) {
        return all().stream().filter(p -> p.name().equals(name)).findFirst();
    }

    /**
     * The provider called {@code name}; {@link IllegalArgumentException} listing the known names
     * when there is none, {@link UnavailableException} with the reason when it is unavailable.
     */
    public T require(String name) {
        T provider = find(name).orElseThrow(() -> new IllegalArgumentException("no " + type.getSimpleName()
                + " named '" + name + "'; known: " + names()));
        provider.availability().ensureAvailable(name);
        return provider;
    }

    public List<String> names() {
        return all().stream().map(RinglabProvider::name).toList();
    }

    /** One line per name that was provided more than once: which class was kept, which dropped. */
    public List<String> duplicates() {
        return loaded().duplicates;
    }

    private Loaded<T> loaded() {
        Loaded<T> l = loaded;
        if (l == null) {
            synchronized (this) {
                l = loaded;
                if (l == null) {
                    l = Loaded.from(source.get());
                    loaded = l;
                }
            }
        }
        return l;
    }

    private record Loaded<T extends RinglabProvider>(List<T> providers, List<String> duplicates) {

        static <T extends RinglabProvider> Loaded<T> from(Iterable<? extends T> found) {
            Map<String, List<T>> byName = new LinkedHashMap<>();
            for (T p : found) {
                String name = p.name();
                if (name == null || !name.matches("[a-z0-9]+(-[a-z0-9]+)*")) {
                    throw new IllegalStateException("provider " + p.getClass().getName()
                            + " has name '" + name + "', which is not kebab-case");
                }
                byName.computeIfAbsent(name, k -> new ArrayList<>()).add(p);
            }
            List<T> providers = new ArrayList<>();
            List<String> duplicates = new ArrayList<>();
            for (Map.Entry<String, List<T>> e : byName.entrySet()) {
                List<T> same = new ArrayList<>(e.getValue());
                same.sort(Comparator.comparing(p -> p.getClass().getName()));
                providers.add(same.getFirst());
                if (same.size() > 1) {
                    duplicates.add(e.getKey() + ": kept " + same.getFirst().getClass().getName() + ", ignored "
                            + same.subList(1, same.size()).stream().map(p -> p.getClass().getName())
                            .collect(Collectors.joining(", ")));
                }
            }
            providers.sort(Comparator.comparing(RinglabProvider::name));
            return new Loaded<>(Collections.unmodifiableList(providers), List.copyOf(duplicates));
        }
    }
}
