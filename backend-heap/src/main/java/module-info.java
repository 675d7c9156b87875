/** Pure-Java memory strategies: doubled array, linearize-on-read, split ring. */
module org.ringlab.heap {
    requires org.ringlab.api;
}
