package org.ringlab.api;

/** Thrown when a provider that is unavailable in this process is asked to do work. */
public final class UnavailableException extends IllegalStateException {

    private static final long serialVersionUID = 1L;

    public UnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
