package org.ringlab.bench.jmh;

import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/** The auxiliary counters of a producer thread and a consumer thread sharing one queue (a JMH {@code @Group}). */
public final class TwoThreadCounters {

    private TwoThreadCounters() {
    }

    /** Offers per iteration that found the queue full. */
    @AuxCounters(AuxCounters.Type.EVENTS)
    @State(Scope.Thread)
    public static class Producer {
        public long failedOffers;
    }

    /** Records received (the throughput), and polls or drains that found nothing. */
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    @State(Scope.Thread)
    public static class Consumer {
        public long records;
        public long emptyPolls;
    }
}
