package org.ddstuner.samples.internal;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.ddstuner.samples.FilterParseException;
import org.ddstuner.samples.SampleColumns;
import org.ddstuner.samples.SampleFilter.And;
import org.ddstuner.samples.SampleFilter.Compare;
import org.ddstuner.samples.SampleFilter.Node;
import org.ddstuner.samples.SampleFilter.Not;
import org.ddstuner.samples.SampleFilter.Op;
import org.ddstuner.samples.SampleFilter.Operand;
import org.ddstuner.samples.SampleFilter.Or;
import org.ddstuner.samples.SampleFilter.Truth;

/**
 * Recursive-descent parser of the {@link org.ddstuner.samples.SampleFilter} language:
 * <pre>
 * or      := and ('||' and)*
 * and     := unary ('&amp;&amp;' unary)*
 * unary   := '!' unary | '(' or ')' | operand (op operand)?
 * operand := number | string | true | false | null | path | '@' name
 * path    := name ('.' name | '[' integer ']')*
 * </pre>
 */
public final class FilterParser {

    private enum T { NAME, INFO, NUMBER, STRING, OP, AND, OR, NOT, LPAREN, RPAREN, END }

    private record Tok(T kind, String text, Object value, int column) {
    }

    private static final int MAX_DEPTH = 100;

    private final String text;
    private final List<Tok> toks = new ArrayList<>();
    private int pos;
    private int depth;

    public FilterParser(String text) {
        this.text = text;
    }

    public Node parse() {
        lex();
        Node n = or();
        Tok t = peek();
        if (t.kind() != T.END) {
            throw error(t, t.kind() == T.RPAREN ? "')' without '('" : "expected '&&', '||' or the end, found '"
                    + t.text() + "'");
        }
        return n;
    }

    private Node or() {
        Node n = and();
        while (peek().kind() == T.OR) {
            pos++;
            n = new Or(n, and());
        }
        return n;
    }

    private Node and() {
        Node n = unary();
        while (peek().kind() == T.AND) {
            pos++;
            n = new And(n, unary());
        }
        return n;
    }

    private Node unary() {
        if (++depth > MAX_DEPTH) {
            throw error(peek(), "expression nests deeper than " + MAX_DEPTH + " levels");
        }
        try {
            Tok t = peek();
            if (t.kind() == T.NOT) {
                pos++;
                return new Not(unary());
            }
            if (t.kind() == T.LPAREN) {
                pos++;
                Node n = or();
                Tok close = peek();
                if (close.kind() != T.RPAREN) {
                    throw error(close, "expected ')' to close the '(' at column " + t.column()
                            + (close.kind() == T.END ? ", found the end" : ", found '" + close.text() + "'"));
                }
                pos++;
                return n;
            }
            Operand left = operand();
            Tok op = peek();
            if (op.kind() != T.OP) {
                return new Truth(left);
            }
            pos++;
            Op o = switch (op.text()) {
                case "==" -> Op.EQ;
                case "!=" -> Op.NE;
                case "<" -> Op.LT;
                case "<=" -> Op.LE;
                case ">" -> Op.GT;
                case ">=" -> Op.GE;
                default -> Op.CONTAINS;
            };
            return new Compare(left, o, operand());
        } finally {
            depth--;
        }
    }

    private Operand operand() {
        Tok t = peek();
        pos++;
        return switch (t.kind()) {
            case NUMBER, STRING -> Operand.literal(t.value());
            case NAME -> switch (t.text()) {
                case "true" -> Operand.literal(Boolean.TRUE);
                case "false" -> Operand.literal(Boolean.FALSE);
                case "null" -> Operand.literal(null);
                default -> new Operand(t.text(), false, null);
            };
            case INFO -> {
                if (!SampleColumns.FILTER_NAMES.contains(t.text())) {
                    throw error(t, "unknown sample info field '@" + t.text() + "' (known: @"
                            + String.join(", @", SampleColumns.FILTER_NAMES) + ")");
                }
                yield new Operand(t.text(), true, null);
            }
            case END -> throw error(t, "expected a field, a number or a string, found the end");
            default -> throw error(t, "expected a field, a number or a string, found '" + t.text() + "'");
        };
    }

    private Tok peek() {
        return toks.get(pos);
    }

    private static FilterParseException error(Tok t, String message) {
        return new FilterParseException(t.column(), message);
    }

    // ---- lexer ----

    private static final Set<String> TWO_CHAR = Set.of("==", "!=", "<=", ">=", "&&", "||");

    private void lex() {
        int i = 0;
        int n = text.length();
        while (i < n) {
            char c = text.charAt(i);
            int col = i + 1;
            if (Character.isWhitespace(c)) {
                i++;
            } else if (i + 1 < n && TWO_CHAR.contains(text.substring(i, i + 2))) {
                String s = text.substring(i, i + 2);
                toks.add(new Tok(s.equals("&&") ? T.AND : s.equals("||") ? T.OR : T.OP, s, null, col));
                i += 2;
            } else if (c == '<' || c == '>') {
                toks.add(new Tok(T.OP, String.valueOf(c), null, col));
                i++;
            } else if (c == '!') {
                toks.add(new Tok(T.NOT, "!", null, col));
                i++;
            } else if (c == '(' || c == ')') {
                toks.add(new Tok(c == '(' ? T.LPAREN : T.RPAREN, String.valueOf(c), null, col));
                i++;
            } else if (c == '"' || c == '\'') {
                i = string(i, c);
            } else if (Character.isDigit(c) || ((c == '-' || c == '.') && i + 1 < n && Character.isDigit(text.charAt(i + 1)))) {
                i = number(i);
            } else if (c == '@') {
                int end = nameEnd(i + 1, false);
                if (end == i + 1) {
                    throw new FilterParseException(col, "expected a sample info name after '@'");
                }
                toks.add(new Tok(T.INFO, text.substring(i + 1, end), null, col));
                i = end;
            } else if (Character.isLetter(c) || c == '_') {
                int end = nameEnd(i, true);
                String name = text.substring(i, end);
                toks.add(name.equals("contains") ? new Tok(T.OP, name, null, col) : new Tok(T.NAME, name, null, col));
                i = end;
            } else if (c == '=' || c == '&' || c == '|') {
                throw new FilterParseException(col, "'" + c + "' alone is not an operator (did you mean '" + c + c + "'?)");
            } else {
                throw new FilterParseException(col, "unexpected character '" + c + "'");
            }
        }
        toks.add(new Tok(T.END, "", null, n + 1));
    }

    /** End of a name or path ({@code a.b[2].c}); checks brackets hold an integer. */
    private int nameEnd(int i, boolean path) {
        int n = text.length();
        while (i < n) {
            char c = text.charAt(i);
            if (Character.isLetterOrDigit(c) || c == '_') {
                i++;
            } else if (path && c == '.' && i + 1 < n && (Character.isLetter(text.charAt(i + 1)) || text.charAt(i + 1) == '_')) {
                i++;
            } else if (path && c == '[') {
                int close = text.indexOf(']', i);
                if (close < 0) {
                    throw new FilterParseException(i + 1, "'[' without ']'");
                }
                String idx = text.substring(i + 1, close).trim();
                if (!idx.matches("[0-9]{1,9}")) {
                    throw new FilterParseException(i + 2, "an index must be a whole number, not '" + idx + "'");
                }
                i = close + 1;
            } else {
                break;
            }
        }
        return i;
    }

    private int string(int start, char quote) {
        StringBuilder sb = new StringBuilder();
        int i = start + 1;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (c == '\\' && i + 1 < text.length()) {
                sb.append(text.charAt(i + 1));
                i += 2;
            } else if (c == quote) {
                toks.add(new Tok(T.STRING, text.substring(start, i + 1), sb.toString(), start + 1));
                return i + 1;
            } else {
                sb.append(c);
                i++;
            }
        }
        throw new FilterParseException(start + 1, "string not closed: missing " + quote);
    }

    private int number(int start) {
        int i = start;
        if (text.charAt(i) == '-') {
            i++;
        }
        while (i < text.length() && (Character.isLetterOrDigit(text.charAt(i)) || text.charAt(i) == '.'
                || ((text.charAt(i) == '-' || text.charAt(i) == '+') && (text.charAt(i - 1) == 'e' || text.charAt(i - 1) == 'E')))) {
            i++;
        }
        String s = text.substring(start, i);
        Object v;
        try {
            v = s.matches("-?[0-9]+") ? (Object) new BigInteger(s) : new BigDecimal(s);
        } catch (NumberFormatException e) {
            throw new FilterParseException(start + 1, "'" + s + "' is not a number");
        }
        toks.add(new Tok(T.NUMBER, s, v, start + 1));
        return i;
    }
}
