package org.ringlab.linux;

import org.ringlab.api.GrowthTrait;

/**
 * {@code mremap}: an anonymous mapping grown with {@code mremap}, in place when the next pages
 * are free, else with {@code MREMAP_MAYMOVE}, which moves page-table entries, not bytes:
 * never copies ({@link GrowthTrait#NO_COPY}); segments stay valid across in-place growth and
 * throw after a move.
 */
public final class MremapGrowth extends LinuxGrowthStrategy {

    public MremapGrowth() {
        super("mremap", "anonymous mmap grown with mremap, in place or MREMAP_MAYMOVE: pages remapped, never copied",
                MremapBuffer::new, GrowthTrait.NO_COPY);
    }
}
