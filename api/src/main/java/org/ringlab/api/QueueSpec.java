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

    public enum RecordMode { FIXED, VARIABLE }
}
