package org.ringlab.bench.cli;

import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.ProviderRegistry;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/** Turns a strategy name typed on the command line into an available strategy, or a clear error. */
final class Strategies {

    private Strategies() {
    }

    static MemoryStrategy requireAvailable(CommandSpec spec, ProviderRegistry<MemoryStrategy> registry, String name) {
        MemoryStrategy s = registry.find(name).orElseThrow(() -> new ParameterException(spec.commandLine(),
                "unknown memory strategy '" + name + "'; known: "
                        + (registry.names().isEmpty() ? "none discovered" : String.join(", ", registry.names()))));
        if (!s.availability().isAvailable()) {
            throw new ParameterException(spec.commandLine(), "memory strategy '" + name + "' is unavailable here: "
                    + s.availability().reason());
        }
        return s;
    }
}
