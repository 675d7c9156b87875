/** The reusable conformance kit. */
module org.ringlab.conformance {
    requires transitive org.ringlab.api;
}
