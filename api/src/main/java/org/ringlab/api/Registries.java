package org.ringlab.api;

/** The process-wide registries, one per service, loaded on first use. */
public final class Registries {

    private Registries() {
    }

    private static final class Memory {
        static final ProviderRegistry<MemoryStrategy> INSTANCE = ProviderRegistry.load(MemoryStrategy.class);
    }

    private static final class Growth {
        static final ProviderRegistry<GrowthStrategy> INSTANCE = ProviderRegistry.load(GrowthStrategy.class);
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

    public static ProviderRegistry<QueueDiscipline> disciplines() {
        return Disciplines.INSTANCE;
    }
}
