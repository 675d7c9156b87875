package org.ringlab.linux;

import org.ringlab.api.GrowthStrategy;

import org.ringlab.api.GrowthTrait;

/**
 * {@code mremap}: an anonymous mapping grown with {@code mremap}, in place when the next pages
 * are free, else with {@code MREMAP_MAYMOVE}, which moves page-table entries, not bytes:
 * never copies ({@link GrowthTrait#NO_COPY}); segments stay valid across in-place growth and
 * throw after a move.
 */
public class MremapGrowth extends LinuxGrowthStrategy {

    public MremapGrowth() {
        this(Libc.ffm());
    }

    MremapGrowth(Libc libc) {
        this("mremap", "anonymous mmap grown with mremap, in place or MREMAP_MAYMOVE: pages remapped, never copied",
                libc);
    }

    /**
     * The same growth under another name through another binding: backend-jna's
     * {@code mremap-jna} is this class over its JNA {@link Libc}. Not final for that reason only.
     */
    protected MremapGrowth(String name, String description, Libc libc) {
        super(name, description, libc, MremapBuffer::new, GrowthTrait.NO_COPY);
    }

    @Override
    public GrowthStrategy over(Libc other) {
        return new MremapGrowth(name(), description(), other);
    }
}
