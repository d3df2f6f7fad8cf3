package org.ddstuner.health;

/**
 * A rules file that cannot be used: unreadable, not JSON, or a rule that makes no sense. The message reads
 * {@code FILE: line L, column C: what} so an editor can jump there; nothing is written when this is thrown.
 */
public final class RulesFileException extends Exception {
    private static final long serialVersionUID = 1L;
    private final int line;
    private final int column;

    public RulesFileException(String source, int line, int column, String problem) {
        super(source + ": line " + line + ", column " + column + ": " + problem);
        this.line = line;
        this.column = column;
    }

    public RulesFileException(String message) {
        super(message);
        this.line = 0;
        this.column = 0;
    }

    /** 1-based, 0 when the problem has no place (an unreadable file). */
    public int line() {
        return line;
    }

    public int column() {
        return column;
    }
}
