/**
 * Pure-Java strategies, no native calls: memory strategies (doubled array, linearize-on-read,
 * split ring) and the copy-doubling growth of a Java array. One restricted method,
 * {@code MemorySegment.reinterpret}, gives the rings' segments a front arena over bytes whose
 * free waits for the queue operations in flight; refused native access
 * ({@code --enable-native-access=org.ringlab.heap} missing under {@code deny}) degrades that to
 * the free at close, visibly (docs/native-access.md).
 */
module org.ringlab.heap {
    requires org.ringlab.api;
    requires org.ringlab.growth;

    provides org.ringlab.api.MemoryStrategy with
            org.ringlab.heap.DoubledArrayMemory,
            org.ringlab.heap.LinearizeOnReadMemory,
            org.ringlab.heap.SplitRingMemory;

    provides org.ringlab.api.GrowthStrategy with
            org.ringlab.heap.CopyDoublingHeapGrowth;
}
