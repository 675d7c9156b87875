package org.ringlab.linux;

import org.ringlab.api.GrowthPolicy;
import org.ringlab.api.NativeCallException;

import static org.ringlab.linux.Libc.MAP_ANONYMOUS;
import static org.ringlab.linux.Libc.MAP_PRIVATE;
import static org.ringlab.linux.Libc.PROT_READ;
import static org.ringlab.linux.Libc.PROT_WRITE;

/**
 * {@code mremap}: an anonymous private mapping grown with {@code mremap}. First in place
 * (flags 0: the segments handed out stay valid); when the next pages are taken
 * ({@code ENOMEM}), with {@code MREMAP_MAYMOVE}, which moves the page-table entries to a new
 * address: the pages themselves are not copied, so bytes copied is 0 and resident memory
 * stays at the bytes touched. Anonymous memory is zeroed lazily, on first touch, by the kernel.
 */
final class MremapBuffer extends NativeGrowableBuffer {

    static final String MAP = "mmap(anonymous buffer)";
    static final String GROW_IN_PLACE = "mremap(in place)";
    static final String GROW_MOVING = "mremap(MREMAP_MAYMOVE)";

    MremapBuffer(Libc libc, String strategyName, long initialCapacity, GrowthPolicy policy) {
        super(libc, strategyName, initialCapacity, policy);
        long length = pages(initialCapacity);
        adopt(libc.mmap(MAP, 0, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0), length);
    }

    @Override
    protected long resize(long newCapacity, long liveBytes) {
        long old = address();
        long oldLength = length();
        long newLength = pages(newCapacity);
        if (newLength == oldLength) {
            return 0; // still inside the last mapped page
        }
        try {
            libc.mremap(GROW_IN_PLACE, old, oldLength, newLength, 0, 0);
            extend(newLength);
            return 0;
        } catch (NativeCallException e) {
            if (e.errno() != Libc.ENOMEM) { // ENOMEM: the pages after ours are taken; anything else is real
                throw e;
            }
        }
        retire(); // the pages are about to change address
        long moved;
        try {
            moved = libc.mremap(GROW_MOVING, old, oldLength, newLength, Libc.MREMAP_MAYMOVE, 0);
        } catch (RuntimeException e) {
            adopt(old, oldLength); // a failed mremap leaves the old mapping as it was
            throw e;
        }
        adopt(moved, newLength);
        return 0;
    }

    @Override
    void free() {
        libc.munmap("munmap(buffer)", address(), length());
    }
}
