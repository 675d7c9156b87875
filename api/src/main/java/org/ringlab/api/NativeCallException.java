package org.ringlab.api;

/**
 * A native call failed. The message names the call, the errno (or {@code GetLastError})
 * value and its text, e.g. {@code mmap(MAP_FIXED view 2 of 2) failed: errno 12 (Cannot allocate memory)}.
 */
public final class NativeCallException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final String call;
    private final int errno;
    private final String errorText;

    public NativeCallException(String call, int errno, String errorText) {
        super(call + " failed: errno " + errno + " (" + errorText + ")");
        this.call = call;
        this.errno = errno;
        this.errorText = errorText;
    }

    /**
     * The same failure, with what the caller was doing in front of the message (for example
     * the size of the ring it was allocating): {@code context + ": " + failure.getMessage()}.
     * {@link #call()}, {@link #errno()} and {@link #errorText()} are {@code failure}'s, which is the cause.
     */
    public NativeCallException(String context, NativeCallException failure) {
        super(context + ": " + failure.getMessage(), failure);
        this.call = failure.call;
        this.errno = failure.errno;
        this.errorText = failure.errorText;
    }

    /** Call that failed, with the detail that tells which of several calls it was. */
    public String call() {
        return call;
    }

    /** The errno (Linux) or GetLastError (Windows) value captured right after the call. */
    public int errno() {
        return errno;
    }

    /** {@code strerror(errno)} or the Windows message text. */
    public String errorText() {
        return errorText;
    }
}
