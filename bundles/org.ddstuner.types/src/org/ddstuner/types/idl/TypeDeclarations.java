package org.ddstuner.types.idl;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiConsumer;

import org.ddstuner.types.AutoId;
import org.ddstuner.types.BitFlag;
import org.ddstuner.types.BitmaskType;
import org.ddstuner.types.DdsType;
import org.ddstuner.types.EnumType;
import org.ddstuner.types.Enumerator;
import org.ddstuner.types.Extensibility;
import org.ddstuner.types.Member;
import org.ddstuner.types.MemberIds;
import org.ddstuner.types.PrimitiveType;
import org.ddstuner.types.ScopedNames;
import org.ddstuner.types.StructType;
import org.ddstuner.types.TypeRef;
import org.ddstuner.types.UnionCase;
import org.ddstuner.types.UnionType;

/** Parses struct, union, enum and bitmask declarations for {@link IdlReader}. */
final class TypeDeclarations {
    private final IdlReader r;

    TypeDeclarations(IdlReader reader) {
        this.r = reader;
    }

    void struct(ParsedAnnotations annotations) {
        definition("struct name", (name, full) -> structBody(annotations, name, full));
    }

    void union(ParsedAnnotations annotations) {
        definition("union name", (name, full) -> unionBody(annotations, name, full));
    }

    /**
     * A struct or union: the keyword, its name ({@code what} in errors), then {@code body} with the name and the
     * scoped name. A definition a syntax error abandons is forgotten again, so that it is not also reported as
     * "declared but never defined".
     */
    private void definition(String what, BiConsumer<Token, String> body) {
        r.in.next();
        Token name = r.in.expectIdentifier(what);
        String full = ScopedNames.join(r.scope, name.text());
        boolean known = r.symbols.kinds.containsKey(full);
        try {
            body.accept(name, full);
        } catch (SyntaxError e) {
            if (!known && r.symbols.types.get(full) == null) {
                r.symbols.kinds.remove(full);
            }
            throw e;
        }
    }

    private void structBody(ParsedAnnotations annotations, Token name, String full) {
        if (r.in.peek().is(";")) {
            forward(name, full, Symbols.Kind.FORWARD_STRUCT);
            return;
        }
        Extensibility ext = annotations.takeExtensibility(Extensibility.FINAL);
        AutoId autoId = annotations.takeAutoId();
        String base = null;
        if (r.in.accept(":")) {
            Token baseAt = r.in.peek();
            DdsType b = r.typeSpec();
            if (!(b instanceof TypeRef ref) || r.structNamed(r.symbols.unalias(ref) instanceof StructType s ? s.name()
                    : ref.name()).isEmpty()) {
                throw new SyntaxError(baseAt, "base type of '" + name.text() + "' must be a defined struct");
            }
            StructType baseStruct = (StructType) r.symbols.unalias(ref);
            base = baseStruct.name();
            if (baseStruct.extensibility() != ext) {
                throw new SyntaxError(baseAt, "struct '" + name.text() + "' is " + ext.idlAnnotation()
                        + " but its base '" + base + "' is " + baseStruct.extensibility().idlAnnotation()
                        + " (XTypes requires the same extensibility)");
            }
        }
        String clash = r.symbols.declare(full, Symbols.Kind.FORWARD_STRUCT, name);
        if (clash != null) {
            throw new SyntaxError(name, clash);
        }
        r.in.expect("{", "to open struct '" + name.text() + "'");
        List<Member> members = new ArrayList<>();
        Set<String> names = new HashSet<>();
        if (base != null) {
            r.structNamed(base).ifPresent(s -> collectNames(s, names));
        }
        while (!r.in.peek().is("}") && !r.in.atEof()) {
            int before = r.in.position();
            try {
                member(full, name.text(), members, names);
            } catch (SyntaxError e) {
                r.problems.error(e.at, e.getMessage());
                skipMember();
            }
            if (r.in.position() == before) {
                r.in.next();
            }
        }
        r.in.expect("}", "to close struct '" + name.text() + "'");
        long first = base == null ? 0 : nextId(base);
        members = MemberIds.assign(members, autoId, first);
        checkIds(name, members);
        r.symbols.kinds.remove(full);
        r.declare(name, new StructType(full, ext, autoId, base, members, annotations.rest()));
        r.in.expect(";", "after struct definition");
    }

    private void collectNames(StructType s, Set<String> names) {
        if (s.base() != null) {
            r.structNamed(s.base()).ifPresent(b -> collectNames(b, names));
        }
        s.members().forEach(m -> names.add(m.name().toLowerCase(java.util.Locale.ROOT)));
    }

    private long nextId(String base) {
        Optional<StructType> s = r.structNamed(base);
        if (s.isEmpty()) {
            return 0;
        }
        List<Member> ms = s.get().members();
        return ms.isEmpty() ? (s.get().base() == null ? 0 : nextId(s.get().base())) : ms.get(ms.size() - 1).id() + 1;
    }

    private void checkIds(Token at, List<Member> members) {
        Map<Long, String> seen = new HashMap<>();
        for (Member m : members) {
            String other = seen.put(m.id(), m.name());
            if (other != null) {
                r.problems.error(at, "members '" + other + "' and '" + m.name() + "' have the same member id " + m.id());
            }
        }
    }

    private void skipMember() {
        while (!r.in.atEof() && !r.in.peek().is("}")) {
            if (r.in.next().is(";")) {
                return;
            }
        }
    }

    private void member(String owner, String ownerSimple, List<Member> members, Set<String> names) {
        ParsedAnnotations annotations = ParsedAnnotations.parse(r.in, r.expr, r.scope, r.problems);
        boolean key = annotations.takeFlag("key");
        boolean optional = annotations.takeFlag("optional");
        if (key && optional) {
            throw new SyntaxError(r.in.peek(), "a @key member cannot be @optional");
        }
        annotations.checkMemberId();
        Token typeAt = r.in.peek();
        DdsType type = r.typeSpec();
        if (type instanceof TypeRef ref && ref.name().equals(owner)) {
            throw new SyntaxError(typeAt, "struct '" + owner + "' cannot contain itself (use a sequence)");
        }
        do {
            Token name = r.in.expectIdentifier("member name");
            DdsType t = r.arrayDimensions(type);
            checkMemberName(name, ownerSimple, names);
            members.add(new Member(name.text(), t, 0, key, optional, annotations.rest()));
        } while (r.in.accept(","));
        r.in.expect(";", "after member declaration");
    }

    /** Member names must differ from each other in more than case (and should from their type's name). */
    private void checkMemberName(Token name, String owner, Set<String> names) {
        String lower = name.text().toLowerCase(java.util.Locale.ROOT);
        if (lower.equals(owner.toLowerCase(java.util.Locale.ROOT))) {
            // idlc rejects this, but rosidl generates it (rosgraph_msgs/Clock has 'clock'): accept real files
            r.problems.warning(name, "member '" + name.text() + "' has the name of its type '" + owner + "'");
        }
        if (!names.add(lower)) {
            r.problems.error(name, "duplicate member '" + name.text() + "' (names must differ in more than case,"
                    + " also from base members)");
        }
    }

    private void forward(Token name, String full, Symbols.Kind kind) {
        String clash = r.symbols.declare(full, kind, name);
        if (clash != null) {
            throw new SyntaxError(name, clash);
        }
        r.in.next();
    }

    private void unionBody(ParsedAnnotations annotations, Token name, String full) {
        if (r.in.peek().is(";")) {
            forward(name, full, Symbols.Kind.FORWARD_UNION);
            return;
        }
        Extensibility ext = annotations.takeExtensibility(Extensibility.FINAL);
        if (!r.in.acceptKeyword("switch")) {
            throw new SyntaxError(r.in.peek(), "expected 'switch' after union name, found " + r.in.peek().describe());
        }
        r.in.expect("(", "after 'switch'");
        ParsedAnnotations.parse(r.in, r.expr, r.scope, r.problems);
        Token discAt = r.in.peek();
        DdsType disc = r.typeSpec();
        DdsType resolved = r.symbols.unalias(disc);
        boolean ok = resolved instanceof EnumType || resolved instanceof PrimitiveType p && !p.isFloat();
        if (!ok) {
            throw new SyntaxError(discAt, "union discriminator must be an integer, char, boolean, octet or enum type");
        }
        r.in.expect(")", "after union discriminator type");
        String clash = r.symbols.declare(full, Symbols.Kind.FORWARD_UNION, name);
        if (clash != null) {
            throw new SyntaxError(name, clash);
        }
        r.in.expect("{", "to open union '" + name.text() + "'");
        List<UnionCase> cases = new ArrayList<>();
        Set<Long> labels = new HashSet<>();
        Set<String> names = new HashSet<>();
        boolean hasDefault = false;
        long nextId = 1;
        while (!r.in.peek().is("}") && !r.in.atEof()) {
            List<Long> caseLabels = new ArrayList<>();
            boolean isDefault = false;
            do {
                Token at = r.in.peek();
                if (r.in.acceptKeyword("default")) {
                    if (hasDefault || isDefault) {
                        r.problems.error(at, "union '" + name.text() + "' has more than one default case");
                    }
                    isDefault = true;
                } else if (r.in.acceptKeyword("case")) {
                    long label = label(resolved, at);
                    if (!labels.add(label)) {
                        r.problems.error(at, "duplicate case label " + label + " in union '" + name.text() + "'");
                    }
                    caseLabels.add(label);
                } else {
                    throw new SyntaxError(at, "expected 'case' or 'default' in union, found " + at.describe());
                }
                r.in.expect(":", "after case label");
            } while (r.in.peek().is("case") || r.in.peek().is("default"));
            hasDefault |= isDefault;
            ParsedAnnotations ma = ParsedAnnotations.parse(r.in, r.expr, r.scope, r.problems);
            ma.checkMemberId();
            boolean key = ma.takeFlag("key");
            DdsType type = r.typeSpec();
            Token mname = r.in.expectIdentifier("union member name");
            DdsType t = r.arrayDimensions(type);
            checkMemberName(mname, name.text(), names);
            r.in.expect(";", "after union member declaration");
            Member m = new Member(mname.text(), t, 0, key, false, ma.rest());
            long id = MemberIds.idFromAnnotations(m).orElse(nextId);
            nextId = id + 1;
            cases.add(new UnionCase(caseLabels, isDefault, m.withId(id)));
        }
        Token close = r.in.expect("}", "to close union '" + name.text() + "'");
        if (hasDefault && coversAll(resolved, labels)) {
            r.problems.error(close, "union '" + name.text() + "' has a default case but its labels already cover"
                    + " every discriminator value");
        }
        r.symbols.kinds.remove(full);
        r.declare(name, new UnionType(full, ext, disc, cases, annotations.rest()));
        r.in.expect(";", "after union definition");
    }

    private static boolean coversAll(DdsType disc, Set<Long> labels) {
        return switch (disc) {
            case EnumType e -> e.enumerators().stream().allMatch(en -> labels.contains((long) en.value()));
            case PrimitiveType p when p == PrimitiveType.BOOLEAN -> labels.contains(0L) && labels.contains(1L);
            default -> false;
        };
    }

    private long label(DdsType disc, Token at) {
        Object v = r.expr.evaluate(r.scope, false);
        Object c = ConstExpressions.coerce(v, disc, at);
        return switch (c) {
            case BigInteger i -> i.longValue();
            case Character ch -> ch;
            case Boolean b -> b ? 1 : 0;
            case Enumerator e -> e.value();
            default -> throw new SyntaxError(at, "invalid case label");
        };
    }

    void enumeration(ParsedAnnotations annotations) {
        r.in.next();
        Token name = r.in.expectIdentifier("enum name");
        String full = ScopedNames.join(r.scope, name.text());
        Extensibility ext = annotations.takeExtensibility(Extensibility.FINAL);
        int bitBound = (int) annotations.takeInteger("bit_bound", 32, 1, 32);
        r.in.expect("{", "to open enum '" + name.text() + "'");
        List<Enumerator> enumerators = new ArrayList<>();
        String dflt = null;
        long next = 0;
        List<Token> positions = new ArrayList<>();
        do {
            if (r.in.peek().is("}")) {
                break;
            }
            ParsedAnnotations ea = ParsedAnnotations.parse(r.in, r.expr, r.scope, r.problems);
            long value = ea.takeInteger("value", next, Integer.MIN_VALUE, Integer.MAX_VALUE);
            boolean isDefault = ea.takeFlag("default_literal");
            Token e = r.in.expectIdentifier("enumerator name");
            if (bitBound < 32 && (value < 0 || value >= 1L << bitBound)) {
                r.problems.error(e, "enumerator value " + value + " does not fit @bit_bound(" + bitBound + ")");
            }
            if (isDefault) {
                dflt = e.text();
            }
            enumerators.add(new Enumerator(e.text(), (int) value));
            positions.add(e);
            next = value + 1;
        } while (r.in.accept(","));
        r.in.expect("}", "to close enum '" + name.text() + "'");
        if (enumerators.isEmpty()) {
            throw new SyntaxError(name, "enum '" + name.text() + "' has no enumerator");
        }
        r.declare(name, new EnumType(full, ext, bitBound, enumerators, dflt, annotations.rest()));
        for (int i = 0; i < enumerators.size(); i++) {
            Enumerator e = enumerators.get(i);
            for (String n : List.of(ScopedNames.join(r.scope, e.name()), ScopedNames.join(full, e.name()))) {
                String clash = r.symbols.declare(n, Symbols.Kind.ENUMERATOR, positions.get(i));
                if (clash != null) {
                    r.problems.error(positions.get(i), clash);
                }
                r.symbols.enumerators.put(n, e);
                r.symbols.enumeratorOwner.put(n, full);
            }
        }
        r.in.expect(";", "after enum definition");
    }

    void bitmask(ParsedAnnotations annotations) {
        r.in.next();
        Token name = r.in.expectIdentifier("bitmask name");
        String full = ScopedNames.join(r.scope, name.text());
        Extensibility ext = annotations.takeExtensibility(Extensibility.FINAL);
        int bitBound = (int) annotations.takeInteger("bit_bound", 32, 1, 64);
        r.in.expect("{", "to open bitmask '" + name.text() + "'");
        List<BitFlag> flags = new ArrayList<>();
        Set<Integer> used = new HashSet<>();
        int next = 0;
        do {
            ParsedAnnotations fa = ParsedAnnotations.parse(r.in, r.expr, r.scope, r.problems);
            int position = (int) fa.takeInteger("position", next, 0, bitBound - 1);
            Token f = r.in.expectIdentifier("bitmask flag name");
            if (position >= bitBound) {
                r.problems.error(f, "flag '" + f.text() + "' at position " + position + " exceeds @bit_bound(" + bitBound + ")");
            }
            if (!used.add(position)) {
                r.problems.error(f, "two flags at position " + position);
            }
            flags.add(new BitFlag(f.text(), position));
            next = position + 1;
        } while (r.in.accept(","));
        r.in.expect("}", "to close bitmask '" + name.text() + "'");
        r.declare(name, new BitmaskType(full, ext, bitBound, flags, annotations.rest()));
        r.in.expect(";", "after bitmask definition");
    }
}
