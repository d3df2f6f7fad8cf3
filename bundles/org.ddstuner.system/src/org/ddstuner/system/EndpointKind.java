package org.ddstuner.system;

/** The two kinds of DDS endpoint. */
public enum EndpointKind {
    READER("reader"), WRITER("writer");

    private final String text;

    EndpointKind(String text) {
        this.text = text;
    }

    /** "reader" or "writer", as shown to people. */
    public String text() {
        return text;
    }

    public EndpointKind opposite() {
        return this == READER ? WRITER : READER;
    }
}
