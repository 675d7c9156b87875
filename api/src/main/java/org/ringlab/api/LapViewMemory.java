package org.ringlab.api;

import java.lang.foreign.MemorySegment;

/**
 * A {@link SegmentPathMemory} whose one lap, N plain bytes, may be read and written in place
 * for any range that does not cross the seam: the strategy's mechanism (staging a claim,
 * gathering or rotating a window) runs only for ranges that do. A queue may then keep
 * segments of the {@link #lapView() lap view} for ranges it reuses every lap (broadcast's
 * slots) instead of taking a claim or a window per record; a range that crosses still goes
 * through {@code claim}/{@code commit}/{@code window}, the strategy's own code.
 *
 * <p>The split and linearize rings are of this kind. A doubled ring is not (a write must also
 * reach its second copy: it is a {@link DoubledViewMemory}), nor is a growable ring (a grow unmaps the
 * lap). Third-party strategies need not be: they stay plain {@link AbstractRingMemory}s.
 *
 * <h2>In place</h2>
 * The bytes of position {@code p} live at offset {@link #lapOffset(long) lapOffset(p)} of the
 * lap view. A range {@code [p, p + length)} is in place when {@code lapOffset(p) + length <=
 * capacity()}: then its bytes are lap view bytes {@code [lapOffset(p), lapOffset(p) + length)},
 * a write there is part of the ring at once (nothing to claim or commit; it is not a commit,
 * so claims still go on from the end of the last commit) and every {@code window} and
 * {@code read} of the range shows it. The mapping changes only when the strategy's own read
 * path moves bytes: linearize's rotation, by a {@code window} or {@code read} across the seam;
 * after one, ask {@code lapOffset} again. Segments of the lap view stay the ring's bytes until
 * close.
 *
 * <h2>Threads and lifetime</h2>
 * As for {@code claim} (one writer) and {@code window} (one reader with
 * {@link Capability#CONCURRENT_READ}); publication is the queue's job. The lap view belongs to
 * the ring: after {@link #close()} it and every segment of it throw {@link IllegalStateException}
 * (never a crash: it is a view of memory the close rule guards, like every segment the
 * strategy hands out), and so do both methods.
 */
public interface LapViewMemory extends SegmentPathMemory {

    /** The ring's one lap: {@code capacity()} writable bytes, read and written in place as the class says. */
    MemorySegment lapView();

    /**
     * Where the bytes of {@code position} (non-negative) live in the {@link #lapView()}: a range
     * from it is in place when it ends at or before {@code capacity()}.
     */
    long lapOffset(long position);
}
