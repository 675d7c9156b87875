package org.ringlab.api;

import java.util.concurrent.atomic.AtomicReference;
import org.ringlab.api.support.FallbackChain;

/**
 * The process-wide registries, one per service, loaded on first use, and the default mirrored
 * strategy chosen among them ({@link #defaultMirrored()}).
 */
public final class Registries {

    private static final System.Logger LOG = System.getLogger(StrategyChoice.class.getName());
    // The last choice logged, so that a choice is logged when it changes, not on every call.
    private static final AtomicReference<String> LOGGED = new AtomicReference<>();
    private static volatile String mirroredPin;

    private Registries() {
    }

    private static final class Memory {
        static final ProviderRegistry<MemoryStrategy> INSTANCE = ProviderRegistry.load(MemoryStrategy.class);
    }

    private static final class Growth {
        static final ProviderRegistry<GrowthStrategy> INSTANCE = ProviderRegistry.load(GrowthStrategy.class);
    }

    private static final class MappedFiles {
        static final ProviderRegistry<MappedFileStrategy> INSTANCE = ProviderRegistry.load(MappedFileStrategy.class);
    }

    private static final class Disciplines {
        static final ProviderRegistry<QueueDiscipline> INSTANCE = ProviderRegistry.load(QueueDiscipline.class);
    }

    public static ProviderRegistry<MemoryStrategy> memoryStrategies() {
        return Memory.INSTANCE;
    }

    public static ProviderRegistry<GrowthStrategy> growthStrategies() {
        return Growth.INSTANCE;
    }

    /** Providers of {@link MappedFile}s (seed 004's growing shared file). */
    public static ProviderRegistry<MappedFileStrategy> mappedFiles() {
        return MappedFiles.INSTANCE;
    }

    public static ProviderRegistry<QueueDiscipline> disciplines() {
        return Disciplines.INSTANCE;
    }

    /**
     * The default mirrored strategy: the first available of {@code mirrored-memfd},
     * {@code mirrored-shm}, {@code mirrored-tmpfile}, {@code mirrored-jna}, {@code mirrored-windows}
     * in that order, or the one pinned by {@link #pinMirrored(String)} or, failing that, by
     * {@code -Dringlab.mirrored=NAME}. The choice carries the reason every strategy before it was
     * skipped, and is logged (logger {@code org.ringlab.api.StrategyChoice}: DEBUG when the first choice is available, INFO
     * when some were skipped, WARNING when none is available) whenever it changes.
     */
    public static StrategyChoice defaultMirrored() {
        String pin = mirroredPin;
        StrategyChoice choice = pin == null ? FallbackChain.mirrored(memoryStrategies())
                : FallbackChain.choose(memoryStrategies(), FallbackChain.MIRRORED_ORDER, Capability.MIRRORED, pin,
                "Registries.pinMirrored(\"" + pin + "\")");
        String summary = choice.summary();
        if (!summary.equals(LOGGED.getAndSet(summary))) {
            System.Logger.Level level = choice.chosen().isEmpty() ? System.Logger.Level.WARNING
                    : choice.skipped().isEmpty() ? System.Logger.Level.DEBUG : System.Logger.Level.INFO;
            LOG.log(level, "default mirrored strategy: " + summary);
        }
        return choice;
    }

    /**
     * Pins the default mirrored strategy to {@code name}, over the system property; {@code null}
     * removes the pin. The name must be a discovered strategy with {@link Capability#MIRRORED}
     * ({@link IllegalArgumentException} listing the known names otherwise); it may be
     * unavailable, and {@link #defaultMirrored()} then says why instead of falling back.
     */
    public static void pinMirrored(String name) {
        if (name != null) {
            MemoryStrategy strategy = memoryStrategies().find(name).orElseThrow(() -> new IllegalArgumentException(
                    "no memory strategy named '" + name + "'; known: " + memoryStrategies().names()));
            if (!strategy.has(Capability.MIRRORED)) {
                throw new IllegalArgumentException("'" + name + "' is not a mirrored strategy; mirrored ones: "
                        + memoryStrategies().all().stream().filter(s -> s.has(Capability.MIRRORED))
                        .map(MemoryStrategy::name).toList());
            }
        }
        mirroredPin = name;
    }
}
