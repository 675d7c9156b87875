package org.ringlab.bench.anchors;

/**
 * The consumer-side state of an adapter whose library hands records to a callback (Agrona,
 * the Disruptor): the destination and the length copied, written on every poll. Padded by
 * 128 bytes on both sides (superclass fields are laid out first) so those writes do not share
 * a cache line with the adapter fields the producer thread reads on every offer: false sharing
 * the adapter would add and the library does not have.
 */
abstract class PaddedCopyOut extends CopyOutFields {
    long q00, q01, q02, q03, q04, q05, q06, q07, q08, q09, q10, q11, q12, q13, q14, q15;
}

abstract class CopyOutFields extends CopyOutLeftPadding {
    /** Where the current poll copies to. */
    byte[] dst;
    /** Bytes the current poll copied, or {@link AnchorQueue#EMPTY}. */
    int length;
}

abstract class CopyOutLeftPadding {
    long p00, p01, p02, p03, p04, p05, p06, p07, p08, p09, p10, p11, p12, p13, p14, p15;
}
