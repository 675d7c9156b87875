package org.ringlab.bench.driver.scenario;

/**
 * What one run of one variant measured. Counts are exact; times are wall ({@code System.nanoTime})
 * or the consumer thread's CPU time (ThreadMXBean; -1 where the JVM cannot measure it).
 *
 * @param variant         what ran
 * @param offered         packets the NIC delivered to the receive path
 * @param droppedRingFull packets dropped because the ring was full
 * @param droppedNoBuffer packets dropped because no buffer was left (pool exhausted, malloc failed)
 * @param delivered       packets the consumer processed (parsed, checksummed, worked on)
 * @param interrupts      interrupts raised, each paid by the consumer (its wake-ups)
 * @param parks           times the consumer parked
 * @param offerNanos      wall time the NIC took to deliver {@code offered}
 * @param wallNanos       wall time from the first packet until the consumer had processed the last
 * @param consumerCpuNanos the consumer's CPU time over the run
 */
public record DriverRun(DriverVariant variant, long offered, long droppedRingFull, long droppedNoBuffer,
                        long delivered, long interrupts, long parks, long offerNanos, long wallNanos,
                        long consumerCpuNanos) {

    public long dropped() {
        return droppedRingFull + droppedNoBuffer;
    }

    public double lossPercent() {
        return 100.0 * dropped() / offered;
    }

    public double deliveredPerSecond() {
        return delivered / (wallNanos / 1e9);
    }

    public double offeredPerSecond() {
        return offered / (offerNanos / 1e9);
    }

    /** The consumer's CPU time per processed packet, interrupts included; NaN if not measured. */
    public double cpuNanosPerPacket() {
        return consumerCpuNanos < 0 || delivered == 0 ? Double.NaN : (double) consumerCpuNanos / delivered;
    }

    /** The consumer's CPU time as a share of the run's wall time (seed 001's "CPU resources"). */
    public double cpuPercent() {
        return consumerCpuNanos < 0 ? Double.NaN : 100.0 * consumerCpuNanos / wallNanos;
    }

    public double wakeUpsPerPacket() {
        return delivered == 0 ? Double.NaN : (double) interrupts / delivered;
    }
}
