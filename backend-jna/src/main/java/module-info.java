/** The Linux mirrored ring and mremap growth through JNA; arrives with the JNA backend issue. */
module org.ringlab.jna {
    requires org.ringlab.api;
}
