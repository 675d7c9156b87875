package org.ringlab.conformance.kit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.state.Action;
import net.jqwik.api.state.ActionChain;
import net.jqwik.api.state.Transformer;

import org.ringlab.api.support.ElementRing;
import org.ringlab.api.RingMemory;
import org.ringlab.api.RingSpec;

/**
 * Seed 000's {@link ElementRing} on the cell's memory as a jqwik action chain against an
 * {@link ArrayDeque} of the last {@code slots} elements: put and seek (filled in place)
 * interleaved, {@code element(i)} and the contiguous {@code history()} compared after them.
 */
public final class ElementRingContract {

    private ElementRingContract() {
    }

    static final class ElementState implements AutoCloseable {
        final RingMemory memory;
        final ElementRing ring;
        final int slots;
        final int elementSize;
        final ArrayDeque<byte[]> model = new ArrayDeque<>();
        long written;

        ElementState(Cell cell, int slots) {
            long capacity = cell.capacity();
            this.slots = slots;
            this.elementSize = Math.toIntExact(capacity / slots);
            this.memory = cell.strategy().allocate(RingSpec.ofCapacity(capacity));
            this.ring = new ElementRing(memory, elementSize);
        }

        byte[] next() {
            return MemoryContract.pattern(written++ * 1_000_003L, elementSize);
        }

        void remember(byte[] element) {
            model.addLast(element);
            if (model.size() > slots) {
                model.removeFirst();
            }
        }

        void put() {
            byte[] e = next();
            ring.put(MemorySegment.ofArray(e));
            remember(e);
        }

        void seek() {
            byte[] e = next();
            MemorySegment slot = ring.seek();
            assertEquals(elementSize, slot.byteSize(), "seek() slot size");
            MemorySegment.copy(MemorySegment.ofArray(e), 0, slot, 0, elementSize);
            remember(e);
        }

        void element(double which) {
            if (model.isEmpty()) {
                return;
            }
            int i = (int) Math.min(model.size() - 1, Math.floor(which * model.size()));
            List<byte[]> expected = new ArrayList<>(model);
            assertArrayEquals(expected.get(i), ring.element(i).toArray(ValueLayout.JAVA_BYTE), "element(" + i + ")");
        }

        void history() {
            byte[] history = ring.history().toArray(ValueLayout.JAVA_BYTE);
            assertEquals((long) model.size() * elementSize, history.length, "history() length");
            int i = 0;
            for (byte[] e : model) {
                assertArrayEquals(e, java.util.Arrays.copyOfRange(history, i * elementSize, (i + 1) * elementSize),
                        "history element " + i + " of " + model.size());
                i++;
            }
        }

        void invariants() {
            assertEquals(model.size(), ring.size(), "size()");
            assertEquals(slots, ring.slots(), "slots()");
        }

        @Override
        public void close() {
            memory.close();
        }
    }

    static Arbitrary<ActionChain<ElementState>> chains(Cell cell) {
        return Arbitraries.of(1, 2, 3, 4, 8).filter(slots -> cell.capacity() % slots == 0).flatMap(slots ->
                ActionChain.startWith(() -> ChainRunner.opened(new ElementState(cell, slots)))
                        .withAction(3, Action.<ElementState>just(Transformer.mutate("put", ElementState::put)))
                        .withAction(2, Action.<ElementState>just(Transformer.mutate("seek, fill in place", ElementState::seek)))
                        .withAction(2, (Action.Independent<ElementState>) () -> Arbitraries.doubles().between(0, 1)
                                .map(w -> Transformer.mutate("element at " + Math.round(w * 100) + "% of size()",
                                        s -> s.element(w))))
                        .withAction(2, Action.<ElementState>just(Transformer.mutate("history()", ElementState::history)))
                        .withMaxTransformations(30)
                        .map(chain -> chain.withInvariant("ring matches model", ElementState::invariants)));
    }

    /** Runs the element ring's chains on the cell's memory. */
    public static void check(Cell cell, KitSettings settings) {
        cell.assumeAvailable();
        ChainRunner.run("element ring on " + cell.displayName(), chains(cell), settings);
    }
}
