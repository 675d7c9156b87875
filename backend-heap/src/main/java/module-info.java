/** Pure-Java memory strategies: doubled array, linearize-on-read, split ring. No native calls. */
module org.ringlab.heap {
    requires org.ringlab.api;

    provides org.ringlab.api.MemoryStrategy with
            org.ringlab.heap.DoubledArrayMemory,
            org.ringlab.heap.LinearizeOnReadMemory,
            org.ringlab.heap.SplitRingMemory;
}
