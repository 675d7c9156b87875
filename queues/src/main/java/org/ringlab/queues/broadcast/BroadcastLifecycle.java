package org.ringlab.queues.broadcast;

import java.util.Objects;

import org.ringlab.api.QueueSpec;
import org.ringlab.api.QueueSpec.RecordMode;
import org.ringlab.api.RingMemory;

/**
 * What a broadcast queue is and whether it is still open: its name, memory, spec and options,
 * the record lengths its slots take, and the closed flag every operation checks. Shared by the
 * queue and its handles; the checks are final methods of this final class, so every shape's
 * record path calls the same code with no dispatch.
 */
final class BroadcastLifecycle {

    final String disciplineName;
    final RingMemory memory;
    /** For the message after the memory closed (when {@code memory.strategyName()} throws). */
    final String strategyName;
    final QueueSpec spec;
    final BroadcastOptions options;
    /** Record lengths allowed: exactly the record size (FIXED) or 0 up to it (VARIABLE). */
    private final int minLength;
    private final int maxLength;
    private volatile boolean closed;

    BroadcastLifecycle(String disciplineName, RingMemory memory, QueueSpec spec, BroadcastOptions options) {
        spec.requireNoGrowth(disciplineName);
        BroadcastDescriptor.checkConsumers(spec.consumers());
        this.disciplineName = disciplineName;
        this.memory = memory;
        this.strategyName = memory.strategyName(); // throws on closed memory: no queue on it
        this.spec = spec;
        this.options = Objects.requireNonNull(options, "options");
        this.minLength = spec.mode() == RecordMode.FIXED ? spec.recordSize() : 0;
        this.maxLength = spec.recordSize();
    }

    boolean closed() {
        return closed;
    }

    void markClosed() {
        closed = true;
    }

    /**
     * Throws once the queue or its memory is closed. The memory's check matters where an
     * operation touches no memory (a full ring's offer or claim, a release, a mirror view's
     * cached record segment, an empty consumer whose published sequence is cached): the
     * queue's own state is on the heap, so nothing else would notice. Called inside the
     * handle's in-flight bracket, so a close after the check finds the handle inside and
     * defers its unmap ({@link org.ringlab.api.support.DeferredUnmap}).
     */
    void ensureOpen() {
        ensureQueueOpen();
        if (!memory.isOpen()) {
            throw memoryClosed();
        }
    }

    void ensureQueueOpen() {
        if (closed) {
            throw new IllegalStateException(disciplineName + " queue is closed");
        }
    }

    private IllegalStateException memoryClosed() {
        return new IllegalStateException(disciplineName + " queue's memory (" + strategyName
                + ") is closed: the queue cannot be used after RingMemory.close()");
    }

    /** The payload length of a record, checked against the slots. */
    int checkLength(long length) {
        if (length < minLength || length > maxLength) {
            throw new IllegalArgumentException(spec.mode() == RecordMode.FIXED
                    ? "record of " + length + " bytes: fixed-size records have exactly " + maxLength + " bytes"
                    : "record of " + length + " bytes does not fit a slot: the largest slot holds " + maxLength
                            + " bytes (the queue's record size)");
        }
        return (int) length;
    }
}
