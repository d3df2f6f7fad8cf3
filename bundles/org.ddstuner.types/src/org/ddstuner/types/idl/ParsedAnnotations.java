package org.ddstuner.types.idl;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.ddstuner.types.Annotation;
import org.ddstuner.types.AutoId;
import org.ddstuner.types.Extensibility;
import org.ddstuner.types.MemberIds;
import org.ddstuner.types.idl.Token.Kind;

/**
 * The annotations written before one declaration. Parses {@code @name}, {@code @name(expr)},
 * {@code @name(a=expr, b=expr)}; takes out the ones a declaration interprets (extensibility, key…) and
 * keeps the rest as data. Unknown names are kept and reported as a warning.
 */
final class ParsedAnnotations {
    private static final Set<String> STANDARD = Set.of("id", "autoid", "optional", "extensibility", "final",
            "appendable", "mutable", "key", "must_understand", "default_literal", "default", "range", "min", "max",
            "unit", "bit_bound", "external", "nested", "verbatim", "service", "oneway", "ami", "hashid",
            "default_nested", "ignore_literal_names", "try_construct", "non_serialized", "data_representation",
            "topic", "position", "value", "Key");

    record Item(Token at, Annotation annotation) {
    }

    final List<Item> items;

    private ParsedAnnotations(List<Item> items) {
        this.items = items;
    }

    static ParsedAnnotations none() {
        return new ParsedAnnotations(new ArrayList<>());
    }

    /** Parses annotations at the cursor (none is fine). */
    static ParsedAnnotations parse(Cursor in, ConstExpressions expr, String scope, Problems problems) {
        List<Item> items = new ArrayList<>();
        while (in.peek().is("@") && in.peek().kind() == Kind.PUNCT
                && !(in.peek(1).is("annotation") && in.peek(2).kind() == Kind.IDENT)) {
            Token at = in.next();
            String name = IdlReader.scopedName(in);
            String simple = org.ddstuner.types.ScopedNames.simpleName(name);
            Map<String, Object> params = new LinkedHashMap<>();
            if (in.accept("(")) {
                if (!in.accept(")")) {
                    if (in.peek().kind() == Kind.IDENT && in.peek(1).is("=") && in.peek(1).kind() == Kind.PUNCT) {
                        do {
                            Token key = in.expectIdentifier("annotation parameter name");
                            in.expect("=", "after annotation parameter name");
                            if (params.put(key.text(), expr.evaluate(scope, true)) != null) {
                                throw new SyntaxError(key, "duplicate annotation parameter '" + key.text() + "'");
                            }
                        } while (in.accept(","));
                    } else {
                        params.put(Annotation.VALUE, expr.evaluate(scope, true));
                    }
                    in.expect(")", "to close the parameters of @" + simple);
                }
            }
            if (!STANDARD.contains(simple)) {
                problems.warning(at, "unknown annotation '@" + name + "' ignored");
            }
            items.add(new Item(at, new Annotation(simple.equals("Key") ? "key" : simple, params)));
        }
        return new ParsedAnnotations(items);
    }

    /** Removes and returns the annotation if present. */
    Item take(String name) {
        for (int i = 0; i < items.size(); i++) {
            if (items.get(i).annotation().name().equals(name)) {
                return items.remove(i);
            }
        }
        return null;
    }

    /** {@code @key}, {@code @key(TRUE)} → true; {@code @key(FALSE)} → false; absent → false. */
    boolean takeFlag(String name) {
        Item item = take(name);
        if (item == null) {
            return false;
        }
        Object v = item.annotation().value().orElse(Boolean.TRUE);
        if (!(v instanceof Boolean b)) {
            throw new SyntaxError(item.at(), "@" + name + " takes TRUE or FALSE");
        }
        return b;
    }

    Extensibility takeExtensibility(Extensibility dflt) {
        Extensibility found = null;
        Token foundAt = null;
        for (String kind : List.of("final", "appendable", "mutable", "extensibility")) {
            Item item;
            while ((item = take(kind)) != null) {
                Extensibility e;
                if (kind.equals("extensibility")) {
                    String v = String.valueOf(item.annotation().value().orElse(""));
                    try {
                        e = Extensibility.valueOf(v);
                    } catch (IllegalArgumentException ex) {
                        throw new SyntaxError(item.at(), "@extensibility takes FINAL, APPENDABLE or MUTABLE, not '" + v + "'");
                    }
                } else {
                    e = Extensibility.valueOf(kind.toUpperCase(java.util.Locale.ROOT));
                }
                if (found != null && found != e) {
                    throw new SyntaxError(item.at(), "conflicting extensibility annotations (" + found.idlAnnotation()
                            + " at line " + foundAt.line() + ")");
                }
                found = e;
                foundAt = item.at();
            }
        }
        return found == null ? dflt : found;
    }

    AutoId takeAutoId() {
        Item item = take("autoid");
        if (item == null) {
            return AutoId.SEQUENTIAL;
        }
        String v = String.valueOf(item.annotation().value().orElse("HASH"));
        return switch (v) {
            case "HASH" -> AutoId.HASH;
            case "SEQUENTIAL" -> AutoId.SEQUENTIAL;
            default -> throw new SyntaxError(item.at(), "@autoid takes SEQUENTIAL or HASH, not '" + v + "'");
        };
    }

    /** An integer parameter of a removed annotation (e.g. {@code @bit_bound(8)}), or {@code dflt}. */
    long takeInteger(String name, long dflt, long min, long max) {
        Item item = take(name);
        if (item == null) {
            return dflt;
        }
        Object v = item.annotation().value().orElse(null);
        if (!(v instanceof BigInteger i) || i.compareTo(BigInteger.valueOf(min)) < 0
                || i.compareTo(BigInteger.valueOf(max)) > 0) {
            throw new SyntaxError(item.at(), "@" + name + " needs an integer between " + min + " and " + max);
        }
        return i.longValue();
    }

    /** Checks {@code @id}/{@code @hashid} (kept as data) have sensible parameters. */
    void checkMemberId() {
        for (Item item : items) {
            Annotation a = item.annotation();
            if (a.name().equals("id")) {
                Object v = a.value().orElse(null);
                if (!(v instanceof BigInteger i) || i.signum() < 0 || i.compareTo(BigInteger.valueOf(MemberIds.MAX_ID)) > 0) {
                    throw new SyntaxError(item.at(), "@id needs an integer between 0 and " + MemberIds.MAX_ID);
                }
            } else if (a.name().equals("hashid") && a.value().isPresent() && !(a.value().get() instanceof String)) {
                throw new SyntaxError(item.at(), "@hashid takes a string");
            }
        }
    }

    /** Annotations not interpreted by the declaration: kept as data. */
    List<Annotation> rest() {
        return items.stream().map(Item::annotation).toList();
    }
}
