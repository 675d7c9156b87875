package org.ringlab.api;

import java.nio.file.Path;
import java.util.Optional;

/**
 * What to allocate: the capacity in bytes and, for strategies backed by files, where.
 *
 * @param capacity  ring capacity in bytes; positive and a multiple of the strategy's
 *                  {@link MemoryStrategy#granularity() granularity}
 * @param directory where file-backed strategies create their (temporary) file; {@code null}
 *                  for the strategy's default
 * @param file      a named file to create or attach to (strategies with
 *                  {@link Capability#SHARED_BETWEEN_PROCESSES}); {@code null} for an anonymous one
 */
public record RingSpec(long capacity, Path directory, Path file) {

    public RingSpec {
        if (capacity <= 0) {
            throw new IllegalArgumentException("capacity must be positive, got " + capacity);
        }
    }

    public static RingSpec ofCapacity(long capacity) {
        return new RingSpec(capacity, null, null);
    }

    public RingSpec inDirectory(Path dir) {
        return new RingSpec(capacity, dir, file);
    }

    public RingSpec atFile(Path path) {
        return new RingSpec(capacity, directory, path);
    }

    public Optional<Path> directoryOption() {
        return Optional.ofNullable(directory);
    }

    public Optional<Path> fileOption() {
        return Optional.ofNullable(file);
    }
}
