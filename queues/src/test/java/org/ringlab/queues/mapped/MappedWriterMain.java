package org.ringlab.queues.mapped;

import java.lang.foreign.MemorySegment;
import java.nio.file.Path;

/**
 * Child-process writer: {@code create|takeover PATH CHUNK RECORDS} (RECORDS -1: forever, until
 * killed). After a take-over it continues the numbering after the last committed record. Prints
 * {@code writing from N} once it has published its first record, so the parent can kill it
 * at a random point of its run.
 */
public final class MappedWriterMain {

    public static void main(String[] args) {
        Path path = Path.of(args[1]);
        MappedQueue.Config config = MappedQueue.Config.defaults().withChunkBytes(Long.parseLong(args[2]))
                .withMaxRecordBytes(Numbered.MAX_RECORD);
        long records = Long.parseLong(args[3]);
        MemorySegment buffer = MemorySegment.ofArray(new byte[Numbered.MAX_RECORD]);
        try (MappedQueueWriter writer = args[0].equals("create") ? MappedQueue.create(path, config)
                : MappedQueue.takeOver(path, config)) {
            MemorySegment last = writer.lastRecord();
            long first = last == null ? 0 : Numbered.sequence(last) + 1;
            writer.offer(Numbered.fill(buffer, first));
            System.out.println("writing from " + first);
            System.out.flush();
            for (long s = first + 1; records < 0 || s < records; s++) {
                writer.offer(Numbered.fill(buffer, s));
            }
        }
        System.out.println("wrote " + records);
    }
}
