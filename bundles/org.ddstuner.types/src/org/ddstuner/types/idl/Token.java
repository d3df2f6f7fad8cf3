package org.ddstuner.types.idl;

/** A lexical token with its position; {@code value} holds the literal's value for literals. */
record Token(Kind kind, String text, Object value, String file, int line, int column) {
    enum Kind {
        IDENT, INTEGER, FLOAT, CHAR, WCHAR, STRING, WSTRING, PUNCT, DIRECTIVE, PRAGMA, EOF
    }

    boolean is(String punctOrKeyword) {
        return (kind == Kind.PUNCT || kind == Kind.IDENT) && text.equals(punctOrKeyword);
    }

    Token at(Token position) {
        return new Token(kind, text, value, position.file, position.line, position.column);
    }

    String describe() {
        return switch (kind) {
            case EOF -> "end of file";
            case STRING, WSTRING -> "string literal";
            case CHAR, WCHAR -> "character literal";
            default -> "'" + text + "'";
        };
    }
}
