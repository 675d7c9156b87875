/** Queue disciplines (spsc, broadcast, napi) and baselines; arrives with the queue-discipline issue. */
module org.ringlab.queues {
    requires org.ringlab.api;
}
