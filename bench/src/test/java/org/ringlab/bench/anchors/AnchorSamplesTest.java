package org.ringlab.bench.anchors;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/** What a child JVM prints is what its parent reads back, exactly; a truncated output is refused. */
class AnchorSamplesTest {

    @Test
    void linesRoundTripExactly() {
        AnchorSamples s = AnchorSamples.empty(3);
        double v = 0.1;
        for (double[][] table : List.of(s.rate(), s.bandwidth(), s.latency(), s.path(), s.mechanism(),
                s.mechanismBytes(), s.drain())) {
            for (double[] row : table) {
                for (int r = 0; r < row.length; r++) {
                    row[r] = v;
                    v = v * 3.7 + 1e-9;
                }
            }
        }
        List<String> printed = new ArrayList<>(List.of("WARNING: some JVM chatter"));
        printed.addAll(s.lines());
        assertEquals(s, AnchorSamples.parse(printed, 3, "x"));
    }

    @Test
    void notMeasuredFiguresRoundTripAsNaN() {
        AnchorSamples s = AnchorSamples.empty(2);
        s.path()[0][1] = 42.5;
        AnchorSamples back = AnchorSamples.parse(s.lines(), 2, "agrona-one-to-one");
        assertEquals(s, back);
        assertTrue(Double.isNaN(back.mechanism()[0][0]) && Double.isNaN(back.drain()[3][1]), back.toString());
    }

    @Test
    void roundsConcatenateInRoundOrder() {
        AnchorSamples a = AnchorSamples.empty(2);
        AnchorSamples b = AnchorSamples.empty(1);
        a.path()[0][0] = 1;
        a.path()[0][1] = 2;
        b.path()[0][0] = 3;
        b.drain()[1][0] = 7;
        AnchorSamples both = AnchorSamples.concat(List.of(a, b));
        assertArrayEquals(new double[] {1, 2, 3}, both.path()[0]);
        assertEquals(7, both.drain()[1][2]);
        assertArrayEquals(new int[] {0, 0, 1}, AnchorsExperiment.forkIndices(List.of(a, b)));
    }

    @Test
    void aMissingRowOrAWrongCountIsAnError() {
        List<String> lines = new ArrayList<>(AnchorSamples.empty(2).lines());
        lines.removeLast();
        IllegalStateException missing = assertThrows(IllegalStateException.class,
                () -> AnchorSamples.parse(lines, 2, "disruptor"));
        assertTrue(missing.getMessage().startsWith("disruptor: the child's output lacks rows"), missing.getMessage());
        IllegalStateException count = assertThrows(IllegalStateException.class,
                () -> AnchorSamples.parse(List.of("rate 0 1.0"), 2, "disruptor"));
        assertTrue(count.getMessage().contains("'rate 0 1.0'"), count.getMessage());
    }
}
