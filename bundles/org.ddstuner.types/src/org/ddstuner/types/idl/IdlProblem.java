package org.ddstuner.types.idl;

/**
 * One error or warning in an IDL source, shown as {@code file:line:column: message}.
 *
 * @param file   the file name as given (or the name passed with the text)
 * @param line   1-based line
 * @param column 1-based column (a tab counts as one)
 */
public record IdlProblem(String file, int line, int column, String message) {
    @Override
    public String toString() {
        return file + ":" + line + ":" + column + ": " + message;
    }
}
