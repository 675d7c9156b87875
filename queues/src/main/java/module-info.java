/** Queue disciplines on any RingMemory (spsc, napi, the seeds' baselines) and the driver buffer pool. */
module org.ringlab.queues {
    requires transitive org.ringlab.api;

    exports org.ringlab.queues.spsc;
    exports org.ringlab.queues.napi;
    exports org.ringlab.queues.pool;
    exports org.ringlab.queues.baseline;

    provides org.ringlab.api.QueueDiscipline with
            org.ringlab.queues.spsc.SpscDiscipline,
            org.ringlab.queues.napi.NapiDiscipline,
            org.ringlab.queues.baseline.LockedListDiscipline;
}
