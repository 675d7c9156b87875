/** Growable buffers, their policies and RSS accounting; arrives with the growth issue. */
module org.ringlab.growth {
    requires org.ringlab.api;
}
