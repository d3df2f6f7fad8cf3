package org.ddstuner.samples;

/** A filter expression that does not parse; {@link #column()} is 1-based, as shown to the person. */
public final class FilterParseException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;
    private final int column;
    private final String detail;

    public FilterParseException(int column, String detail) {
        super("at column " + column + ": " + detail);
        this.column = column;
        this.detail = detail;
    }

    public int column() {
        return column;
    }

    /** The message without the position. */
    public String detail() {
        return detail;
    }
}
