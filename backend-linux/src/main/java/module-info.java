/** FFM bindings to libc and the Linux mirrored strategies. */
module org.ringlab.linux {
    requires org.ringlab.api;
}
