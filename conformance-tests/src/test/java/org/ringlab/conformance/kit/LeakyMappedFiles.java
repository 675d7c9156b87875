package org.ringlab.conformance.kit;

import java.lang.foreign.MemorySegment;
import java.nio.file.Path;

import org.ringlab.api.Availability;
import org.ringlab.api.MappedFile;
import org.ringlab.api.MappedFileSpec;
import org.ringlab.api.MappedFileStrategy;
import org.ringlab.api.PrefaultPolicy;

/**
 * A third party's mapped-file strategy over ringlab's, with one realistic bug: {@code close}
 * forgets to close the file it wraps (its descriptor and mappings stay). {@code leaky = false}
 * is the correct twin, delegating everything. {@code overwrites}: another bug, a CREATE over an
 * existing file replaces it (O_TRUNC where O_EXCL was meant) instead of refusing it.
 */
record LeakyMappedFiles(MappedFileStrategy inner, boolean leaky, boolean overwrites) implements MappedFileStrategy {

    LeakyMappedFiles(MappedFileStrategy inner, boolean leaky) {
        this(inner, leaky, false);
    }

    @Override
    public String name() {
        return leaky ? "broken-mapped-close-forgotten" : overwrites ? "broken-mapped-create-overwrites" : "mapped-twin";
    }

    @Override
    public String description() {
        return inner.description();
    }

    @Override
    public Availability availability() {
        return inner.availability();
    }

    @Override
    public long granularity() {
        return inner.granularity();
    }

    @Override
    public Availability policyAvailability(PrefaultPolicy policy, Path directory) {
        return inner.policyAvailability(policy, directory);
    }

    @Override
    public MappedFile open(MappedFileSpec spec) {
        if (overwrites && spec.mode() == MappedFileSpec.Mode.CREATE) {
            try {
                java.nio.file.Files.deleteIfExists(spec.path()); // the bug: an existing file is replaced
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }
        MappedFile f = inner.open(spec);
        return new MappedFile() {
            private boolean open = true;

            @Override
            public Path path() {
                return f.path();
            }

            @Override
            public MappedFileSpec spec() {
                return f.spec();
            }

            @Override
            public long headerBytes() {
                return f.headerBytes();
            }

            @Override
            public long chunkBytes() {
                return f.chunkBytes();
            }

            @Override
            public MemorySegment header() {
                return f.header();
            }

            @Override
            public long fileSize() {
                return f.fileSize();
            }

            @Override
            public MemorySegment chunk(long index) {
                return f.chunk(index);
            }

            @Override
            public boolean isMapped(long index) {
                return f.isMapped(index);
            }

            @Override
            public void unmap(long index) {
                f.unmap(index);
            }

            @Override
            public void reportPosition(long position) {
                f.reportPosition(position);
            }

            @Override
            public long backgroundPrefaultedTo() {
                return f.backgroundPrefaultedTo();
            }

            @Override
            public PrefaultStats prefaultStats() {
                return f.prefaultStats();
            }

            @Override
            public boolean isOpen() {
                return open;
            }

            @Override
            public void close() {
                open = false;
                if (!leaky) { // the bug: the wrapped file (descriptor, mappings) is never closed
                    f.close();
                }
            }
        };
    }
}
