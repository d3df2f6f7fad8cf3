package org.ddstuner.json;

/**
 * Malformed JSON, as {@link StrictJson#parse} reports it. The message reads
 * {@code JSON line L, column C (offset O) at PATH: what}; the parts are also available one by one.
 */
public final class JsonSyntaxException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;
    private final long offset;
    private final int line;
    private final int column;
    private final String path;
    private final String problem;

    JsonSyntaxException(long offset, int line, int column, String path, String problem) {
        super("JSON line " + line + ", column " + column + " (offset " + offset + ") at " + path + ": " + problem);
        this.offset = offset;
        this.line = line;
        this.column = column;
        this.path = path;
        this.problem = problem;
    }

    /** 0-based character offset of the problem in the text (Jackson's, i.e. where it stopped reading). */
    public long offset() {
        return offset;
    }

    /** 1-based line of the problem. */
    public int line() {
        return line;
    }

    /** 1-based column of the problem. */
    public int column() {
        return column;
    }

    /**
     * JSON path of the value being read (or, between members, of the last member read), e.g. {@code $},
     * {@code $.position.x}, {@code $[2].history[0]}, {@code $.a["b c"]}.
     */
    public String path() {
        return path;
    }

    /** What is wrong (Jackson's text), without the position. */
    public String problem() {
        return problem;
    }
}
