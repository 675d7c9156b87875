package org.ringlab.bench.driver.scenario;

import java.util.function.BooleanSupplier;

/**
 * Broken twin of {@link NapiInterrupts}: after announcing that it parks, the consumer does not
 * look at the ring again. A packet published between the consumer's last empty poll and its
 * {@link #arm} is then seen by neither side: the NIC found the line not armed, the consumer
 * parks with the packet in the ring. {@link InterruptLineStressTest} must catch this.
 */
final class NoRecheckNapiInterrupts extends NapiInterrupts {

    NoRecheckNapiInterrupts() {
        super(NapiInterrupts.SEED_BUDGET);
    }

    @Override
    boolean pendingAfterArming(BooleanSupplier pending) {
        return false;
    }
}
