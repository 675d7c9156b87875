package org.ringlab.bench.anchors;

import com.lmax.disruptor.BusySpinWaitStrategy;
import com.lmax.disruptor.EventPoller;
import com.lmax.disruptor.RingBuffer;

/**
 * The LMAX Disruptor with one producer ({@link RingBuffer#createSingleProducer}) and one
 * consumer: preallocated events holding a byte array the record is copied into. The consumer
 * is an {@link EventPoller} (the Disruptor's non-blocking consumer, gating the producer through
 * its sequence) so the caller's thread polls like every other anchor's; the ring is built with
 * {@link BusySpinWaitStrategy}, whose publish signals nobody, and the caller spins.
 */
final class DisruptorAnchor extends ThirdPartyAnchor {

    static final String NAME = "disruptor";

    private final RingBuffer<Event> ring;
    private final EventPoller<Event> poller;
    private final CopyOut copyOut = new CopyOut();

    DisruptorAnchor(int recordSize, int slots) {
        super(NAME, recordSize);
        if (Integer.bitCount(slots) != 1) {
            throw new IllegalArgumentException("the Disruptor needs a power-of-two number of slots, got " + slots);
        }
        this.ring = RingBuffer.createSingleProducer(() -> new Event(recordSize), slots, new BusySpinWaitStrategy());
        this.poller = ring.newPoller();
        ring.addGatingSequences(poller.getSequence());
    }

    @Override
    public boolean offer(byte[] src) {
        // One producer: capacity seen here cannot be taken by anyone else before next().
        if (!ring.hasAvailableCapacity(1)) {
            return false;
        }
        long sequence = ring.next();
        System.arraycopy(src, 0, ring.get(sequence).bytes, 0, recordSize);
        ring.publish(sequence);
        return true;
    }

    @Override
    public int poll(byte[] dst) {
        copyOut.dst = dst;
        copyOut.length = EMPTY;
        try {
            poller.poll(copyOut);
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException("disruptor poll failed", e);
        }
        return copyOut.length;
    }

    /** One preallocated event. */
    private static final class Event {
        final byte[] bytes;

        Event(int size) {
            bytes = new byte[size];
        }
    }

    /** Copies one event out, then stops the poller so one poll consumes one record. */
    private static final class CopyOut extends PaddedCopyOut implements EventPoller.Handler<Event> {
        @Override
        public boolean onEvent(Event event, long sequence, boolean endOfBatch) {
            int n = event.bytes.length;
            checkFits(n, dst);
            System.arraycopy(event.bytes, 0, dst, 0, n);
            length = n;
            return false;
        }
    }
}
