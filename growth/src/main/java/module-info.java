/**
 * The growth axis, beside the growth SPI the api holds ({@code GrowthStrategy},
 * {@code GrowableBuffer}, {@code GrowthPolicy}, whose types appear in the api's own
 * signatures): {@link org.ringlab.growth.AbstractGrowableBuffer}, the base of ringlab's growable
 * buffers (backend-heap and backend-linux require this module for it); the RSS accounting,
 * {@link org.ringlab.growth.ProcSelf}; and seed 002's measurement, one buffer grown to a target
 * size in fixed appends with its peak resident memory, moves, copies and time. Pure Java over
 * the api; the strategies come from {@link org.ringlab.api.Registries#growthStrategies()}, and
 * the tests that run every discovered one live with the matrix in conformance-tests.
 */
module org.ringlab.growth {
    requires transitive org.ringlab.api;

    exports org.ringlab.growth;
}
