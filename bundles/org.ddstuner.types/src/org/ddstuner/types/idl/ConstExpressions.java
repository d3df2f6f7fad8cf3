package org.ddstuner.types.idl;

import java.math.BigInteger;
import java.util.Optional;

import org.ddstuner.types.Annotation;
import org.ddstuner.types.DdsType;
import org.ddstuner.types.EnumType;
import org.ddstuner.types.Enumerator;
import org.ddstuner.types.PrimitiveType;
import org.ddstuner.types.StringType;
import org.ddstuner.types.idl.Token.Kind;

/**
 * Parses and evaluates IDL constant expressions ({@code | ^ & << >> + - * / % ~}, literals, names of
 * constants and enumerators) while parsing. Integer values are {@link BigInteger} and must stay within
 * 64 bits; floating values are {@link Double}.
 */
final class ConstExpressions {
    private static final BigInteger MIN = BigInteger.valueOf(Long.MIN_VALUE);
    private static final BigInteger MAX = BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);

    private final Cursor in;
    private final Symbols symbols;
    private String scope = "";
    private boolean annotation;
    /** Inside {@code <…>} a {@code >>} closes templates instead of shifting (as in C++11). */
    private boolean inAngle;
    /** Bits of the unsigned type being defined, so that {@code ~0} means all ones; 0 otherwise. */
    private int unsignedBits;

    ConstExpressions(Cursor in, Symbols symbols) {
        this.in = in;
        this.symbols = symbols;
    }

    /** Evaluates an expression; in annotation parameters unknown names become {@link Annotation.Symbol}. */
    Object evaluate(String inScope, boolean inAnnotation) {
        this.scope = inScope;
        this.annotation = inAnnotation;
        this.inAngle = false;
        this.unsignedBits = 0;
        return or();
    }

    /** Evaluates the value of a constant of type {@code type} ({@code ~} masks to unsigned widths). */
    Object evaluateFor(String inScope, DdsType type) {
        this.scope = inScope;
        this.annotation = false;
        this.inAngle = false;
        // idlc evaluates ~ in signed 64-bit arithmetic (~0 is -1, "overflows" an unsigned type): do the same
        this.unsignedBits = 0;
        return or();
    }

    /** A bound: like {@link #positive} but 0 (meaning unbounded, as idlc accepts) is allowed. */
    int bound(String inScope, String what) {
        Token at = in.peek();
        if (at.kind() == Kind.INTEGER && java.math.BigInteger.ZERO.equals(at.value())
                && (in.peek(1).is(">") || in.peek(1).is(">>"))) {
            in.next();
            return 0;
        }
        return positive(inScope, what, true);
    }

    /** A positive integer (bound, array size) that fits in an int. */
    int positive(String inScope, String what, boolean angle) {
        Token at = in.peek();
        this.scope = inScope;
        this.annotation = false;
        this.unsignedBits = 0;
        this.inAngle = angle;
        Object v = or();
        if (!(v instanceof BigInteger i)) {
            throw new SyntaxError(at, what + " must be an integer constant");
        }
        if (i.signum() <= 0 || i.bitLength() > 31) {
            throw new SyntaxError(at, what + " must be between 1 and " + Integer.MAX_VALUE + ", got " + i);
        }
        return i.intValue();
    }

    private Object or() {
        Object v = xor();
        while (in.peek().is("|") && in.peek().kind() == Kind.PUNCT) {
            Token op = in.next();
            v = integer(op, v).or(integer(op, xor()));
        }
        return v;
    }

    private Object xor() {
        Object v = and();
        while (in.peek().is("^") && in.peek().kind() == Kind.PUNCT) {
            Token op = in.next();
            v = integer(op, v).xor(integer(op, and()));
        }
        return v;
    }

    private Object and() {
        Object v = shift();
        while (in.peek().is("&") && in.peek().kind() == Kind.PUNCT) {
            Token op = in.next();
            v = integer(op, v).and(integer(op, shift()));
        }
        return v;
    }

    private Object shift() {
        Object v = add();
        while ((in.peek().is("<<") || in.peek().is(">>") && !inAngle) && in.peek().kind() == Kind.PUNCT) {
            Token op = in.next();
            BigInteger left = integer(op, v);
            BigInteger right = integer(op, add());
            if (right.signum() < 0 || right.compareTo(BigInteger.valueOf(64)) >= 0) {
                throw new SyntaxError(op, "shift count " + right + " is out of range 0..63");
            }
            v = check(op, op.text().equals("<<") ? left.shiftLeft(right.intValue()) : left.shiftRight(right.intValue()));
        }
        return v;
    }

    private Object add() {
        Object v = mul();
        while ((in.peek().is("+") || in.peek().is("-")) && in.peek().kind() == Kind.PUNCT) {
            Token op = in.next();
            Object r = mul();
            boolean plus = op.text().equals("+");
            if (v instanceof String a && r instanceof String b && plus) {
                v = a + b;
            } else if (v instanceof BigInteger a && r instanceof BigInteger b) {
                v = check(op, plus ? a.add(b) : a.subtract(b));
            } else {
                v = plus ? number(op, v) + number(op, r) : number(op, v) - number(op, r);
            }
        }
        return v;
    }

    private Object mul() {
        Object v = unary();
        while ((in.peek().is("*") || in.peek().is("/") || in.peek().is("%")) && in.peek().kind() == Kind.PUNCT) {
            Token op = in.next();
            Object r = unary();
            if (v instanceof BigInteger a && r instanceof BigInteger b) {
                if (!op.text().equals("*") && b.signum() == 0) {
                    throw new SyntaxError(op, "division by zero in constant expression");
                }
                v = check(op, switch (op.text()) {
                    case "*" -> a.multiply(b);
                    case "/" -> a.divide(b);
                    default -> a.remainder(b);
                });
            } else if (op.text().equals("%")) {
                throw new SyntaxError(op, "'%' needs integer operands");
            } else {
                double d = op.text().equals("*") ? number(op, v) * number(op, r) : number(op, v) / number(op, r);
                if (Double.isInfinite(d) || Double.isNaN(d)) {
                    throw new SyntaxError(op, "floating-point constant expression out of range");
                }
                v = d;
            }
        }
        return v;
    }

    private Object unary() {
        Token t = in.peek();
        if (t.kind() == Kind.PUNCT && (t.text().equals("-") || t.text().equals("+") || t.text().equals("~"))) {
            in.next();
            Object v = unary();
            return switch (t.text()) {
                case "-" -> v instanceof BigInteger i ? check(t, i.negate()) : -number(t, v);
                case "+" -> v instanceof BigInteger ? v : number(t, v);
                default -> unsignedBits > 0
                        ? integer(t, v).not().and(BigInteger.ONE.shiftLeft(unsignedBits).subtract(BigInteger.ONE))
                        : check(t, integer(t, v).not());
            };
        }
        return primary();
    }

    private Object primary() {
        Token t = in.peek();
        switch (t.kind()) {
            case INTEGER, FLOAT, CHAR, WCHAR -> {
                in.next();
                return t.value();
            }
            case STRING, WSTRING -> {
                in.next();
                StringBuilder sb = new StringBuilder((String) t.value());
                while (in.peek().kind() == Kind.STRING || in.peek().kind() == Kind.WSTRING) {
                    sb.append((String) in.next().value());
                }
                return sb.toString();
            }
            case PUNCT -> {
                if (t.text().equals("(")) {
                    in.next();
                    boolean outerAngle = inAngle;
                    inAngle = false;
                    Object v = or();
                    inAngle = outerAngle;
                    in.expect(")", "to close '('");
                    return v;
                }
                if (t.text().equals("::")) {
                    return name();
                }
                throw new SyntaxError(t, "expected a constant expression, found " + t.describe());
            }
            case IDENT -> {
                if (t.text().equals("TRUE") || t.text().equals("FALSE")) {
                    in.next();
                    return t.text().equals("TRUE");
                }
                return name();
            }
            default -> throw new SyntaxError(t, "expected a constant expression, found " + t.describe());
        }
    }

    private Object name() {
        Token at = in.peek();
        String name = IdlReader.scopedName(in);
        Optional<String> full = symbols.lookup(name, scope);
        if (full.isPresent()) {
            Symbols.Kind kind = symbols.kinds.get(full.get());
            if (kind == Symbols.Kind.CONST) {
                var c = symbols.constants.get(full.get());
                if (c.value() instanceof Enumerator e && symbols.unalias(c.type()) instanceof EnumType et) {
                    return new EnumLiteral(et.name(), e);
                }
                return c.value();
            }
            if (kind == Symbols.Kind.ENUMERATOR && !annotation) {
                return new EnumLiteral(symbols.enumeratorOwner.get(full.get()), symbols.enumerators.get(full.get()));
            }
        }
        if (annotation) {
            return new Annotation.Symbol(name);
        }
        throw new SyntaxError(at, full.isPresent() ? "'" + name + "' is a " + symbols.kinds.get(full.get()).label
                + ", not a constant" : "unknown constant '" + name + "'");
    }

    /** An enumerator during evaluation, with the enum it belongs to. */
    record EnumLiteral(String enumName, Enumerator enumerator) {
    }

    private static BigInteger check(Token at, BigInteger v) {
        if (v.compareTo(MIN) < 0 || v.compareTo(MAX) > 0) {
            throw new SyntaxError(at, "constant expression overflows 64 bits");
        }
        return v;
    }

    private static BigInteger integer(Token op, Object v) {
        if (v instanceof BigInteger i) {
            return i;
        }
        throw new SyntaxError(op, "'" + op.text() + "' needs integer operands, not " + describe(v));
    }

    private static double number(Token op, Object v) {
        if (v instanceof BigInteger i) {
            return i.doubleValue();
        }
        if (v instanceof Double d) {
            return d;
        }
        throw new SyntaxError(op, "'" + op.text() + "' needs numeric operands, not " + describe(v));
    }

    static String describe(Object v) {
        return switch (v) {
            case String s -> "a string";
            case Character c -> "a character";
            case Boolean b -> "a boolean";
            case Enumerator e -> "enumerator '" + e.name() + "'";
            case EnumLiteral e -> "enumerator '" + e.enumerator().name() + "'";
            case Annotation.Symbol s -> "'" + s.name() + "'";
            default -> "'" + v + "'";
        };
    }

    /** Converts an evaluated value to the declared type of a constant or label, or throws. */
    static Object coerce(Object v, DdsType resolved, Token at) {
        String bad = "constant of type " + typeLabel(resolved) + " cannot hold " + describe(v);
        switch (resolved) {
            case PrimitiveType p when p.isInteger() -> {
                if (!(v instanceof BigInteger i)) {
                    throw new SyntaxError(at, bad);
                }
                int bits = p.size() * 8;
                BigInteger lo = p.isSigned() ? BigInteger.ONE.shiftLeft(bits - 1).negate() : BigInteger.ZERO;
                BigInteger hi = p.isSigned() ? BigInteger.ONE.shiftLeft(bits - 1).subtract(BigInteger.ONE)
                        : BigInteger.ONE.shiftLeft(bits).subtract(BigInteger.ONE);
                if (i.compareTo(lo) < 0 || i.compareTo(hi) > 0) {
                    throw new SyntaxError(at, "value " + i + " is out of range for " + p.idlName());
                }
                return i;
            }
            case PrimitiveType p when p.isFloat() -> {
                if (v instanceof BigInteger i) {
                    return i.doubleValue();
                }
                if (v instanceof Double) {
                    return v;
                }
                throw new SyntaxError(at, bad);
            }
            case PrimitiveType p when p.isChar() -> {
                if (v instanceof Character c && (p == PrimitiveType.CHAR16 || c < 256)) {
                    return c;
                }
                throw new SyntaxError(at, bad);
            }
            case PrimitiveType p -> {
                if (v instanceof Boolean) {
                    return v;
                }
                throw new SyntaxError(at, bad);
            }
            case StringType s -> {
                if (!(v instanceof String str)) {
                    throw new SyntaxError(at, bad);
                }
                if (s.bounded() && str.length() > s.bound()) {
                    throw new SyntaxError(at, "string constant is longer than its bound " + s.bound());
                }
                return str;
            }
            case EnumType e -> {
                if (v instanceof EnumLiteral l && e.name().equals(l.enumName())) {
                    return l.enumerator();
                }
                throw new SyntaxError(at, "expected an enumerator of '" + e.name() + "', got " + describe(v));
            }
            default -> throw new SyntaxError(at, "constants of type " + typeLabel(resolved) + " are not supported");
        }
    }

    static String typeLabel(DdsType t) {
        return switch (t) {
            case PrimitiveType p -> p.idlName();
            case StringType s -> s.wide() ? "wstring" : "string";
            case org.ddstuner.types.NamedType n -> "'" + n.name() + "'";
            default -> t.getClass().getSimpleName();
        };
    }
}
