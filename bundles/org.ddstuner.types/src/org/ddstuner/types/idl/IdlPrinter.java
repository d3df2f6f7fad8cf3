package org.ddstuner.types.idl;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.ddstuner.types.AliasType;
import org.ddstuner.types.Annotation;
import org.ddstuner.types.ArrayType;
import org.ddstuner.types.AutoId;
import org.ddstuner.types.BitFlag;
import org.ddstuner.types.BitmaskType;
import org.ddstuner.types.Constant;
import org.ddstuner.types.DdsType;
import org.ddstuner.types.EnumType;
import org.ddstuner.types.Enumerator;
import org.ddstuner.types.Extensibility;
import org.ddstuner.types.Member;
import org.ddstuner.types.NamedType;
import org.ddstuner.types.PrimitiveType;
import org.ddstuner.types.ScopedNames;
import org.ddstuner.types.SequenceType;
import org.ddstuner.types.StringType;
import org.ddstuner.types.StructType;
import org.ddstuner.types.TypeLibrary;
import org.ddstuner.types.TypeRef;
import org.ddstuner.types.UnionCase;
import org.ddstuner.types.UnionType;

/**
 * Writes a {@link TypeLibrary} as IDL 4 text that {@link IdlParser} reads back to an equal library:
 * modules, annotations, forward declarations where types refer to each other, constants last.
 */
public final class IdlPrinter {
    private final TypeLibrary library;
    private final StringBuilder out = new StringBuilder();
    private final Set<String> printed = new HashSet<>();
    private final Set<String> forwarded = new HashSet<>();
    private List<String> open = new ArrayList<>();

    private IdlPrinter(TypeLibrary library) {
        this.library = library;
    }

    public static String print(TypeLibrary library) {
        IdlPrinter p = new IdlPrinter(library);
        for (NamedType t : p.order()) {
            p.type(t);
        }
        for (Constant c : library.constants()) {
            p.constant(c);
        }
        p.enter("");
        return p.out.toString();
    }

    /** Declaration order with every type's non-recursive dependencies first. */
    private List<NamedType> order() {
        Map<String, NamedType> result = new LinkedHashMap<>();
        Set<String> visiting = new HashSet<>();
        for (NamedType t : library.types()) {
            visit(t, result, visiting);
        }
        return new ArrayList<>(result.values());
    }

    private void visit(NamedType t, Map<String, NamedType> result, Set<String> visiting) {
        if (result.containsKey(t.name()) || !visiting.add(t.name())) {
            return;
        }
        List<String> deps = new ArrayList<>();
        switch (t) {
            case StructType s -> {
                if (s.base() != null) {
                    deps.add(s.base());
                }
                s.members().forEach(m -> refs(m.type(), deps));
            }
            case UnionType u -> {
                refs(u.discriminator(), deps);
                u.cases().forEach(c -> refs(c.member().type(), deps));
            }
            case AliasType a -> refs(a.target(), deps);
            default -> { }
        }
        for (String d : deps) {
            library.find(d).ifPresent(dt -> visit(dt, result, visiting));
        }
        visiting.remove(t.name());
        result.put(t.name(), t);
    }

    private static void refs(DdsType t, List<String> deps) {
        switch (t) {
            case TypeRef r -> deps.add(r.name());
            case SequenceType s -> refs(s.element(), deps);
            case ArrayType a -> refs(a.element(), deps);
            default -> { }
        }
    }

    private void enter(String module) {
        List<String> target = module.isEmpty() ? List.of() : List.of(module.split("::"));
        int common = 0;
        while (common < open.size() && common < target.size() && open.get(common).equals(target.get(common))) {
            common++;
        }
        for (int i = open.size() - 1; i >= common; i--) {
            indent(i).append("};\n");
        }
        for (int i = common; i < target.size(); i++) {
            indent(i).append("module ").append(target.get(i)).append(" {\n");
        }
        open = target;
    }

    private StringBuilder indent(int level) {
        return out.append("  ".repeat(level));
    }

    private StringBuilder line() {
        return indent(open.size());
    }

    private void type(NamedType t) {
        forwardDeclare(t);
        enter(t.moduleName());
        switch (t) {
            case StructType s -> struct(s);
            case UnionType u -> union(u);
            case EnumType e -> enumeration(e);
            case BitmaskType b -> bitmask(b);
            case AliasType a -> {
                annotations(a.annotations());
                line().append("typedef ").append(declarator(a.target(), a.simpleName(), a.moduleName())).append(";\n");
            }
        }
        printed.add(t.name());
    }

    /** Structs and unions referenced before they are printed get a forward declaration first. */
    private void forwardDeclare(NamedType t) {
        List<String> deps = new ArrayList<>();
        switch (t) {
            case StructType s -> s.members().forEach(m -> refs(m.type(), deps));
            case UnionType u -> u.cases().forEach(c -> refs(c.member().type(), deps));
            case AliasType a -> refs(a.target(), deps);
            default -> { }
        }
        for (String d : deps) {
            if (printed.contains(d) || !forwarded.add(d)) {
                continue;
            }
            NamedType dt = library.find(d).orElse(null);
            if (dt instanceof StructType || dt instanceof UnionType) {
                enter(dt.moduleName());
                line().append(dt instanceof StructType ? "struct " : "union ").append(dt.simpleName()).append(";\n");
            }
        }
    }

    private void extensibility(Extensibility e) {
        if (e != Extensibility.FINAL) {
            line().append(e.idlAnnotation()).append('\n');
        }
    }

    private void struct(StructType s) {
        extensibility(s.extensibility());
        if (s.autoId() == AutoId.HASH) {
            line().append("@autoid(HASH)\n");
        }
        annotations(s.annotations());
        line().append("struct ").append(s.simpleName());
        if (s.base() != null) {
            out.append(" : ").append(name(s.base(), s.moduleName()));
        }
        out.append(" {\n");
        for (Member m : s.members()) {
            indent(open.size() + 1);
            if (m.key()) {
                out.append("@key ");
            }
            if (m.optional()) {
                out.append("@optional ");
            }
            annotationsInline(m.annotations());
            out.append(declarator(m.type(), m.name(), s.moduleName())).append(";\n");
        }
        line().append("};\n");
    }

    private void union(UnionType u) {
        extensibility(u.extensibility());
        annotations(u.annotations());
        line().append("union ").append(u.simpleName()).append(" switch (").append(typeName(u.discriminator(), u.moduleName()))
                .append(") {\n");
        DdsType disc = library.unalias(u.discriminator());
        for (UnionCase c : u.cases()) {
            for (long label : c.labels()) {
                indent(open.size() + 1).append("case ").append(label(disc, label)).append(":\n");
            }
            if (c.defaultCase()) {
                indent(open.size() + 1).append("default:\n");
            }
            indent(open.size() + 2);
            if (c.member().key()) {
                out.append("@key ");
            }
            annotationsInline(c.member().annotations());
            out.append(declarator(c.member().type(), c.member().name(), u.moduleName())).append(";\n");
        }
        line().append("};\n");
    }

    private static String label(DdsType disc, long label) {
        return switch (disc) {
            case EnumType e -> "::" + ScopedNames.join(e.moduleName(),
                    e.byValue(label).map(Enumerator::name).orElseThrow(() -> new IllegalArgumentException(
                            "union label " + label + " is no enumerator of " + e.name())));
            case PrimitiveType p when p == PrimitiveType.BOOLEAN -> label != 0 ? "TRUE" : "FALSE";
            case PrimitiveType p when p.isChar() -> (p == PrimitiveType.CHAR16 ? "L" : "") + charLiteral((char) label);
            default -> Long.toString(label);
        };
    }

    private void enumeration(EnumType e) {
        extensibility(e.extensibility());
        if (e.bitBound() != 32) {
            line().append("@bit_bound(").append(e.bitBound()).append(")\n");
        }
        annotations(e.annotations());
        line().append("enum ").append(e.simpleName()).append(" {\n");
        long next = 0;
        for (int i = 0; i < e.enumerators().size(); i++) {
            Enumerator en = e.enumerators().get(i);
            indent(open.size() + 1);
            if (en.value() != next) {
                out.append("@value(").append(en.value()).append(") ");
            }
            if (en.name().equals(e.defaultValue()) && i > 0) {
                out.append("@default_literal ");
            }
            out.append(en.name()).append(i + 1 < e.enumerators().size() ? ",\n" : "\n");
            next = en.value() + 1L;
        }
        line().append("};\n");
    }

    private void bitmask(BitmaskType b) {
        extensibility(b.extensibility());
        if (b.bitBound() != 32) {
            line().append("@bit_bound(").append(b.bitBound()).append(")\n");
        }
        annotations(b.annotations());
        line().append("bitmask ").append(b.simpleName()).append(" {\n");
        int next = 0;
        for (int i = 0; i < b.flags().size(); i++) {
            BitFlag f = b.flags().get(i);
            indent(open.size() + 1);
            if (f.position() != next) {
                out.append("@position(").append(f.position()).append(") ");
            }
            out.append(f.name()).append(i + 1 < b.flags().size() ? ",\n" : "\n");
            next = f.position() + 1;
        }
        line().append("};\n");
    }

    private void constant(Constant c) {
        enter(ScopedNames.parent(c.name()));
        String module = ScopedNames.parent(c.name());
        line().append("const ").append(typeName(c.type(), module)).append(' ').append(c.simpleName()).append(" = ")
                .append(constValue(c, module)).append(";\n");
    }

    private String constValue(Constant c, String module) {
        if (c.value() instanceof Enumerator e && library.unalias(c.type()) instanceof EnumType et) {
            return "::" + ScopedNames.join(et.moduleName(), e.name());
        }
        DdsType t = library.unalias(c.type());
        String prefix = t == PrimitiveType.CHAR16 || t instanceof StringType s && s.wide() ? "L" : "";
        return prefix + literal(c.value());
    }

    private void annotations(List<Annotation> annotations) {
        for (Annotation a : annotations) {
            line().append(annotation(a)).append('\n');
        }
    }

    private void annotationsInline(List<Annotation> annotations) {
        for (Annotation a : annotations) {
            out.append(annotation(a)).append(' ');
        }
    }

    static String annotation(Annotation a) {
        StringBuilder sb = new StringBuilder("@").append(a.name());
        if (a.parameters().isEmpty()) {
            return sb.toString();
        }
        sb.append('(');
        if (a.parameters().size() == 1 && a.parameters().containsKey(Annotation.VALUE)) {
            sb.append(literal(a.parameters().get(Annotation.VALUE)));
        } else {
            String sep = "";
            for (var e : a.parameters().entrySet()) {
                sb.append(sep).append(e.getKey()).append('=').append(literal(e.getValue()));
                sep = ", ";
            }
        }
        return sb.append(')').toString();
    }

    static String literal(Object v) {
        return switch (v) {
            case String s -> stringLiteral(s);
            case Character c -> charLiteral(c);
            case Boolean b -> b ? "TRUE" : "FALSE";
            case Double d -> {
                String s = Double.toString(d);
                yield d < 0 ? "(" + s + ")" : s;
            }
            case BigInteger i -> i.signum() < 0 ? "(" + i + ")" : i.toString();
            case Enumerator e -> e.name();
            default -> v.toString();
        };
    }

    static String stringLiteral(String s) {
        StringBuilder sb = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            sb.append(switch (c) {
                case '"' -> "\\\"";
                case '\\' -> "\\\\";
                case '\n' -> "\\n";
                case '\t' -> "\\t";
                case '\r' -> "\\r";
                default -> c < 32 || c > 126 ? String.format("\\u%04x", (int) c) : String.valueOf(c);
            });
        }
        return sb.append('"').toString();
    }

    static String charLiteral(char c) {
        if (c == '\'') {
            return "'\\''";
        }
        String s = stringLiteral(String.valueOf(c));
        return "'" + (c == '"' ? "\"" : s.substring(1, s.length() - 1)) + "'";
    }

    /** {@code T name} or {@code T name[2][3]} for an array type. */
    private String declarator(DdsType type, String name, String module) {
        if (type instanceof ArrayType a) {
            StringBuilder dims = new StringBuilder();
            DdsType element = a;
            while (element instanceof ArrayType inner) {
                inner.dimensions().forEach(d -> dims.append('[').append(d).append(']'));
                element = inner.element();
            }
            return typeName(element, module) + " " + name + dims;
        }
        return typeName(type, module) + " " + name;
    }

    private String typeName(DdsType type, String module) {
        return switch (type) {
            case PrimitiveType p -> p.idlName();
            case StringType s -> (s.wide() ? "wstring" : "string") + (s.bounded() ? "<" + s.bound() + ">" : "");
            case SequenceType s -> "sequence<" + typeName(s.element(), module) + (s.bounded() ? ", " + s.bound() : "")
                    + ">";
            case TypeRef r -> name(r.name(), module);
            case NamedType n -> name(n.name(), module);
            case ArrayType a -> throw new IllegalArgumentException(
                    "an anonymous array inside a sequence cannot be written in IDL; use a typedef");
        };
    }

    /** The scoped name, absolute ({@code ::a::T}) when the relative spelling would find another type. */
    private String name(String full, String module) {
        String[] parts = full.split("::");
        for (int i = parts.length - 1; i >= 0; i--) {
            String candidate = String.join("::", java.util.Arrays.copyOfRange(parts, i, parts.length));
            var found = library.lookup(candidate, module);
            if (found.isPresent() && found.get().name().equals(full)) {
                return candidate;
            }
        }
        return "::" + full;
    }
}
