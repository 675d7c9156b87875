/**
 * The ringlab SPI: memory strategies, growth strategies and queue disciplines, the registry
 * that discovers them, and the value types they share. Depends on the JDK only.
 */
module org.ringlab.api {
    exports org.ringlab.api;

    uses org.ringlab.api.MemoryStrategy;
    uses org.ringlab.api.GrowthStrategy;
    uses org.ringlab.api.QueueDiscipline;
    uses org.ringlab.api.MappedFileStrategy;
}
