package org.ddstuner.types.idl;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.ddstuner.types.AliasType;
import org.ddstuner.types.ArrayType;
import org.ddstuner.types.Constant;
import org.ddstuner.types.DdsType;
import org.ddstuner.types.EnumType;
import org.ddstuner.types.NamedType;
import org.ddstuner.types.PrimitiveType;
import org.ddstuner.types.ScopedNames;
import org.ddstuner.types.SequenceType;
import org.ddstuner.types.StringType;
import org.ddstuner.types.StructType;
import org.ddstuner.types.TypeLibrary;
import org.ddstuner.types.TypeRef;
import org.ddstuner.types.idl.Token.Kind;

/**
 * Recursive-descent parser over the preprocessed tokens: modules, consts, typedefs and type specs here;
 * struct/union/enum/bitmask bodies in {@link TypeDeclarations}. Errors abandon the current declaration,
 * are recorded, and parsing resumes after the next {@code ;} so that several errors are reported at once.
 */
final class IdlReader {
    private static final List<String> UNSUPPORTED = List.of("interface", "valuetype", "exception", "abstract",
            "local", "custom", "eventtype", "component", "home", "porttype", "connector", "native");

    final Cursor in;
    final Problems problems;
    final Symbols symbols = new Symbols();
    final ConstExpressions expr;
    private final TypeDeclarations declarations;
    private final List<Keylists.Pending> keylists = new ArrayList<>();
    String scope = "";

    IdlReader(List<Token> tokens, Problems problems) {
        this.problems = problems;
        this.in = new Cursor(tokens, t -> keylists.add(new Keylists.Pending(t, scope)));
        this.expr = new ConstExpressions(in, symbols);
        this.declarations = new TypeDeclarations(this);
    }

    TypeLibrary read() {
        while (!in.atEof() && !problems.tooMany()) {
            definition();
        }
        Keylists.apply(keylists, symbols, problems);
        TypeLibrary.Builder b = TypeLibrary.builder();
        symbols.kinds.forEach((name, kind) -> {
            if ((kind == Symbols.Kind.FORWARD_STRUCT || kind == Symbols.Kind.FORWARD_UNION)
                    && symbols.types.get(name) == null) {
                problems.error(symbols.where.get(name), kind.label + " '" + name + "' is declared but never defined");
            }
        });
        symbols.types.values().forEach(b::add);
        symbols.constants.values().forEach(b::addConstant);
        return b.build();
    }

    /** One definition with error recovery; always consumes at least one token. */
    void definition() {
        int start = in.position();
        try {
            definitionBody();
        } catch (SyntaxError e) {
            problems.error(e.at, e.getMessage());
            recover();
        }
        if (in.position() == start) {
            in.next();
        }
    }

    /** Skips to just after the next ';' outside braces, or to a '}' that closes an enclosing scope. */
    private void recover() {
        int depth = 0;
        while (!in.atEof()) {
            Token t = in.peek();
            if (t.kind() == Kind.PUNCT) {
                switch (t.text()) {
                    case "{" -> depth++;
                    case "}" -> {
                        if (depth == 0) {
                            return;
                        }
                        depth--;
                    }
                    case ";" -> {
                        if (depth == 0) {
                            in.next();
                            return;
                        }
                    }
                    default -> { }
                }
            }
            in.next();
        }
    }

    private void definitionBody() {
        if (in.peek().is("@") && in.peek(1).is("annotation")) {
            skipAnnotationDeclaration();
            return;
        }
        ParsedAnnotations annotations = ParsedAnnotations.parse(in, expr, scope, problems);
        Token t = in.peek();
        if (t.kind() != Kind.IDENT) {
            throw new SyntaxError(t, "expected a definition (module, struct, union, enum, bitmask, typedef or const),"
                    + " found " + t.describe());
        }
        switch (t.text()) {
            case "module" -> module(annotations);
            case "struct" -> declarations.struct(annotations);
            case "union" -> declarations.union(annotations);
            case "enum" -> declarations.enumeration(annotations);
            case "bitmask" -> declarations.bitmask(annotations);
            case "bitset" -> throw new SyntaxError(t, "bitset is not supported");
            case "typedef" -> typedef(annotations);
            case "const" -> constant();
            default -> {
                if (UNSUPPORTED.contains(t.text())) {
                    throw new SyntaxError(t, "'" + t.text() + "' declarations are not supported (only data types)");
                }
                throw new SyntaxError(t, "expected a definition (module, struct, union, enum, bitmask, typedef or "
                        + "const), found " + t.describe());
            }
        }
    }

    private void skipAnnotationDeclaration() {
        Token at = in.next();
        in.next();
        Token name = in.expectIdentifier("annotation name");
        problems.warning(at, "annotation declaration '@annotation " + name.text() + "' ignored");
        in.expect("{", "to open the annotation declaration");
        int depth = 1;
        while (depth > 0 && !in.atEof()) {
            Token t = in.next();
            depth += t.is("{") ? 1 : t.is("}") ? -1 : 0;
        }
        in.expect(";", "after annotation declaration");
    }

    private void module(ParsedAnnotations annotations) {
        in.next();
        Token name = in.expectIdentifier("module name");
        String full = ScopedNames.join(scope, name.text());
        String clash = symbols.declare(full, Symbols.Kind.MODULE, name);
        if (clash != null) {
            problems.error(name, clash);
        }
        in.expect("{", "after module name");
        String outer = scope;
        scope = full;
        try {
            while (!in.peek().is("}") && !in.atEof() && !problems.tooMany()) {
                definition();
            }
        } finally {
            scope = outer;
        }
        in.expect("}", "to close module '" + name.text() + "'");
        in.expect(";", "after module definition");
    }

    private void typedef(ParsedAnnotations annotations) {
        in.next();
        DdsType type = typeSpec();
        do {
            Token name = in.expectIdentifier("typedef name");
            DdsType target = arrayDimensions(type);
            declare(name, new AliasType(ScopedNames.join(scope, name.text()), target, annotations.rest()));
        } while (in.accept(","));
        in.expect(";", "after typedef");
    }

    private void constant() {
        in.next();
        Token typeAt = in.peek();
        DdsType type = typeSpec();
        DdsType resolved = symbols.unalias(type);
        if (!(resolved instanceof PrimitiveType || resolved instanceof StringType || resolved instanceof EnumType)) {
            throw new SyntaxError(typeAt, "constants must have an integer, floating, char, boolean, string or enum type");
        }
        Token name = in.expectIdentifier("constant name");
        Token eq = in.expect("=", "after constant name");
        Object value = ConstExpressions.coerce(expr.evaluateFor(scope, resolved), resolved, eq);
        String full = ScopedNames.join(scope, name.text());
        String clash = symbols.declare(full, Symbols.Kind.CONST, name);
        if (clash != null) {
            throw new SyntaxError(name, clash);
        }
        symbols.constants.put(full, new Constant(full, type, value));
        in.expect(";", "after constant definition");
    }

    /** Declares a named type in the current scope, reporting a redefinition. */
    void declare(Token name, NamedType type) {
        String clash = symbols.declare(type.name(), Symbols.Kind.TYPE, name);
        if (clash != null) {
            throw new SyntaxError(name, clash);
        }
        symbols.types.put(type.name(), type);
    }

    /** {@code name[2][3]} after a declarator name; returns the type unchanged without brackets. */
    DdsType arrayDimensions(DdsType element) {
        List<Integer> dims = new ArrayList<>();
        while (in.accept("[")) {
            dims.add(expr.positive(scope, "array size", false));
            in.expect("]", "after array size");
        }
        return dims.isEmpty() ? element : new ArrayType(element, dims);
    }

    /** A type specification: base type, string, sequence or scoped name of a declared type. */
    DdsType typeSpec() {
        Token t = in.peek();
        if (t.is("::") && t.kind() == Kind.PUNCT) {
            return namedType();
        }
        if (t.kind() != Kind.IDENT) {
            throw new SyntaxError(t, "expected a type, found " + t.describe());
        }
        Optional<PrimitiveType> base = baseType();
        if (base.isPresent()) {
            return base.get();
        }
        switch (t.text()) {
            case "string", "wstring" -> {
                in.next();
                long bound = 0;
                if (in.accept("<")) {
                    bound = expr.bound(scope, "string bound");
                    in.expectCloseAngle("after string bound");
                }
                return new StringType(t.text().equals("wstring"), bound);
            }
            case "sequence" -> {
                in.next();
                in.expect("<", "after 'sequence'");
                DdsType element = typeSpec();
                long bound = 0;
                if (in.accept(",")) {
                    bound = expr.bound(scope, "sequence bound");
                }
                in.expectCloseAngle("to close 'sequence<'");
                return new SequenceType(element, bound);
            }
            case "fixed", "any", "Object", "ValueBase", "map" ->
                throw new SyntaxError(t, "type '" + t.text() + "' is not supported");
            case "struct", "union", "enum", "bitmask", "bitset" ->
                throw new SyntaxError(t, "a " + t.text() + " cannot be declared inside another declaration here;"
                        + " declare it separately");
            default -> {
                return namedType();
            }
        }
    }

    private Optional<PrimitiveType> baseType() {
        Token t = in.peek();
        PrimitiveType p = switch (t.text()) {
            case "boolean" -> PrimitiveType.BOOLEAN;
            case "octet" -> PrimitiveType.OCTET;
            case "char" -> PrimitiveType.CHAR8;
            case "wchar" -> PrimitiveType.CHAR16;
            case "int8" -> PrimitiveType.INT8;
            case "uint8" -> PrimitiveType.UINT8;
            case "short", "int16" -> PrimitiveType.INT16;
            case "uint16" -> PrimitiveType.UINT16;
            case "int32" -> PrimitiveType.INT32;
            case "uint32" -> PrimitiveType.UINT32;
            case "int64" -> PrimitiveType.INT64;
            case "uint64" -> PrimitiveType.UINT64;
            case "float" -> PrimitiveType.FLOAT32;
            case "double" -> PrimitiveType.FLOAT64;
            case "long", "unsigned" -> null;
            default -> {
                yield null;
            }
        };
        if (p != null) {
            in.next();
            return Optional.of(p);
        }
        if (t.text().equals("unsigned")) {
            in.next();
            if (in.acceptKeyword("short")) {
                return Optional.of(PrimitiveType.UINT16);
            }
            if (in.acceptKeyword("long")) {
                return Optional.of(in.acceptKeyword("long") ? PrimitiveType.UINT64 : PrimitiveType.UINT32);
            }
            throw new SyntaxError(in.peek(), "expected 'short' or 'long' after 'unsigned', found " + in.peek().describe());
        }
        if (t.text().equals("long")) {
            in.next();
            if (in.acceptKeyword("long")) {
                return Optional.of(PrimitiveType.INT64);
            }
            if (in.acceptKeyword("double")) {
                return Optional.of(PrimitiveType.FLOAT128);
            }
            return Optional.of(PrimitiveType.INT32);
        }
        return Optional.empty();
    }

    private DdsType namedType() {
        Token at = in.peek();
        String name = scopedName(in);
        Optional<String> full = symbols.lookup(name, scope);
        if (full.isEmpty()) {
            problems.error(at, "unknown type '" + name + "'");
            return new TypeRef(name);
        }
        Symbols.Kind kind = symbols.kinds.get(full.get());
        if (kind != Symbols.Kind.TYPE && kind != Symbols.Kind.FORWARD_STRUCT && kind != Symbols.Kind.FORWARD_UNION) {
            problems.error(at, "'" + name + "' is a " + kind.label + ", not a type");
        }
        return new TypeRef(full.get());
    }

    /** {@code a::b::c} or {@code ::a::b}; returns the text as written. */
    static String scopedName(Cursor in) {
        StringBuilder sb = new StringBuilder();
        if (in.peek().is("::") && in.peek().kind() == Kind.PUNCT) {
            in.next();
            sb.append("::");
        }
        sb.append(in.expectIdentifier("a name").text());
        while (in.peek().is("::") && in.peek().kind() == Kind.PUNCT) {
            in.next();
            sb.append("::").append(in.expectIdentifier("a name after '::'").text());
        }
        return sb.toString();
    }

    /** The struct definition of a (possibly forward) reference, if defined so far. */
    Optional<StructType> structNamed(String full) {
        return symbols.types.get(full) instanceof StructType s ? Optional.of(s) : Optional.empty();
    }
}
