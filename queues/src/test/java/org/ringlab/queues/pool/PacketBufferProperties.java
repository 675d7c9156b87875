package org.ringlab.queues.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/**
 * {@link PacketBuffer} against a byte-array model of the whole buffer: push, pull, put and
 * trim (by length and with bytes) move only the two offsets. The model never moves a byte, so
 * "data bytes equal at equal absolute offsets" after every step means nothing was copied. A
 * length below zero or beyond the room throws, names the length, and changes nothing.
 */
class PacketBufferProperties {

    enum Op { PUSH, PULL, PUT, TRIM, PUSH_BYTES, PUT_BYTES }

    /** {@code length} relative to the room for that op: 0..1 fits, above 1 does not, below 0 is negative. */
    record Action(Op op, double length) {
    }

    @Provide
    Arbitrary<List<Action>> actions() {
        Arbitrary<Double> lengths = Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(10, Arbitraries.doubles().between(0, 1).withSpecialValue(1.0).withSpecialValue(0.0)),
                net.jqwik.api.Tuple.of(1, Arbitraries.doubles().between(1.01, 3)),
                net.jqwik.api.Tuple.of(1, Arbitraries.doubles().between(-2, -0.01)));
        return Combinators.combine(Arbitraries.of(Op.class), lengths).as(Action::new).list().ofMinSize(1).ofMaxSize(80);
    }

    @Property(tries = 400)
    void offsetsMoveAndBytesStay(@ForAll @IntRange(min = 1, max = 256) int capacity,
                                 @ForAll @IntRange(min = 0, max = 256) int headroom,
                                 @ForAll boolean fromPool,
                                 @ForAll("actions") List<Action> actions) {
        int reserved = Math.min(headroom, capacity);
        if (fromPool) {
            try (BufferPool pool = BufferPool.create(2, capacity, BufferPool.Threading.SINGLE_THREAD)) {
                pool.allocate(); // the packet below is the second buffer: offsets stay buffer-relative
                run(pool.allocatePacket(reserved), actions);
            }
        } else {
            run(PacketBuffer.wrap(MemorySegment.ofArray(new byte[capacity]), reserved), actions);
        }
    }

    private static void run(PacketBuffer p, List<Action> actions) {
        int capacity = p.capacity();
        byte[] model = new byte[capacity];
        int data = p.dataOffset();
        int tail = data;
        int fill = 1;
        for (Action a : actions) {
            int room = switch (a.op()) {
                case PUSH, PUSH_BYTES -> data;
                case PULL, TRIM -> tail - data;
                case PUT, PUT_BYTES -> capacity - tail;
            };
            int n = a.length() < 0 ? (int) Math.floor(a.length() * 10) - 1
                    : a.length() > 1 ? room + 1 + (int) (a.length() * 10) : (int) Math.round(a.length() * room);
            if (n < 0 && (a.op() == Op.PUSH_BYTES || a.op() == Op.PUT_BYTES)) {
                n = room - n; // a segment has no negative size: too many bytes instead
            }
            if (n < 0 || n > room) {
                int bad = n;
                IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> apply(p, a.op(), bad, new byte[Math.max(bad, 0)]));
                assertTrue(e.getMessage().contains(" of " + bad + " bytes"), e.getMessage());
            } else {
                byte[] bytes = new byte[n];
                for (int i = 0; i < n; i++) {
                    bytes[i] = (byte) (fill++ * 13);
                }
                int returned = apply(p, a.op(), n, bytes);
                switch (a.op()) {
                    case PUSH, PUSH_BYTES -> {
                        data -= n;
                        System.arraycopy(bytes, 0, model, data, n);
                        assertEquals(data, returned);
                    }
                    case PULL -> {
                        data += n;
                        assertEquals(data, returned);
                    }
                    case PUT, PUT_BYTES -> {
                        System.arraycopy(bytes, 0, model, tail, n);
                        assertEquals(tail, returned);
                        tail += n;
                    }
                    case TRIM -> {
                        tail -= n;
                        assertEquals(tail, returned);
                    }
                }
            }
            assertEquals(data, p.dataOffset(), "data offset after " + a);
            assertEquals(tail, p.tailOffset(), "tail offset after " + a);
            assertEquals(data, p.headroom());
            assertEquals(tail - data, p.length());
            assertEquals(capacity - tail, p.tailroom());
            for (int i = data; i < tail; i++) {
                assertEquals(model[i], p.buffer().get(ValueLayout.JAVA_BYTE, i), "byte " + i + " after " + a);
            }
            assertEquals(tail - data, p.data().byteSize());
        }
    }

    /** Applies one op; the plain ones then write the bytes at the returned offset, as a caller would. */
    private static int apply(PacketBuffer p, Op op, int n, byte[] bytes) {
        MemorySegment src = MemorySegment.ofArray(bytes);
        return switch (op) {
            case PUSH -> {
                int at = p.push(n);
                MemorySegment.copy(src, 0, p.buffer(), at, n);
                yield at;
            }
            case PUT -> {
                int at = p.put(n);
                MemorySegment.copy(src, 0, p.buffer(), at, n);
                yield at;
            }
            case PULL -> p.pull(n);
            case TRIM -> p.trim(n);
            case PUSH_BYTES -> p.push(src);
            case PUT_BYTES -> p.put(src);
        };
    }
}
