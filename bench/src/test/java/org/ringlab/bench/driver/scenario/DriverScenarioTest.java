package org.ringlab.bench.driver.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

import org.junit.jupiter.api.Test;
import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.Registries;

class DriverScenarioTest {

    /** A low rate the consumer keeps up with on any machine: 100 ms of ring at 10k packets/s. */
    private static final ScenarioConfig SLOW = ScenarioConfig.seed(100_000_000L).withRate(10_000).withInterruptNanos(200);

    private static MemoryStrategy strategy() {
        return Registries.defaultMirrored().chosen().orElseGet(() -> Registries.memoryStrategies().available().get(0));
    }

    @Test
    void everyVariantDeliversEveryPacketAtALowRateAndCountsItsInterrupts() throws InterruptedException {
        SpinWork spin = SpinWork.calibrate();
        for (DriverVariant v : DriverVariant.STANDARD) {
            DriverRun r = DriverScenario.run(v, SLOW, strategy(), spin);
            assertEquals(SLOW.packets(), r.offered(), v.name());
            assertEquals(0, r.dropped(), v.name() + " dropped at 10k/s: " + r);
            assertEquals(r.offered(), r.delivered(), v.name());
            if (v.interrupts() == DriverVariant.Interrupts.PER_PACKET) {
                assertEquals(r.delivered(), r.interrupts(), v.name() + ": one interrupt per packet");
                assertEquals(1.0, r.wakeUpsPerPacket(), v.name());
            } else {
                assertTrue(r.interrupts() >= 1 && r.interrupts() <= r.delivered(), v.name() + ": " + r);
            }
        }
    }

    @Test
    void theFlowTableSeesEveryPacketOnce() throws InterruptedException {
        ScenarioConfig c = SLOW.withDurationNanos(20_000_000L).withFlowTableBytes(1 << 20);
        DriverRun r = DriverScenario.run(DriverVariant.AFTER, c, strategy(), SpinWork.calibrate());
        assertEquals(c.packets(), r.delivered());
    }

    @Test
    void framesVerifyAndACorruptedByteFailsTheChecksum() {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment b = a.allocate(2048);
            for (int len : new int[] {64, 128, 1500}) {
                SyntheticFrame.write(b, len, 12345 + len, 7);
                assertEquals(12345 + len, SyntheticFrame.verify(b, len));
                assertEquals(7, SyntheticFrame.flow(b));
                for (int at : new int[] {13, 20, 40, 45, len - 1}) {
                    byte old = b.get(ValueLayout.JAVA_BYTE, at);
                    b.set(ValueLayout.JAVA_BYTE, at, (byte) (old ^ 0x10));
                    assertEquals(SyntheticFrame.BAD, SyntheticFrame.verify(b, len), "byte " + at + " of " + len);
                    b.set(ValueLayout.JAVA_BYTE, at, old);
                }
            }
        }
    }

    @Test
    void theCalibratedLoopIsNotFoldedAway() {
        // A loop-carried rotate-xor-add takes at least one cycle per step: under 5 GHz, ≥ 0.2 ns.
        // (A multiply-add chain calibrated at 0.039 ns per step once C2 had folded it.)
        assertTrue(SpinWork.calibrate().nanosPerIteration() >= 0.2, "folded: " + SpinWork.calibrate().nanosPerIteration());
    }

    @Test
    void spinWorkConvertsNanosToIterations() {
        SpinWork s = SpinWork.withNanosPerIteration(0.5);
        assertEquals(0, s.iterationsFor(0));
        assertEquals(2000, s.iterationsFor(1000));
        assertThrows(IllegalArgumentException.class, () -> s.iterationsFor(-1));
        assertTrue(SpinWork.seedInterruptNanos() > 0);
    }

    @Test
    void badKnobsAreRefusedNamingTheValue() {
        var e = assertThrows(IllegalArgumentException.class, () -> SLOW.withPacketBytes(63));
        assertTrue(e.getMessage().contains("63"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> SLOW.withRate(0));
        assertTrue(e.getMessage().contains("rate 0"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> DriverVariant.named("fastest"));
        assertTrue(e.getMessage().contains("fastest") && e.getMessage().contains("before"), e.getMessage());
        assertEquals(DriverVariant.SPSC_ONLY, DriverVariant.named("spsc-only"));
    }
}
