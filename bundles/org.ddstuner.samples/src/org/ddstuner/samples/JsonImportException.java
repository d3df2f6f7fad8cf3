package org.ddstuner.samples;

/**
 * JSON that does not fit the type: {@link #path()} says where (e.g. {@code $.position.x},
 * {@code $[2].history[0]}), the message what was expected and found.
 */
public final class JsonImportException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;
    private final String path;

    public JsonImportException(String path, String message) {
        super("at " + path + ": " + message);
        this.path = path;
    }

    /** JSON path of the bad value, {@code $} for the whole document. */
    public String path() {
        return path;
    }
}
