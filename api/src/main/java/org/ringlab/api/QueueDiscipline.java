package org.ringlab.api;

/**
 * How producers and consumers move records through a {@link RingMemory}: a
 * {@link java.util.ServiceLoader} service, discovered through {@link Registries#disciplines()}.
 * Any discipline runs on any strategy; one that needs a capability says so in
 * {@link #supports(MemoryStrategy)}.
 */
public interface QueueDiscipline extends RinglabProvider {

    /** Whether this discipline can run on memory of {@code strategy}, and why not. */
    default Availability supports(MemoryStrategy strategy) {
        return Availability.available();
    }

    /**
     * Builds a queue on {@code memory}; the queue does not own the memory. The discipline picks
     * its implementation from the memory's type ({@link MirrorViewMemory}, {@link GrowableRingMemory},
     * {@link SegmentPathMemory}). Throws {@link IllegalStateException} when the memory is closed.
     */
    RecordQueue create(RingMemory memory, QueueSpec spec);
}
