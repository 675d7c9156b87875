package org.ringlab.bench.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;

import org.ringlab.api.ProviderRegistry;
import org.ringlab.api.RinglabProvider;
import org.ringlab.bench.util.Providers;
import org.ringlab.bench.util.Sizes;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/** Option checks the experiments share; each failure is a {@link ParameterException} naming the option. */
public final class Options {

    private Options() {
    }

    /** A positive size typed as bytes or K/M/G. */
    public static long size(CommandSpec spec, String option, String text) {
        long v;
        try {
            v = Sizes.parse(text);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), option + ": " + e.getMessage());
        }
        if (v <= 0) {
            throw new ParameterException(spec.commandLine(), option + ": size must be positive, got " + text);
        }
        return v;
    }

    /** Creates the --out directory now, so that a bad one is found before minutes of measuring. */
    public static void createOutDirectory(CommandSpec spec, Path out) {
        if (out == null) {
            return;
        }
        try {
            Files.createDirectories(out);
        } catch (IOException | UnsupportedOperationException e) {
            throw new ParameterException(spec.commandLine(), "--out: cannot create the directory " + out + ": " + e);
        }
    }

    /** {@code value}, when given, is at least {@code least}. */
    public static void atLeast(CommandSpec spec, String option, Number value, long least) {
        if (value != null && value.longValue() < least) {
            throw new ParameterException(spec.commandLine(), option + " must be at least " + least + ", got " + value);
        }
    }

    /** {@code dir} as an absolute path, refused unless it is a writable directory. */
    public static Path writableDirectory(CommandSpec spec, String option, Path dir) {
        if (!Files.isDirectory(dir) || !Files.isWritable(dir)) {
            throw new ParameterException(spec.commandLine(), option + " " + dir + " is not a writable directory");
        }
        return dir.toAbsolutePath();
    }

    /**
     * The providers named on the command line (each must exist and be available, else refused
     * naming {@code kind}: "memory strategy", "growth strategy"), or every available one when none
     * is named; the unavailable ones left out are added to {@code skipped}.
     */
    static <T extends RinglabProvider> List<T> choose(CommandSpec spec, ProviderRegistry<T> registry, String kind,
                                                      List<String> names, List<String> skipped) {
        if (names.isEmpty()) {
            return Providers.available(registry.all(), skipped);
        }
        List<T> chosen = new ArrayList<>();
        for (String name : new LinkedHashSet<>(names)) {
            T p = registry.find(name).orElseThrow(() -> new ParameterException(spec.commandLine(), "unknown " + kind
                    + " '" + name + "'; known: "
                    + (registry.names().isEmpty() ? "none discovered" : String.join(", ", registry.names()))));
            if (!p.availability().isAvailable()) {
                throw new ParameterException(spec.commandLine(), kind + " '" + name + "' is unavailable here: "
                        + p.availability().reason());
            }
            chosen.add(p);
        }
        return chosen;
    }
}
