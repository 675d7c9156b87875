/**
 * The reusable conformance kit ({@code org.ringlab.conformance.kit}): the whole suite of
 * contract, concurrency, fault and leak checks over every discovered memory strategy and queue
 * discipline, for our providers and for a third party's.
 */
module org.ringlab.conformance {
    requires transitive org.ringlab.api;
    requires transitive org.junit.jupiter.api;
    requires transitive net.jqwik.api;
    // The fault hook of our native backends (test-only; it covers backend-jna's strategies too).
    requires org.ringlab.linux;
    requires org.ringlab.growth;
    // Broadcast's join/leave, which the SPI's RecordQueue does not have (Membership).
    requires org.ringlab.queues;
    // The soak reads the Java heap's size and address range (GC.heap_info, a diagnostic command
    // that jdk.management registers) to set the heap's pages apart from the rings' memory.
    requires java.management;
    requires jdk.management;

    exports org.ringlab.conformance.kit;
    // JUnit instantiates the suite's subclasses reflectively.
    opens org.ringlab.conformance.kit to org.junit.platform.commons;
}
