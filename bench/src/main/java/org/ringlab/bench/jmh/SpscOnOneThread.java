package org.ringlab.bench.jmh;

import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;
import org.ringlab.api.QueueConsumer;
import org.ringlab.api.QueueProducer;

/**
 * An spsc queue whose producer and consumer are both the benchmark's one thread: no cache line
 * moves between cores, so what is timed is the instruction path, and with {@code -prof gc}
 * whether it allocates. A subclass says which queue ({@link #open}); its measured methods spell
 * out their calls on {@link #producer} and {@link #consumer}.
 */
public abstract class SpscOnOneThread extends JmhRun {

    QueueBench bench;
    QueueProducer producer;
    QueueConsumer consumer;

    /** The queue of this trial, from the subclass's {@code @Param}s. */
    abstract QueueBench open();

    @Setup(Level.Trial)
    public void openQueue() {
        bench = open();
        producer = bench.queue.producer();
        consumer = bench.queue.consumer(0);
    }

    @TearDown(Level.Trial)
    public void closeQueue() {
        bench.close();
    }
}
