package org.ddstuner.types.idl;

/** Thrown inside the parser to abandon a declaration; caught and recorded where the parser recovers. */
final class SyntaxError extends RuntimeException {
    private static final long serialVersionUID = 1L;
    final transient Token at;

    SyntaxError(Token at, String message) {
        super(message, null, false, false);
        this.at = at;
    }
}
