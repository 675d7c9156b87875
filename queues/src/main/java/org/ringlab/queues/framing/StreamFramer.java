package org.ringlab.queues.framing;

import static org.ringlab.queues.framing.PacketHeaderDescriptor.DATA_LENGTH_OFFSET;
import static org.ringlab.queues.framing.PacketHeaderDescriptor.FIELD;
import static org.ringlab.queues.framing.PacketHeaderDescriptor.HEADER_LENGTH;
import static org.ringlab.queues.framing.PacketHeaderDescriptor.PREFIX_LENGTH;

import java.io.IOException;
import java.io.InputStream;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.channels.ReadableByteChannel;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

import org.ringlab.api.QueueProducer;
import org.ringlab.queues.broadcast.BroadcastProducer;
import org.ringlab.queues.broadcast.WaitStrategy;

/**
 * Turns a byte stream whose reads cut headers and bodies anywhere (a pipe from another
 * process) into packets ({@link PacketHeaderDescriptor}), each written straight into the
 * producer's claimed slot and committed as one record: seed 003's reassembly state machine.
 *
 * <p>Reads never run past the packet being assembled: in the header state at most the rest of
 * the 16 header bytes are read, then at most the rest of the body, so every byte lands in the
 * slot it belongs to. With a {@link ReadableByteChannel} the bytes go from the channel straight
 * into the slot (one {@link ByteBuffer} view per slot claimed). With an {@link InputStream},
 * whose API reads only into arrays, they pass through one reused chunk array on the way: that
 * copy is counted ({@code stagedBytes}).
 *
 * <p>Bad input: a header whose prefix is not {@code 3C 5A 7E 69}, or whose {@code data_length}
 * exceeds the largest packet the queue takes, starts a resynchronisation: the framer scans
 * byte by byte for the next prefix, keeping the bytes that may start one, and resumes there.
 * Each resynchronisation counts one bad header however many bytes it skips; the rest of the
 * stream is never dropped. Bytes of an unfinished packet at the end of the stream are counted
 * as a truncated packet.
 *
 * <p>When the producer's queue is full the framer stops reading until a slot is free (for a
 * {@link BroadcastProducer}, until the slowest consumer releases the next slot), which is
 * what back-pressures the writing process through its pipe. One thread at a time.
 */
public final class StreamFramer {

    /** Largest read into the InputStream path's chunk array. */
    static final int CHUNK = 16 * 1024;

    private final QueueProducer producer;
    private final int maxPacketLength;
    private final long maxDataLength;
    private final WaitStrategy wait;

    private MemorySegment slot;     // the claimed slot, or null
    private ByteBuffer slotBuffer;  // channel view of the slot, made on first channel read
    private int filled;             // bytes of the current packet in the slot
    private long packetLength;      // header + data once the header is valid, 0 before
    private boolean synced = true;  // false from a bad header until the next valid one
    private boolean endOfStream;
    private byte[] chunk;

    private long packets;
    private long packetBytes;
    private long badHeaders;
    private long oversizeHeaders;
    private long skippedBytes;
    private long truncatedPackets;
    private long truncatedBytes;
    private long bytesRead;
    private long reads;
    private long stagedBytes;

    /**
     * A framer feeding {@code producer}, whose queue must take variable-length records of up
     * to {@code maxPacketLength} bytes (header included); waits for a slot with
     * {@link WaitStrategy#yielding()} unless the producer can wait itself.
     */
    public StreamFramer(QueueProducer producer, int maxPacketLength) {
        this(producer, maxPacketLength, WaitStrategy.yielding());
    }

    public StreamFramer(QueueProducer producer, int maxPacketLength, WaitStrategy wait) {
        this.producer = Objects.requireNonNull(producer, "producer");
        this.wait = Objects.requireNonNull(wait, "wait");
        if (maxPacketLength < HEADER_LENGTH) {
            throw new IllegalArgumentException("the largest packet must hold the " + HEADER_LENGTH
                    + "-byte header, got " + maxPacketLength);
        }
        this.maxPacketLength = maxPacketLength;
        this.maxDataLength = maxPacketLength - HEADER_LENGTH;
    }

    /**
     * Reads {@code in} until the end of the stream (or, for a non-blocking channel, until a read
     * returns nothing), framing and committing packets; returns how many this call committed.
     */
    public long pump(ReadableByteChannel in) throws IOException {
        long before = packets;
        endOfStream = false;
        while (true) {
            ensureSlot();
            if (slotBuffer == null) {
                slotBuffer = slot.asByteBuffer();
            }
            int want = wanted();
            slotBuffer.limit(filled + want).position(filled);
            int got = in.read(slotBuffer);
            if (got < 0) {
                finish();
                break;
            }
            if (got == 0) {
                break;
            }
            arrived(got);
        }
        return packets - before;
    }

    /** As {@link #pump(ReadableByteChannel)}, through the reused chunk array (counted as staged bytes). */
    public long pump(InputStream in) throws IOException {
        long before = packets;
        endOfStream = false;
        if (chunk == null) {
            chunk = new byte[CHUNK];
        }
        while (true) {
            ensureSlot();
            int want = Math.min(wanted(), CHUNK);
            int got = in.read(chunk, 0, want);
            if (got < 0) {
                finish();
                break;
            }
            if (got == 0) {
                continue; // a stream may return 0 only when asked for 0 bytes, which we never do
            }
            MemorySegment.copy(chunk, 0, slot, ValueLayout.JAVA_BYTE, filled, got);
            stagedBytes += got;
            arrived(got);
        }
        return packets - before;
    }

    /** Whether the last pump reached the end of its stream. */
    public boolean endOfStream() {
        return endOfStream;
    }

    /** Bytes to read next: the rest of the header, or the rest of the packet. */
    private int wanted() {
        return (int) ((packetLength == 0 ? HEADER_LENGTH : packetLength) - filled);
    }

    /** Claims the slot the next packet goes to, waiting while the queue is full. */
    private void ensureSlot() {
        if (slot != null) {
            return;
        }
        MemorySegment s;
        if (producer instanceof BroadcastProducer b) {
            s = b.awaitClaim(maxPacketLength);
        } else {
            s = producer.claim(maxPacketLength);
            for (int step = 0; s == null; step++) {
                wait.idle(step);
                s = producer.claim(maxPacketLength);
            }
        }
        slot = s;
        slotBuffer = null;
    }

    /** Takes {@code got} bytes just read into {@code slot[filled, filled + got)}. */
    private void arrived(int got) {
        reads++;
        bytesRead += got;
        int from = filled;
        filled += got;
        if (packetLength == 0) {
            // Each prefix byte is checked as it arrives, so a bad one is seen at once.
            for (int i = from; i < Math.min(filled, PREFIX_LENGTH); i++) {
                if (slot.get(ValueLayout.JAVA_BYTE, i) != PacketHeaderDescriptor.prefixByte(i)) {
                    resynchronise(false);
                    return;
                }
            }
            if (filled < HEADER_LENGTH) {
                return;
            }
            long dataLength = Integer.toUnsignedLong(slot.get(FIELD, DATA_LENGTH_OFFSET));
            if (dataLength > maxDataLength) {
                resynchronise(true);
                return;
            }
            packetLength = HEADER_LENGTH + dataLength;
            synced = true;
        }
        if (filled == packetLength) {
            producer.commit((int) packetLength);
            packets++;
            packetBytes += packetLength;
            slot = null;
            slotBuffer = null;
            filled = 0;
            packetLength = 0;
        }
    }

    /**
     * The bytes in the slot do not start a valid header: counts a bad header (once per run),
     * keeps the bytes from the first later offset that may start a prefix, drops the rest.
     */
    private void resynchronise(boolean oversize) {
        if (oversize) {
            oversizeHeaders++;
        }
        if (synced) {
            badHeaders++;
            synced = false;
        }
        int keepFrom = filled;
        for (int j = 1; j < filled; j++) {
            if (PacketHeaderDescriptor.startsPrefix(slot, j, filled - j)) {
                keepFrom = j;
                break;
            }
        }
        skippedBytes += keepFrom;
        if (keepFrom < filled) {
            MemorySegment.copy(slot, keepFrom, slot, 0, filled - keepFrom); // at most 15 bytes
        }
        filled -= keepFrom;
    }

    /** End of stream: an unfinished packet is counted as truncated, unsynchronised bytes as skipped. */
    private void finish() {
        endOfStream = true;
        if (filled > 0) {
            if (synced) {
                truncatedPackets++;
                truncatedBytes += filled;
            } else {
                skippedBytes += filled;
            }
        }
        filled = 0;
        packetLength = 0;
        synced = true; // the next stream starts afresh
    }

    public long packets() {
        return packets;
    }

    /** Bad headers: one per resynchronisation (bad prefix or oversized data_length). */
    public long badHeaders() {
        return badHeaders;
    }

    /** Headers with a good prefix whose data_length exceeds the largest packet the queue takes. */
    public long oversizeHeaders() {
        return oversizeHeaders;
    }

    public long skippedBytes() {
        return skippedBytes;
    }

    public long truncatedPackets() {
        return truncatedPackets;
    }

    /** Counters by name, for reports. */
    public Map<String, Long> counters() {
        Map<String, Long> c = new LinkedHashMap<>();
        c.put("packets", packets);
        c.put("packetBytes", packetBytes);
        c.put("badHeaders", badHeaders);
        c.put("oversizeHeaders", oversizeHeaders);
        c.put("skippedBytes", skippedBytes);
        c.put("truncatedPackets", truncatedPackets);
        c.put("truncatedBytes", truncatedBytes);
        c.put("bytesRead", bytesRead);
        c.put("reads", reads);
        c.put("stagedBytes", stagedBytes);
        return c;
    }
}
