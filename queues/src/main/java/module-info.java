/** Queue disciplines on any RingMemory: spsc, and the seeds' baselines. */
module org.ringlab.queues {
    requires transitive org.ringlab.api;

    exports org.ringlab.queues.spsc;

    provides org.ringlab.api.QueueDiscipline with
            org.ringlab.queues.spsc.SpscDiscipline;
}
