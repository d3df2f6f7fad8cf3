package org.ddstuner.dds;

import java.util.List;

/**
 * libddsc (the Cyclone DDS C library) could not be found or loaded. The message names every
 * location that was tried and how to install the library.
 */
public class DdsLibraryNotFoundException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final List<String> tried;

    public DdsLibraryNotFoundException(String message, List<String> tried) {
        super(message);
        this.tried = List.copyOf(tried);
    }

    /** File names or sonames that were tried, in order. */
    public List<String> tried() {
        return tried;
    }
}
