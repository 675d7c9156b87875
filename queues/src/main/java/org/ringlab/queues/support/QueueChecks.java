package org.ringlab.queues.support;

import java.lang.foreign.MemorySegment;

import org.ringlab.api.QueueSpec;

/**
 * The argument checks every discipline makes the same way (the queue contract in the SPI
 * javadoc of {@code QueueProducer}/{@code QueueConsumer}); each message names the bad value.
 * Cold paths: the hot paths call them only where a check is needed anyway.
 */
public final class QueueChecks {

    private QueueChecks() {
    }

    /**
     * Validates every element of a batch before any is written: a null element or one of a
     * length the spec refuses throws, naming its index and length, and nothing is published.
     * The mode and the size are read once: the loop per element is a null test, a
     * {@code byteSize()} and one compare; building the message is {@link #refuseElement}'s.
     */
    public static void checkBatch(QueueSpec spec, MemorySegment[] records, int offset, int count) {
        java.util.Objects.requireNonNull(records, "records");
        java.util.Objects.checkFromIndexSize(offset, count, records.length);
        long size = spec.recordSize();
        int end = offset + count;
        if (spec.mode() == QueueSpec.RecordMode.FIXED) {
            for (int i = offset; i < end; i++) {
                MemorySegment r = records[i];
                if (r == null || r.byteSize() != size) {
                    throw refuseElement(spec, r, i);
                }
            }
        } else {
            for (int i = offset; i < end; i++) {
                MemorySegment r = records[i];
                if (r == null || r.byteSize() > size) { // byteSize() is never negative
                    throw refuseElement(spec, r, i);
                }
            }
        }
    }

    /** Cold: the refusal of the batch element {@code r} at index {@code i}, naming the index and the length. */
    private static RuntimeException refuseElement(QueueSpec spec, MemorySegment r, int i) {
        if (r == null) {
            return new NullPointerException("the record at index " + i + " of the batch is null: nothing of the"
                    + " batch was published");
        }
        try {
            spec.checkRecordLength(r.byteSize());
        } catch (IllegalArgumentException e) {
            return new IllegalArgumentException("the record at index " + i + " of the batch: " + e.getMessage()
                    + "; nothing of the batch was published", e);
        }
        throw new AssertionError("record of " + r.byteSize() + " bytes at index " + i + " refused by the batch check"
                + " but accepted by " + spec);
    }

    /** The refusal of an offer while a claim of {@code claimLength} bytes is outstanding. */
    public static IllegalStateException claimOutstanding(long claimLength) {
        return new IllegalStateException("a claim of " + claimLength + " bytes is outstanding: commit it first (or"
                + " claim again to replace it)");
    }

    /** {@code dst} can take a record of {@code length} bytes, else the refusal naming both (the record stays queued). */
    public static void checkDestination(MemorySegment dst, long length) {
        if (dst.isReadOnly()) {
            throw new IllegalArgumentException("the destination is read-only: the record of " + length
                    + " bytes stays queued");
        }
        if (length > dst.byteSize()) {
            throw new IllegalArgumentException("record of " + length + " bytes does not fit the destination of "
                    + dst.byteSize() + " bytes: it stays queued");
        }
    }

    /**
     * The refusal of {@code call} (poll, peek, release or drain) on {@code consumer} while its
     * own drain runs the handler that made the call (the re-entry rule of {@code QueueConsumer}).
     * A consumer refuses before it reads or moves anything, so the drain under it goes on
     * delivering each record once, in order, whether the handler catches this or lets it out.
     */
    public static IllegalStateException reentered(String call, Object consumer) {
        return new IllegalStateException(call + " called from inside drain's handler on " + consumer
                + ": a handler must not poll, peek, release or drain the consumer whose drain called it (that"
                + " drain would deliver a record twice or lose one); the records it has not handed out stay queued");
    }

    /** {@code drain}'s arguments: a handler, and a positive limit. */
    public static void checkDrain(Object handler, int limit) {
        java.util.Objects.requireNonNull(handler, "handler");
        if (limit <= 0) {
            throw new IllegalArgumentException("drain limit must be positive, got " + limit);
        }
    }
}
