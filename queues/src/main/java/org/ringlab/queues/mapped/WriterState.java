package org.ringlab.queues.mapped;

/** What a reader knows about the writer of a mapped queue. */
public enum WriterState {
    /** A writer owns the file and its process is running. */
    ALIVE,
    /** The last writer closed the file: no more records unless a new writer takes over. */
    CLOSED,
    /**
     * The owning process is gone without closing (killed, crashed): every record it committed
     * is readable, the one it was writing is not. A new writer may take over.
     */
    GONE
}
