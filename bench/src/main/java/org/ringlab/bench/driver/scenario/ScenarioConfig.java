package org.ringlab.bench.driver.scenario;

/**
 * The knobs of the whole-driver scenario; {@link #seed} gives seed 001's setup on this CPU.
 *
 * @param rate           packets per second the NIC delivers (seed 001: 1,488,095, 1 Gbit/s of 64-byte frames)
 * @param packetBytes    frame length (even, 64 … bufferBytes)
 * @param interruptNanos CPU the consumer spends per interrupt (seed 001: ~1,000 cycles)
 * @param workNanos      CPU per packet on top of parsing and checksumming it
 * @param durationNanos  how long the NIC delivers
 * @param ringEntries    receive ring slots (seed 001: RX_RING_SIZE 1024)
 * @param poolBuffers    buffers in the pool (seed 001: BUFFER_POOL_SIZE 2048)
 * @param bufferBytes    bytes per buffer (seed 001: rx_buffer_t data[2048])
 * @param budget         NAPI poll budget (seed 001: 64)
 * @param flows          flows the NIC's packets are spread over
 * @param flowTableBytes per-flow table the consumer updates per packet; 0 for none
 */
public record ScenarioConfig(long rate, int packetBytes, long interruptNanos, long workNanos, long durationNanos,
                             int ringEntries, int poolBuffers, int bufferBytes, int budget, int flows,
                             long flowTableBytes) {

    /** Bytes of an Ethernet frame on the wire beyond its length: preamble and start delimiter (8), gap (12). */
    public static final int WIRE_OVERHEAD = 20;
    /** 1 Gbit/s of 64-byte Ethernet frames, 84 bytes each on the wire: 1,488,095 a second. */
    public static final long GIGABIT_64_BYTE_FRAMES = 1_000_000_000L / ((64 + WIRE_OVERHEAD) * 8);
    public static final long MAX_RATE = 100_000_000;

    public ScenarioConfig {
        if (rate < 1 || rate > MAX_RATE) {
            throw new IllegalArgumentException("rate " + rate + " packets/s: allowed 1.." + MAX_RATE);
        }
        SyntheticFrame.checkLength(packetBytes, bufferBytes);
        if (interruptNanos < 0 || interruptNanos > 1_000_000) {
            throw new IllegalArgumentException("interrupt cost " + interruptNanos + " ns: allowed 0..1,000,000");
        }
        if (workNanos < 0 || workNanos > 1_000_000) {
            throw new IllegalArgumentException("per-packet work " + workNanos + " ns: allowed 0..1,000,000");
        }
        if (durationNanos < 1_000_000 || durationNanos > 600_000_000_000L) {
            throw new IllegalArgumentException("duration " + durationNanos + " ns: allowed 1 ms .. 600 s");
        }
        if (ringEntries < 1 || poolBuffers < 1 || budget < 1 || flows < 1) {
            throw new IllegalArgumentException("ring entries, pool buffers, budget and flows must be positive, got "
                    + ringEntries + ", " + poolBuffers + ", " + budget + ", " + flows);
        }
        if (flowTableBytes < 0) {
            throw new IllegalArgumentException("flow table bytes must be ≥ 0, got " + flowTableBytes);
        }
    }

    /** Seed 001's driver on this CPU, running {@code durationNanos}. */
    public static ScenarioConfig seed(long durationNanos) {
        return new ScenarioConfig(GIGABIT_64_BYTE_FRAMES, 64, SpinWork.seedInterruptNanos(), 0, durationNanos, 1024,
                2048, 2048, NapiInterrupts.SEED_BUDGET, 1024, 0);
    }

    public ScenarioConfig withRate(long r) {
        return new ScenarioConfig(r, packetBytes, interruptNanos, workNanos, durationNanos, ringEntries, poolBuffers,
                bufferBytes, budget, flows, flowTableBytes);
    }

    public ScenarioConfig withInterruptNanos(long ns) {
        return new ScenarioConfig(rate, packetBytes, ns, workNanos, durationNanos, ringEntries, poolBuffers,
                bufferBytes, budget, flows, flowTableBytes);
    }

    public ScenarioConfig withWorkNanos(long ns) {
        return new ScenarioConfig(rate, packetBytes, interruptNanos, ns, durationNanos, ringEntries, poolBuffers,
                bufferBytes, budget, flows, flowTableBytes);
    }

    public ScenarioConfig withPacketBytes(int bytes) {
        return new ScenarioConfig(rate, bytes, interruptNanos, workNanos, durationNanos, ringEntries, poolBuffers,
                bufferBytes, budget, flows, flowTableBytes);
    }

    public ScenarioConfig withDurationNanos(long ns) {
        return new ScenarioConfig(rate, packetBytes, interruptNanos, workNanos, ns, ringEntries, poolBuffers,
                bufferBytes, budget, flows, flowTableBytes);
    }

    public ScenarioConfig withFlowTableBytes(long bytes) {
        return new ScenarioConfig(rate, packetBytes, interruptNanos, workNanos, durationNanos, ringEntries, poolBuffers,
                bufferBytes, budget, flows, bytes);
    }

    /** Packets one run delivers. */
    public long packets() {
        return Math.max(1, (long) (rate * (durationNanos / 1e9)));
    }
}
