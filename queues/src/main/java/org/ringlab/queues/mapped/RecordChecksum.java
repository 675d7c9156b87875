package org.ringlab.queues.mapped;

import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * How the records of a mapped queue are checksummed: chosen when the queue is created, recorded
 * in its header (covered by the header checksum), and used by every writer and reader of it.
 */
public enum RecordChecksum {
    /**
     * No record checksum: a flipped payload bit is delivered as it is, and nothing in the data
     * proves a last-record hint, so attaching from the end and taking over scan the whole file.
     */
    NONE(0),
    /**
     * CRC32C (intrinsic on x86-64 and AArch64) over each record's data position, length and
     * payload, checked by readers and by a writer taking over; the default.
     */
    CRC32C(1);

    private final int code;

    RecordChecksum(int code) {
        this.code = code;
    }

    /** The value stored in the header. */
    int code() {
        return code;
    }

    /** The kind stored as {@code code}, or null when there is none. */
    static RecordChecksum ofCode(int code) {
        for (RecordChecksum kind : values()) {
            if (kind.code == code) {
                return kind;
            }
        }
        return null;
    }

    static String allowedCodes() {
        return Arrays.stream(values()).map(k -> k.code + " (" + k.name().toLowerCase(java.util.Locale.ROOT) + ")")
                .collect(Collectors.joining(" or "));
    }

    /** A new summer for one thread (it keeps its own scratch state). */
    RecordSummer newSummer() {
        return this == CRC32C ? new RecordSummer.Crc32c() : new RecordSummer.None();
    }
}
