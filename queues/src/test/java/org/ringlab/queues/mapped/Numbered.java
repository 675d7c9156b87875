package org.ringlab.queues.mapped;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

import org.ringlab.api.RecordQueue;

/**
 * Numbered records: record {@code s} is 8 bytes of {@code s} then {@code s % 57} bytes derived
 * from {@code s}. The checker expects consecutive numbers from a first one and checks every
 * byte, so a lost, duplicated, reordered or torn record is a violation, never missed.
 */
final class Numbered {

    static final int MAX_RECORD = 8 + 56;

    private Numbered() {
    }

    static int length(long s) {
        return 8 + (int) (s % 57);
    }

    static byte payloadByte(long s, int i) {
        return (byte) (s * 31 + i * 7 + 1);
    }

    /** Fills {@code buffer} with record {@code s}; returns the record's slice. */
    static MemorySegment fill(MemorySegment buffer, long s) {
        int length = length(s);
        buffer.set(ValueLayout.JAVA_LONG_UNALIGNED, 0, s);
        for (int i = 8; i < length; i++) {
            buffer.set(ValueLayout.JAVA_BYTE, i, payloadByte(s, i));
        }
        return buffer.asSlice(0, length);
    }

    static long sequence(MemorySegment record) {
        return record.get(ValueLayout.JAVA_LONG_UNALIGNED, 0);
    }

    /** Checks consecutive records from the first one it sees (or from {@code first} when >= 0). */
    static final class Checker implements RecordQueue.RecordHandler {
        long first;
        long expected;
        long delivered;
        long violations;
        String firstViolation;

        Checker(long first) {
            this.first = first;
            this.expected = first;
        }

        @Override
        public void onRecord(MemorySegment record) {
            long s = record.byteSize() >= 8 ? sequence(record) : -1;
            if (delivered == 0 && first < 0) {
                first = s;
                expected = s;
            }
            boolean ok = s == expected && record.byteSize() == length(expected);
            for (int i = 8; ok && i < record.byteSize(); i++) {
                ok = record.get(ValueLayout.JAVA_BYTE, i) == payloadByte(expected, i);
            }
            if (!ok && violations++ == 0) {
                firstViolation = "record " + expected + ": got sequence " + s + ", " + record.byteSize() + " bytes";
            }
            expected++;
            delivered++;
        }

        String summary() {
            return "first=" + first + " delivered=" + delivered + " violations=" + violations
                    + (firstViolation == null ? "" : " firstViolation=" + firstViolation);
        }
    }

    /**
     * Drains until the writer is closed or gone and nothing more is there, polling the writer's
     * state only when idle (every ~1 ms).
     */
    static Checker readToEnd(MappedQueueReader reader, Checker checker, long timeoutMillis) {
        long deadline = System.nanoTime() + timeoutMillis * 1_000_000;
        long idleSince = 0;
        while (checker.violations == 0) {
            if (reader.drain(checker, 256) > 0) {
                idleSince = 0;
                continue;
            }
            long now = System.nanoTime();
            if (idleSince == 0) {
                idleSince = now;
            } else if (now - idleSince > 1_000_000) {
                if (reader.writerState() != WriterState.ALIVE && reader.drain(checker, Integer.MAX_VALUE) == 0) {
                    break; // the state was read first, so everything published before it was seen
                }
                idleSince = now;
            }
            if (now > deadline) {
                throw new AssertionError("reader timed out: " + checker.summary());
            }
            Thread.onSpinWait();
        }
        return checker;
    }
}
