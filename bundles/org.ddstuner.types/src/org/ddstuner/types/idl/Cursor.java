package org.ddstuner.types.idl;

import java.util.List;
import java.util.function.Consumer;

import org.ddstuner.types.idl.Token.Kind;

/** Walks the token list for the parser; hands {@code #pragma} tokens to a listener as it passes them. */
final class Cursor {
    private final List<Token> tokens;
    private final Consumer<Token> pragmas;
    private int index;
    /** A '>' left over after splitting a '>>' token in {@code sequence<sequence<T>>}. */
    private Token pendingClose;
    private Token previous;

    Cursor(List<Token> tokens, Consumer<Token> pragmas) {
        this.tokens = tokens;
        this.pragmas = pragmas;
    }

    int position() {
        return index * 2 + (pendingClose == null ? 0 : 1);
    }

    Token peek() {
        if (pendingClose != null) {
            return pendingClose;
        }
        skipPragmas();
        return tokens.get(index);
    }

    /** Lookahead past the next token (pragmas excluded). */
    Token peek(int ahead) {
        int i = index;
        int seen = pendingClose != null ? 1 : 0;
        while (true) {
            while (i < tokens.size() - 1 && tokens.get(i).kind() == Kind.PRAGMA) {
                i++;
            }
            if (seen == ahead || i >= tokens.size() - 1) {
                return tokens.get(i);
            }
            seen++;
            i++;
        }
    }

    private void skipPragmas() {
        while (tokens.get(index).kind() == Kind.PRAGMA) {
            pragmas.accept(tokens.get(index));
            index++;
        }
    }

    Token next() {
        Token t = peek();
        previous = t;
        if (pendingClose != null) {
            pendingClose = null;
        } else if (t.kind() != Kind.EOF) {
            index++;
        }
        return t;
    }

    boolean atEof() {
        return peek().kind() == Kind.EOF;
    }

    boolean accept(String punct) {
        if (peek().is(punct) && peek().kind() == Kind.PUNCT) {
            next();
            return true;
        }
        return false;
    }

    boolean acceptKeyword(String keyword) {
        if (peek().kind() == Kind.IDENT && peek().text().equals(keyword)) {
            next();
            return true;
        }
        return false;
    }

    Token expect(String punct, String context) {
        Token t = peek();
        if (t.kind() == Kind.PUNCT && t.text().equals(punct)) {
            return next();
        }
        throw new SyntaxError(missingAfter(t), "expected '" + punct + "' " + context + ", found " + t.describe());
    }

    /** A missing terminator is reported right after the previous token when the next one is on a later line. */
    private Token missingAfter(Token found) {
        if (previous == null || found.line() <= previous.line() || !previous.file().equals(found.file())
                || previous.kind() == Kind.STRING || previous.kind() == Kind.WSTRING) {
            return found;
        }
        return new Token(found.kind(), found.text(), null, previous.file(), previous.line(),
                previous.column() + previous.text().length());
    }

    /** Expects a '>' and splits a '>>' so that nested template closes work. */
    Token expectCloseAngle(String context) {
        Token t = peek();
        if (t.kind() == Kind.PUNCT && t.text().equals(">>")) {
            next();
            pendingClose = new Token(Kind.PUNCT, ">", null, t.file(), t.line(), t.column() + 1);
            return t;
        }
        return expect(">", context);
    }

    Token expectIdentifier(String what) {
        Token t = peek();
        if (t.kind() == Kind.IDENT) {
            return next();
        }
        throw new SyntaxError(t, "expected " + what + ", found " + t.describe());
    }
}
