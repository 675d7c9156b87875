package org.ringlab.queues.spsc;

/**
 * 128 bytes laid out before a subclass's fields (superclass fields come first): the producer
 * and the consumer are allocated one after the other, and their hot fields (positions, cached
 * opposite positions) must not share a cache line, or each write by one thread evicts the
 * line the other is working on.
 */
abstract class CacheLinePadding {
    long p01, p02, p03, p04, p05, p06, p07, p08, p09, p10, p11, p12, p13, p14, p15, p16;
}
