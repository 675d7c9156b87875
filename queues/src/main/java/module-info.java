/**
 * Queue disciplines on any RingMemory: spsc, broadcast (QSARC), napi, the seeds' baselines
 * (locked-list, copy-per-consumer); the stream framer and the driver buffer pool; and the
 * mapped-file queue, on a {@link org.ringlab.api.MappedFile} found through the api's registry.
 */
module org.ringlab.queues {
    requires transitive org.ringlab.api;

    exports org.ringlab.queues.spsc;
    exports org.ringlab.queues.broadcast;
    exports org.ringlab.queues.framing;
    exports org.ringlab.queues.napi;
    exports org.ringlab.queues.pool;
    exports org.ringlab.queues.baseline;
    // Seed 004's growing single-writer, multi-reader queue on a mapped file.
    exports org.ringlab.queues.mapped;

    provides org.ringlab.api.QueueDiscipline with
            org.ringlab.queues.spsc.SpscDiscipline,
            org.ringlab.queues.broadcast.BroadcastDiscipline,
            org.ringlab.queues.napi.NapiDiscipline,
            org.ringlab.queues.baseline.LockedListDiscipline,
            org.ringlab.queues.baseline.CopyPerConsumerDiscipline;
}
