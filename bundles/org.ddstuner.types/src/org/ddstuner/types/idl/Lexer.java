package org.ddstuner.types.idl;

import java.math.BigInteger;

import org.ddstuner.types.idl.Token.Kind;

/**
 * Hand-written IDL lexer for one source text. A {@code #} first on a line yields a {@link Kind#DIRECTIVE}
 * token holding the whole directive line (continuations joined) for the {@link Preprocessor}.
 * Never throws on bad input: problems are reported and the offending characters skipped.
 */
final class Lexer {
    private final String file;
    private final String text;
    private final Problems problems;
    private int pos;
    private int line = 1;
    private int column = 1;
    private boolean lineStart = true;

    Lexer(String file, String text, Problems problems) {
        this.file = file;
        this.text = text;
        this.problems = problems;
    }

    /** A lexer whose tokens all report the position {@code at} (for macro bodies). */
    Lexer(String file, String text, Problems problems, int line, int column) {
        this(file, text, problems);
        this.line = line;
        this.column = column;
        this.lineStart = false;
    }

    Token next() {
        while (true) {
            skipSpaceAndComments();
            if (pos >= text.length()) {
                return token(Kind.EOF, "", null, line, column);
            }
            int l = line;
            int c = column;
            char ch = text.charAt(pos);
            if (ch == '#') {
                if (lineStart) {
                    return directive(l, c);
                }
                problems.error(file, l, c, "'#' must start a line (preprocessor directive)");
                advance();
                continue;
            }
            lineStart = false;
            if (ch == 'L' && pos + 1 < text.length() && (text.charAt(pos + 1) == '"' || text.charAt(pos + 1) == '\'')) {
                advance();
                return text.charAt(pos) == '"' ? string(Kind.WSTRING, l, c) : character(Kind.WCHAR, l, c);
            }
            if (Character.isLetter(ch) && ch < 128 || ch == '_') {
                return identifier(l, c);
            }
            if (isDigit(ch) || ch == '.' && pos + 1 < text.length() && isDigit(text.charAt(pos + 1))) {
                return number(l, c);
            }
            if (ch == '"') {
                return string(Kind.STRING, l, c);
            }
            if (ch == '\'') {
                return character(Kind.CHAR, l, c);
            }
            for (String p : new String[] {"::", "<<", ">>"}) {
                if (text.startsWith(p, pos)) {
                    advance();
                    advance();
                    return token(Kind.PUNCT, p, null, l, c);
                }
            }
            if (";{}()<>[],=+-*/%&|^~:@".indexOf(ch) >= 0) {
                advance();
                return token(Kind.PUNCT, String.valueOf(ch), null, l, c);
            }
            problems.error(file, l, c, "unexpected character " + printable(ch));
            advance();
        }
    }

    private static String printable(char ch) {
        return ch >= 32 && ch < 127 ? "'" + ch + "'" : String.format("U+%04X", (int) ch);
    }

    private Token token(Kind kind, String t, Object value, int l, int c) {
        return new Token(kind, t, value, file, l, c);
    }

    private void advance() {
        char ch = text.charAt(pos++);
        if (ch == '\n') {
            line++;
            column = 1;
            lineStart = true;
        } else {
            column++;
        }
    }

    private char peek(int ahead) {
        int p = pos + ahead;
        return p < text.length() ? text.charAt(p) : '\0';
    }

    private static boolean isDigit(char ch) {
        return ch >= '0' && ch <= '9';
    }

    private void skipSpaceAndComments() {
        while (pos < text.length()) {
            char ch = text.charAt(pos);
            if (ch == '\n' || ch == ' ' || ch == '\t' || ch == '\r' || ch == '\f' || ch == 0x0B) {
                advance();
            } else if (ch == '/' && peek(1) == '/') {
                while (pos < text.length() && text.charAt(pos) != '\n') {
                    advance();
                }
            } else if (ch == '/' && peek(1) == '*') {
                int l = line;
                int c = column;
                boolean wasLineStart = lineStart;
                advance();
                advance();
                while (pos < text.length() && !(text.charAt(pos) == '*' && peek(1) == '/')) {
                    advance();
                }
                if (pos >= text.length()) {
                    problems.error(file, l, c, "unterminated comment");
                    return;
                }
                advance();
                advance();
                lineStart = wasLineStart && lineStart;
            } else {
                return;
            }
        }
    }

    private Token directive(int l, int c) {
        StringBuilder sb = new StringBuilder();
        while (pos < text.length() && text.charAt(pos) != '\n') {
            char ch = text.charAt(pos);
            if (ch == '\\' && (peek(1) == '\n' || peek(1) == '\r' && peek(2) == '\n')) {
                advance();
                if (text.charAt(pos) == '\r') {
                    advance();
                }
                advance();
                sb.append(' ');
                continue;
            }
            if (ch == '/' && peek(1) == '/') {
                break;
            }
            if (ch == '/' && peek(1) == '*') {
                int l0 = line;
                int c0 = column;
                advance();
                advance();
                while (pos < text.length() && !(text.charAt(pos) == '*' && peek(1) == '/')) {
                    advance();
                }
                if (pos >= text.length()) {
                    problems.error(file, l0, c0, "unterminated comment");
                    break;
                }
                advance();
                advance();
                sb.append(' ');
                continue;
            }
            sb.append(ch);
            advance();
        }
        lineStart = true;
        return token(Kind.DIRECTIVE, sb.toString(), null, l, c);
    }

    private Token identifier(int l, int c) {
        int start = pos;
        while (pos < text.length() && (Character.isLetterOrDigit(text.charAt(pos)) && text.charAt(pos) < 128
                || text.charAt(pos) == '_')) {
            advance();
        }
        return token(Kind.IDENT, text.substring(start, pos), null, l, c);
    }

    private Token number(int l, int c) {
        int start = pos;
        if (text.charAt(pos) == '0' && (peek(1) == 'x' || peek(1) == 'X')) {
            advance();
            advance();
            int digits = pos;
            while (pos < text.length() && Character.digit(text.charAt(pos), 16) >= 0 && text.charAt(pos) < 128) {
                advance();
            }
            if (pos == digits) {
                problems.error(file, l, c, "hexadecimal literal without digits");
                return token(Kind.INTEGER, text.substring(start, pos), BigInteger.ZERO, l, c);
            }
            return intToken(start, new BigInteger(text.substring(digits, pos), 16), l, c);
        }
        while (pos < text.length() && isDigit(text.charAt(pos))) {
            advance();
        }
        boolean isFloat = false;
        if (pos < text.length() && text.charAt(pos) == '.') {
            isFloat = true;
            advance();
            while (pos < text.length() && isDigit(text.charAt(pos))) {
                advance();
            }
        }
        if (pos < text.length() && (text.charAt(pos) == 'e' || text.charAt(pos) == 'E')) {
            int mark = pos;
            int ml = line;
            int mc = column;
            advance();
            if (pos < text.length() && (text.charAt(pos) == '+' || text.charAt(pos) == '-')) {
                advance();
            }
            if (pos < text.length() && isDigit(text.charAt(pos))) {
                isFloat = true;
                while (pos < text.length() && isDigit(text.charAt(pos))) {
                    advance();
                }
            } else {
                pos = mark;
                line = ml;
                column = mc;
            }
        }
        String literal = text.substring(start, pos);
        if (pos < text.length() && (text.charAt(pos) == 'd' || text.charAt(pos) == 'D')) {
            advance();
            problems.error(file, l, c, "fixed-point literals are not supported");
            return token(Kind.FLOAT, literal, 0.0, l, c);
        }
        if (isFloat) {
            double d = Double.parseDouble(literal);
            if (Double.isInfinite(d)) {
                problems.error(file, l, c, "floating-point literal '" + literal + "' is out of range");
                d = 0;
            }
            return token(Kind.FLOAT, literal, d, l, c);
        }
        if (literal.length() > 1 && literal.charAt(0) == '0') {
            for (char ch : literal.toCharArray()) {
                if (ch > '7') {
                    problems.error(file, l, c, "invalid digit in octal literal '" + literal + "'");
                    return token(Kind.INTEGER, literal, BigInteger.ZERO, l, c);
                }
            }
            return intToken(start, new BigInteger(literal, 8), l, c);
        }
        return intToken(start, new BigInteger(literal), l, c);
    }

    private Token intToken(int start, BigInteger value, int l, int c) {
        if (value.bitLength() > 64) {
            problems.error(file, l, c, "integer literal '" + text.substring(start, pos) + "' is too large");
            value = BigInteger.ZERO;
        }
        if (pos < text.length() && (Character.isLetter(text.charAt(pos)) || text.charAt(pos) == '_')) {
            problems.error(file, line, column, "invalid suffix on integer literal");
            identifier(line, column);
        }
        return token(Kind.INTEGER, text.substring(start, pos), value, l, c);
    }

    private Token string(Kind kind, int l, int c) {
        advance();
        StringBuilder sb = new StringBuilder();
        while (true) {
            if (pos >= text.length() || text.charAt(pos) == '\n') {
                problems.error(file, l, c, "unterminated string literal");
                break;
            }
            char ch = text.charAt(pos);
            if (ch == '"') {
                advance();
                break;
            }
            if (ch == '\\') {
                escape(sb);
            } else {
                sb.append(ch);
                advance();
            }
        }
        return token(kind, sb.toString(), sb.toString(), l, c);
    }

    private Token character(Kind kind, int l, int c) {
        advance();
        StringBuilder sb = new StringBuilder();
        while (pos < text.length() && text.charAt(pos) != '\'' && text.charAt(pos) != '\n') {
            if (text.charAt(pos) == '\\') {
                escape(sb);
            } else {
                sb.append(text.charAt(pos));
                advance();
            }
        }
        if (pos >= text.length() || text.charAt(pos) != '\'') {
            problems.error(file, l, c, "unterminated character literal");
            return token(kind, sb.toString(), '\0', l, c);
        }
        advance();
        if (sb.length() != 1) {
            problems.error(file, l, c, sb.isEmpty() ? "empty character literal" : "character literal with more than one character");
            return token(kind, sb.toString(), '\0', l, c);
        }
        return token(kind, sb.toString(), sb.charAt(0), l, c);
    }

    private void escape(StringBuilder sb) {
        int l = line;
        int c = column;
        advance();
        if (pos >= text.length()) {
            return;
        }
        char e = text.charAt(pos);
        advance();
        switch (e) {
            case 'n' -> sb.append('\n');
            case 't' -> sb.append('\t');
            case 'v' -> sb.append('\u000B');
            case 'b' -> sb.append('\b');
            case 'r' -> sb.append('\r');
            case 'f' -> sb.append('\f');
            case 'a' -> sb.append('\u0007');
            case '\\', '?', '\'', '"' -> sb.append(e);
            case 'x' -> sb.append((char) digits(16, 2, l, c));
            case 'u' -> sb.append((char) digits(16, 4, l, c));
            default -> {
                if (e >= '0' && e <= '7') {
                    pos--;
                    column--;
                    sb.append((char) digits(8, 3, l, c));
                } else {
                    problems.error(file, l, c, "unknown escape sequence '\\" + e + "'");
                }
            }
        }
    }

    private int digits(int radix, int max, int l, int c) {
        int value = 0;
        int n = 0;
        while (n < max && pos < text.length() && Character.digit(text.charAt(pos), radix) >= 0 && text.charAt(pos) < 128) {
            value = value * radix + Character.digit(text.charAt(pos), radix);
            advance();
            n++;
        }
        if (n == 0) {
            problems.error(file, l, c, "escape sequence without digits");
        }
        return value & 0xFFFF;
    }
}
