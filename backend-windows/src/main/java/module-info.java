/** The Windows placeholder mirrored ring (VirtualAlloc2 + MapViewOfFile3); arrives with the Windows backend issue. */
module org.ringlab.windows {
    requires org.ringlab.api;
}
