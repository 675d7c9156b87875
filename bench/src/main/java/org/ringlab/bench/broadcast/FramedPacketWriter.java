package org.ringlab.bench.broadcast;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;

import org.ringlab.queues.framing.PacketHeaderDescriptor;

/**
 * The child process of the between-process run: writes {@code packets} framed packets of
 * {@code packetLength} bytes (seed 003's 16-byte header, then data) to its stdout, which is a
 * pipe to the parent, and before every {@code garbageEvery}-th packet a few junk bytes the
 * parent's framer must count as one bad header and skip. Packet {@code q}'s data is the
 * pattern of {@link PipePackets#pattern} with {@code q} in its first 8 bytes. Packets are
 * gathered into 1 MiB writes, as a producer with its own buffering would write them.
 *
 * <p>Arguments: {@code packetLength packets garbageEvery seed}. Exit code 2 on bad arguments.
 */
public final class FramedPacketWriter {

    static final int WRITE_BUFFER = 1 << 20;

    private FramedPacketWriter() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 4) {
            System.err.println("usage: FramedPacketWriter packetLength packets garbageEvery seed, got "
                    + String.join(" ", args));
            System.exit(2);
        }
        int packetLength = Integer.parseInt(args[0]);
        long packets = Long.parseLong(args[1]);
        int garbageEvery = Integer.parseInt(args[2]);
        long seed = Long.parseLong(args[3]);
        // Straight to file descriptor 1: System.out would buffer and encode.
        try (FileOutputStream out = new FileOutputStream(FileDescriptor.out);
             FileChannel channel = out.getChannel()) {
            write(channel, packetLength, packets, garbageEvery, seed);
        }
    }

    static void write(FileChannel channel, int packetLength, long packets, int garbageEvery, long seed)
            throws IOException {
        PipePackets.check(packetLength);
        int dataLength = packetLength - PacketHeaderDescriptor.HEADER_LENGTH;
        MemorySegment packet = MemorySegment.ofArray(new byte[packetLength]);
        PacketHeaderDescriptor.write(packet, 1, 0, dataLength);
        MemorySegment.copy(PipePackets.pattern(dataLength, seed), 0, packet, PacketHeaderDescriptor.HEADER_LENGTH,
                dataLength);
        ByteBuffer buffer = ByteBuffer.allocateDirect(Math.max(WRITE_BUFFER, packetLength + PipePackets.JUNK.length));
        MemorySegment view = MemorySegment.ofBuffer(buffer);
        for (long q = 0; q < packets; q++) {
            if (garbageEvery > 0 && q % garbageEvery == garbageEvery - 1) {
                if (buffer.remaining() < PipePackets.JUNK.length) {
                    drain(channel, buffer);
                }
                buffer.put(PipePackets.JUNK);
            }
            if (buffer.remaining() < packetLength) {
                drain(channel, buffer);
            }
            packet.set(ValueLayout.JAVA_LONG_UNALIGNED, PacketHeaderDescriptor.HEADER_LENGTH, q);
            MemorySegment.copy(packet, 0, view, buffer.position(), packetLength);
            buffer.position(buffer.position() + packetLength);
        }
        drain(channel, buffer);
    }

    private static void drain(FileChannel channel, ByteBuffer buffer) throws IOException {
        buffer.flip();
        while (buffer.hasRemaining()) {
            channel.write(buffer);
        }
        buffer.clear();
    }
}
