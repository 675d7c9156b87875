package org.ringlab.bench.driver.scenario;

/** Seed 001's "before": every packet raises an interrupt, whether the consumer is busy or parked. */
final class PerPacketInterrupts extends InterruptLine {

    @Override
    void packetEnqueued() {
        raise();
        wakeIfArmed();
    }

    /** The consumer looks at the line after every drain. */
    @Override
    int budget(int batch) {
        return batch;
    }

    @Override
    String describe() {
        return "interrupt per packet";
    }
}
