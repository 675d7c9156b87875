package org.ringlab.heap;

import java.lang.foreign.MemorySegment;

/**
 * The mutable state one side (writer or reader) of a heap ring changes on every call: its
 * scratch segment, whether a claim is staged, and its copy counter. In an object of its own,
 * padded by 128 bytes on both sides (two lines: adjacent-line prefetch), so a writer bumping
 * its counter does not invalidate the line a reader thread reads {@code memory} and
 * {@code capacity} from on every window — the false sharing that held spsc on {@code doubled}
 * at about half its throughput on {@code mirrored-memfd}.
 */
final class ThreadSide extends ThreadSideFields {

    long q01, q02, q03, q04, q05, q06, q07, q08, q09, q10, q11, q12, q13, q14, q15, q16;
}

/** 128 bytes before the fields. */
abstract class ThreadSidePad {
    long p01, p02, p03, p04, p05, p06, p07, p08, p09, p10, p11, p12, p13, p14, p15, p16;
}

/** Superclass fields are laid out first, so the padding precedes these. */
abstract class ThreadSideFields extends ThreadSidePad {
    MemorySegment scratch;  // allocated from the ring's arena on first need
    MemorySegment scratchView; // reader: scratch read-only, the base of gathered windows
    boolean staged;         // writer: the outstanding claim lives in scratch
    long bytes;             // the side's copy counter (mirror, staging or gather bytes)
}
