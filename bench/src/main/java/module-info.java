/** The ringlab command line and benchmarks. */
module org.ringlab.bench {
    requires org.ringlab.api;
}
