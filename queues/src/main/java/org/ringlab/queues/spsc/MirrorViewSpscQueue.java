package org.ringlab.queues.spsc;

import org.ringlab.api.MirrorViewMemory;
import org.ringlab.api.QueueSpec;

/**
 * {@code spsc} with variable-length records on a {@link MirrorViewMemory} that does not grow:
 * frames are written and read in place in the 2N mirror view, contiguous across the seam by
 * construction, so nothing pads and no claim, commit or window call is made per record
 * ({@link InPlaceSpscQueue} holds the protocol).
 */
// Not final only so that the stress tests' broken twins (same-package subclasses in src/test)
// can override one package-private step each (writePayload, writeTerminator, publish,
// recoverProducerPosition). Nothing in production subclasses it, so the JIT binds those calls
// statically (class hierarchy analysis).
non-sealed class MirrorViewSpscQueue extends InPlaceSpscQueue {

    MirrorViewSpscQueue(String disciplineName, MirrorViewMemory memory, QueueSpec spec) {
        super(disciplineName, memory, memory.mirrorView(), spec, false, memory.capacity(), memory.capacity());
    }
}
