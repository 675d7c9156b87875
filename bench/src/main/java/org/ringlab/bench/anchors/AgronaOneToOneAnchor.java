package org.ringlab.bench.anchors;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.MessageHandler;
import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.ringbuffer.OneToOneRingBuffer;
import org.agrona.concurrent.ringbuffer.RingBufferDescriptor;

/**
 * Agrona's {@link OneToOneRingBuffer} on off-heap memory: 8-byte record headers, records
 * aligned to 8 bytes, the consumer zeroes what it read before it frees it (Agrona's design, part
 * of its cost). {@link #poll} reads one message per call, like every other anchor; a record
 * that would cross the end of the buffer starts at index 0 after a padding record.
 */
final class AgronaOneToOneAnchor extends ThirdPartyAnchor {

    static final String NAME = "agrona-one-to-one";
    private static final int MESSAGE_TYPE = 1;

    private final Arena arena = Arena.ofShared();
    private final OneToOneRingBuffer ring;
    private final UnsafeBuffer source = new UnsafeBuffer(new byte[0]);
    private byte[] wrapped;  // the array {@link #source} views; re-wrapped only when the caller changes it
    private final CopyOut copyOut = new CopyOut();

    AgronaOneToOneAnchor(int recordSize, int capacity) {
        super(NAME, recordSize);
        try {
            MemorySegment memory = arena.allocate(capacity + RingBufferDescriptor.TRAILER_LENGTH, 64);
            ring = new OneToOneRingBuffer(new UnsafeBuffer(memory.address(), (int) memory.byteSize()));
        } catch (RuntimeException | Error e) {
            arena.close();
            throw e;
        }
        if (recordSize > ring.maxMsgLength()) {
            arena.close();
            throw new IllegalArgumentException("a record of " + recordSize + " bytes exceeds Agrona's largest message of "
                    + ring.maxMsgLength() + " bytes in a ring of " + capacity);
        }
    }

    @Override
    public boolean offer(byte[] src) {
        if (src != wrapped) {
            source.wrap(src);
            wrapped = src;
        }
        return ring.write(MESSAGE_TYPE, source, 0, recordSize);
    }

    @Override
    public int poll(byte[] dst) {
        copyOut.dst = dst;
        copyOut.length = EMPTY;
        if (ring.read(copyOut, 1) == 0) {
            // A read that reaches the padding record at the end of the buffer consumes it and
            // stops there; the record after it (at index 0) needs a second read.
            ring.read(copyOut, 1);
        }
        return copyOut.length;
    }

    @Override
    public void close() {
        arena.close();
    }

    /** Copies the message Agrona hands over into the caller's array. */
    private static final class CopyOut extends PaddedCopyOut implements MessageHandler {
        @Override
        public void onMessage(int msgTypeId, MutableDirectBuffer buffer, int index, int length) {
            checkFits(length, dst);
            buffer.getBytes(index, dst, 0, length);
            this.length = length;
        }
    }
}
