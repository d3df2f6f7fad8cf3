package org.ddstuner.config.edit;

/** An edit refused, at its place: file, line, element. Nothing was written. */
public class ConfigEditException extends Exception {

    private static final long serialVersionUID = 1L;

    private final String file;
    private final int line;
    private final String element;

    public ConfigEditException(String file, int line, String element, String message) {
        super(message);
        this.file = file;
        this.line = line;
        this.element = element;
    }

    public String file() {
        return file;
    }

    public int line() {
        return line;
    }

    public String element() {
        return element;
    }

    /** "FILE:LINE: element: message". */
    public String format() {
        return file + ":" + (line > 0 ? line : "?") + ": " + element + ": " + getMessage();
    }
}
