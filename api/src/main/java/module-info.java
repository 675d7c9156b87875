/**
 * The ringlab SPI: memory strategies, growth strategies and queue disciplines, the registry
 * that discovers them, and the value types they share. Depends on the JDK only.
 *
 * <p>Only {@code org.ringlab.api} is exported to everyone. The helpers ringlab's own modules
 * share ({@code org.ringlab.api.support}: deferred unmapping, in-flight handles, the fallback
 * chain, cleanup, remembered probes, the element ring) and the test hooks
 * ({@code org.ringlab.api.testing}: native-call faults, simulated refusals) are exported only
 * to the modules that use them, so a user's code cannot reach them on the module path.
 */
module org.ringlab.api {
    exports org.ringlab.api;
    exports org.ringlab.api.support to
            org.ringlab.heap,
            org.ringlab.linux,
            org.ringlab.windows,
            org.ringlab.jna,
            org.ringlab.queues,
            org.ringlab.growth,
            org.ringlab.conformance,
            org.ringlab.bench;
    exports org.ringlab.api.testing to
            org.ringlab.linux,
            org.ringlab.jna,
            org.ringlab.conformance,
            org.ringlab.bench;

    uses org.ringlab.api.MemoryStrategy;
    uses org.ringlab.api.GrowthStrategy;
    uses org.ringlab.api.QueueDiscipline;
    uses org.ringlab.api.MappedFileStrategy;
}
