package org.ddstuner.samples;

/**
 * A type cannot be read or written in the data representation the peers use, with the loaded libddsc; the
 * message says which type or member stops it, which library version, and what would work instead.
 */
public final class UnsupportedRepresentationException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    public UnsupportedRepresentationException(String message) {
        super(message);
    }
}
