package org.ringlab.bench.cli;

import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.ProviderRegistry;
import org.ringlab.api.RinglabProvider;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/** Turns a provider name typed on the command line into an available provider, or a clear error. */
final class Strategies {

    private Strategies() {
    }

    static MemoryStrategy requireAvailable(CommandSpec spec, ProviderRegistry<MemoryStrategy> registry, String name) {
        return requireAvailable(spec, registry, "memory strategy", name);
    }

    /** {@code kind} names the registry in messages: "memory strategy", "growth strategy". */
    static <T extends RinglabProvider> T requireAvailable(CommandSpec spec, ProviderRegistry<T> registry, String kind,
                                                          String name) {
        T s = registry.find(name).orElseThrow(() -> new ParameterException(spec.commandLine(),
                "unknown " + kind + " '" + name + "'; known: "
                        + (registry.names().isEmpty() ? "none discovered" : String.join(", ", registry.names()))));
        if (!s.availability().isAvailable()) {
            throw new ParameterException(spec.commandLine(), kind + " '" + name + "' is unavailable here: "
                    + s.availability().reason());
        }
        return s;
    }
}
