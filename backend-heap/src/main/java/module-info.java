/**
 * Pure-Java strategies, no native calls: memory strategies (doubled array, linearize-on-read,
 * split ring) and the copy-doubling growth of a Java array.
 */
module org.ringlab.heap {
    requires org.ringlab.api;

    provides org.ringlab.api.MemoryStrategy with
            org.ringlab.heap.DoubledArrayMemory,
            org.ringlab.heap.LinearizeOnReadMemory,
            org.ringlab.heap.SplitRingMemory;

    provides org.ringlab.api.GrowthStrategy with
            org.ringlab.heap.CopyDoublingHeapGrowth;
}
