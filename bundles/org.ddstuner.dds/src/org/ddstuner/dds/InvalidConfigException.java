package org.ddstuner.dds;

/** A Cyclone configuration XML is malformed; {@link #line()} and {@link #column()} point at the problem (1-based, -1 if unknown). */
public class InvalidConfigException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    private final int line;
    private final int column;

    public InvalidConfigException(String message, int line, int column, Throwable cause) {
        super(message, cause);
        this.line = line;
        this.column = column;
    }

    public int line() {
        return line;
    }

    public int column() {
        return column;
    }
}
