package org.ringlab.bench.util;

import java.util.ArrayList;
import java.util.List;

import org.ringlab.api.ProviderRegistry;
import org.ringlab.api.RinglabProvider;

/** Which of a registry's providers an experiment runs: the available ones, the rest named with the reason. */
public final class Providers {

    private Providers() {
    }

    /** The available ones of {@code providers}, in order; each unavailable one is added to {@code skipped} with why. */
    public static <T extends RinglabProvider> List<T> available(List<T> providers, List<String> skipped) {
        List<T> chosen = new ArrayList<>();
        for (T p : providers) {
            if (p.availability().isAvailable()) {
                chosen.add(p);
            } else {
                skipped.add(p.name() + " (unavailable: " + p.availability().reason() + ")");
            }
        }
        return chosen;
    }

    /**
     * The available providers of {@code registry} among {@code names} (every one when empty), the
     * unavailable ones added to {@code skipped}; refused, naming {@code kind} and what was asked,
     * when none is left.
     */
    public static <T extends RinglabProvider> List<T> chosen(ProviderRegistry<T> registry, List<String> names,
                                                             String kind, List<String> skipped) {
        List<T> chosen = available(registry.all().stream().filter(p -> names.isEmpty() || names.contains(p.name()))
                .toList(), skipped);
        if (chosen.isEmpty()) {
            throw new IllegalArgumentException("no available " + kind + " among " + (names.isEmpty() ? registry.names()
                    : names) + (skipped.isEmpty() ? "" : "; " + skipped));
        }
        return chosen;
    }
}
