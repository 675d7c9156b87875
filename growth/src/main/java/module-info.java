/**
 * Seed 002's growth measurement: one buffer grown to a target size in fixed appends, with its
 * peak resident memory, moves, copies and time. Pure Java over the api (the strategies come
 * from {@link org.ringlab.api.Registries#growthStrategies()}; the RSS accounting is
 * {@link org.ringlab.growth.ProcSelf}); its tests run every discovered growth strategy.
 */
module org.ringlab.growth {
    requires transitive org.ringlab.api;

    exports org.ringlab.growth;
}
