/** An example third-party backend: the memory strategy {@code example-heap}. */
module org.example.ringlab.heap {
    requires org.ringlab.api;

    provides org.ringlab.api.MemoryStrategy with org.example.ringlab.heap.ExampleHeapStrategy;
}
