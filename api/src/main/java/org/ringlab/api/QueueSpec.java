package org.ringlab.api;

/**
 * The shape of the records a queue carries.
 *
 * @param mode       fixed-size elements or variable-length records
 * @param recordSize the size of every element ({@link RecordMode#FIXED}) or the largest record
 *                   ({@link RecordMode#VARIABLE}), in bytes
 * @param consumers  number of consumers (1 for point-to-point disciplines)
 */
public record QueueSpec(RecordMode mode, int recordSize, int consumers) {

    public QueueSpec {
        if (mode == null) {
            throw new IllegalArgumentException("record mode is required (FIXED or VARIABLE)");
        }
        if (recordSize <= 0) {
            throw new IllegalArgumentException("record size must be positive, got " + recordSize);
        }
        if (consumers <= 0) {
            throw new IllegalArgumentException("consumers must be positive, got " + consumers);
        }
    }

    public static QueueSpec fixed(int recordSize) {
        return new QueueSpec(RecordMode.FIXED, recordSize, 1);
    }

    public static QueueSpec variable(int maxRecordSize) {
        return new QueueSpec(RecordMode.VARIABLE, maxRecordSize, 1);
    }

    public QueueSpec withConsumers(int n) {
        return new QueueSpec(mode, recordSize, n);
    }

    /** Checks a record length against this spec; the message names the length and the limit. */
    public void checkRecordLength(long length) {
        if (mode == RecordMode.FIXED ? length != recordSize : length < 0 || length > recordSize) {
            throw new IllegalArgumentException("record of " + length + " bytes: " + (mode == RecordMode.FIXED
                    ? "fixed-size records have exactly " + recordSize : "records may have 0.." + recordSize) + " bytes");
        }
    }

    public enum RecordMode { FIXED, VARIABLE }
}
