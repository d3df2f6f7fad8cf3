package org.ddstuner.samples;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Predicate;

import org.ddstuner.samples.internal.FilterParser;
import org.ddstuner.types.Enumerator;

/**
 * A filter on samples, parsed from a small expression language:
 * <pre>
 *   sensor_id == 2 &amp;&amp; (position.x &gt; 1.5 || !(unit == "degC"))
 *   kind == "PRESSURE"   history[0] &gt;= 3   args contains "set"   name contains 'act'
 *   &#64;instance_state == "NOT_ALIVE_DISPOSED"   &#64;latency_us &lt; 500   &#64;writer contains "0110"
 * </pre>
 * Operands are field paths (as in {@link SampleColumns}: {@code a.b}, {@code v[2]}), sample-info fields
 * prefixed with {@code @} ({@code @seq, @valid, @instance_state, @sample_state, @view_state, @writer,
 * @latency_us, @size, @source_timestamp}), numbers, strings in single or double quotes, {@code true},
 * {@code false}, {@code null}. Operators: {@code == != < <= > >= contains}, {@code && || !} and
 * parentheses. Numbers compare by value whatever their Java type; an enum compares with a string by its
 * enumerator name and with a number by its value; a field that is absent (optional member, index past a
 * sequence's end, undecoded sample) makes a comparison false ({@code == null} true).
 */
public final class SampleFilter implements Predicate<ReceivedSample> {

    /** The parsed tree. */
    public sealed interface Node permits Not, And, Or, Compare, Truth {
    }

    public record Not(Node operand) implements Node {
    }

    public record And(Node left, Node right) implements Node {
    }

    public record Or(Node left, Node right) implements Node {
    }

    public enum Op { EQ, NE, LT, LE, GT, GE, CONTAINS }

    /** An operand: a field path, an info field ({@code @name}) or a literal. */
    public record Operand(String path, boolean info, Object literal) {
        public static Operand literal(Object v) {
            return new Operand(null, false, v);
        }
    }

    public record Compare(Operand left, Op op, Operand right) implements Node {
    }

    /** A lone operand used as a condition: true when it is the boolean true. */
    public record Truth(Operand operand) implements Node {
    }

    /** Accepts everything. */
    public static final SampleFilter ALL = new SampleFilter("", null);

    private final String text;
    private final Node root;

    private SampleFilter(String text, Node root) {
        this.text = text;
        this.root = root;
    }

    /**
     * Parses an expression; blank text gives {@link #ALL}.
     *
     * @throws FilterParseException with the 1-based column of the problem
     */
    public static SampleFilter parse(String text) {
        if (text == null || text.isBlank()) {
            return ALL;
        }
        return new SampleFilter(text, new FilterParser(text).parse());
    }

    public String text() {
        return text;
    }

    public Node root() {
        return root;
    }

    @Override
    public boolean test(ReceivedSample s) {
        return root == null || eval(root, s);
    }

    /** Applies the filter to a list. */
    public List<ReceivedSample> apply(List<ReceivedSample> samples) {
        return root == null ? samples : samples.stream().filter(this).toList();
    }

    private static boolean eval(Node n, ReceivedSample s) {
        return switch (n) {
            case Not x -> !eval(x.operand(), s);
            case And x -> eval(x.left(), s) && eval(x.right(), s);
            case Or x -> eval(x.left(), s) || eval(x.right(), s);
            case Truth t -> Boolean.TRUE.equals(value(t.operand(), s));
            case Compare c -> compare(value(c.left(), s), c.op(), value(c.right(), s));
        };
    }

    private static Object value(Operand o, ReceivedSample s) {
        if (o.path() == null) {
            return o.literal();
        }
        return o.info() ? SampleColumns.infoValue(s, o.path()) : s.field(o.path());
    }

    static boolean compare(Object a, Op op, Object b) {
        if (op == Op.CONTAINS) {
            if (a instanceof List<?> l) {
                return l.stream().anyMatch(e -> compare(e, Op.EQ, b));
            }
            if (a instanceof Map<?, ?> m) {
                return m.values().stream().anyMatch(e -> compare(e, Op.EQ, b));
            }
            return a != null && b != null && SampleColumns.text(a).contains(SampleColumns.text(b));
        }
        if (a == null || b == null) {
            boolean same = a == null && b == null;
            return op == Op.EQ ? same : op == Op.NE && !same;
        }
        Integer cmp = order(a, b);
        if (cmp == null) {
            boolean eq = Objects.equals(a, b);
            return op == Op.EQ ? eq : op == Op.NE && !eq;
        }
        return switch (op) {
            case EQ -> cmp == 0;
            case NE -> cmp != 0;
            case LT -> cmp < 0;
            case LE -> cmp <= 0;
            case GT -> cmp > 0;
            case GE -> cmp >= 0;
            case CONTAINS -> throw new IllegalStateException();
        };
    }

    /** The order of two values, or null when they are not comparable (then only == and != mean something). */
    private static Integer order(Object a, Object b) {
        if (a instanceof Enumerator e) {
            a = b instanceof Number ? (Object) e.value() : e.name();
        }
        if (b instanceof Enumerator e) {
            b = a instanceof Number ? (Object) e.value() : e.name();
        }
        if (a instanceof Character c && b instanceof String) {
            a = String.valueOf(c);
        }
        if (b instanceof Character c && a instanceof String) {
            b = String.valueOf(c);
        }
        BigDecimal x = number(a);
        BigDecimal y = number(b);
        if (x != null && y != null) {
            return x.compareTo(y);
        }
        if (a instanceof String p && b instanceof String q) {
            return p.compareTo(q);
        }
        if (a instanceof Boolean p && b instanceof Boolean q) {
            return Boolean.compare(p, q);
        }
        return null;
    }

    private static BigDecimal number(Object v) {
        return switch (v) {
            case BigDecimal d -> d;
            case BigInteger i -> new BigDecimal(i);
            case Double d when d.isNaN() || d.isInfinite() -> null;
            case Float f when f.isNaN() || f.isInfinite() -> null;
            case Double d -> BigDecimal.valueOf(d);
            case Float f -> new BigDecimal(f.toString());
            case Number n -> BigDecimal.valueOf(n.longValue());
            default -> null;
        };
    }

    @Override
    public String toString() {
        return text;
    }
}
