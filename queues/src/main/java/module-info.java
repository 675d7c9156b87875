/**
 * Queue disciplines on any RingMemory: spsc, broadcast (QSARC), napi, the seeds' baselines
 * (locked-list, copy-per-consumer); the stream framer and the driver buffer pool.
 */
module org.ringlab.queues {
    requires transitive org.ringlab.api;

    exports org.ringlab.queues.spsc;
    exports org.ringlab.queues.broadcast;
    exports org.ringlab.queues.framing;
    exports org.ringlab.queues.napi;
    exports org.ringlab.queues.pool;
    exports org.ringlab.queues.baseline;

    provides org.ringlab.api.QueueDiscipline with
            org.ringlab.queues.spsc.SpscDiscipline,
            org.ringlab.queues.broadcast.BroadcastDiscipline,
            org.ringlab.queues.napi.NapiDiscipline,
            org.ringlab.queues.baseline.LockedListDiscipline,
            org.ringlab.queues.baseline.CopyPerConsumerDiscipline;
}
