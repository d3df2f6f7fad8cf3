package org.ddstuner.samples.ui.writer;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;
import java.util.Locale;

import org.ddstuner.types.BitmaskType;
import org.ddstuner.types.DdsType;
import org.ddstuner.types.EnumType;
import org.ddstuner.types.Enumerator;
import org.ddstuner.types.Member;
import org.ddstuner.types.PrimitiveType;
import org.ddstuner.types.StringType;
import org.ddstuner.types.TypeLibrary;
import org.ddstuner.types.Values;

/**
 * A value typed as text: a primitive, a string, an enum (chosen by name) or a bitmask (its bits as a
 * number). The text is parsed on every change; one that does not fit the type (not a number, out of the
 * type's range, longer than the string bound, no such enumerator) keeps the text and sets {@link #error()}.
 */
public final class LeafNode extends EditNode {

    private final DdsType type;
    private String text;
    private Object parsed;
    private String error;

    LeafNode(TypeLibrary library, DdsType declared, Member member, String label, DdsType resolved, Object value) {
        super(library, declared, member, label);
        this.type = resolved;
        setText(format(value));
    }

    /** The person typed {@code newText} (or chose it in a combo). */
    public void setText(String newText) {
        text = newText == null ? "" : newText;
        error = null;
        try {
            parsed = parse(text);
        } catch (IllegalArgumentException e) {
            parsed = null;
            error = e.getMessage();
        }
    }

    public String text() {
        return text;
    }

    @Override
    public String error() {
        return error;
    }

    @Override
    public List<EditNode> children() {
        return List.of();
    }

    @Override
    protected Object build() {
        if (error != null) {
            throw new IllegalStateException(path() + ": " + error);
        }
        return parsed;
    }

    @Override
    public String valueText() {
        return present() ? text : "(not set)";
    }

    /** The names to choose from (enum, boolean), or null for free text. */
    public List<String> choices() {
        if (type instanceof EnumType e) {
            return e.enumerators().stream().map(Enumerator::name).toList();
        }
        if (type == PrimitiveType.BOOLEAN) {
            return List.of("false", "true");
        }
        return null;
    }

    private static String format(Object v) {
        return switch (v) {
            case null -> "";
            case Enumerator e -> e.name();
            case BigDecimal d -> d.toPlainString();
            default -> v.toString();
        };
    }

    private Object parse(String s) {
        return switch (type) {
            case StringType st -> {
                if (st.bounded() && s.codePointCount(0, s.length()) > st.bound()) {
                    throw new IllegalArgumentException("longer than the bound: " + s.codePointCount(0, s.length())
                            + " characters, at most " + st.bound());
                }
                yield s;
            }
            case EnumType e -> e.byName(s.strip()).orElseThrow(() -> new IllegalArgumentException(
                    "no enumerator '" + s.strip() + "' (one of " + choices() + ")"));
            case BitmaskType b -> {
                long bits = integer(s, "a bit mask").longValue();
                if (b.bitBound() < 64 && (bits < 0 || bits >= 1L << b.bitBound())) {
                    throw new IllegalArgumentException("more than " + b.bitBound() + " bits");
                }
                yield bits;
            }
            case PrimitiveType p -> primitive(p, s.strip());
            default -> throw new IllegalArgumentException("cannot edit a " + type);
        };
    }

    private Object primitive(PrimitiveType p, String s) {
        if (p == PrimitiveType.BOOLEAN) {
            return switch (s.toLowerCase(Locale.ROOT)) {
                case "true", "1" -> Boolean.TRUE;
                case "false", "0" -> Boolean.FALSE;
                default -> throw new IllegalArgumentException("not a boolean: '" + s + "' (true or false)");
            };
        }
        if (p.isChar()) {
            if (s.length() != 1 && !text.isEmpty()) {
                throw new IllegalArgumentException("a " + p.idlName() + " is one character");
            }
            char c = text.isEmpty() ? '\0' : text.charAt(0);
            if (p == PrimitiveType.CHAR8 && c > 0xff) {
                throw new IllegalArgumentException("not a one-byte character: '" + c + "'");
            }
            return c;
        }
        if (p.isFloat()) {
            return floating(p, s);
        }
        BigInteger n = integer(s, "an integer");
        return Values.convert(library, p, n).orElseThrow(() -> new IllegalArgumentException(
                n + " is out of the range of " + p.idlName() + " (" + range(p) + ")"));
    }

    private static Object floating(PrimitiveType p, String s) {
        try {
            if (p == PrimitiveType.FLOAT128) {
                return new BigDecimal(s);
            }
            double d = Double.parseDouble(s);
            if (p == PrimitiveType.FLOAT32) {
                if (Double.isFinite(d) && Math.abs(d) > Float.MAX_VALUE) {
                    throw new IllegalArgumentException(s + " is out of the range of float");
                }
                return (float) d;
            }
            return d;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("not a number: '" + s + "'");
        }
    }

    private static BigInteger integer(String s, String what) {
        try {
            if (s.startsWith("0x") || s.startsWith("0X")) {
                return new BigInteger(s.substring(2), 16);
            }
            if (s.startsWith("-0x") || s.startsWith("-0X")) {
                return new BigInteger(s.substring(3), 16).negate();
            }
            return new BigInteger(s);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("not " + what + ": '" + s + "'");
        }
    }

    private static String range(PrimitiveType p) {
        if (p == PrimitiveType.UINT64) {
            return "0 to 18446744073709551615";
        }
        int bits = p.size() * 8;
        if (p.isSigned()) {
            return "-" + BigInteger.TWO.pow(bits - 1) + " to " + BigInteger.TWO.pow(bits - 1).subtract(BigInteger.ONE);
        }
        return "0 to " + BigInteger.TWO.pow(bits).subtract(BigInteger.ONE);
    }
}
