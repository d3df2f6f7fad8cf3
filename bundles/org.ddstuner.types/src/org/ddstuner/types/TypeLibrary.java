package org.ddstuner.types;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * An immutable set of declared types and constants by fully scoped name. Members refer to declared types
 * with {@link TypeRef}; this resolves them, so types may refer to each other in any order and
 * recursively (e.g. {@code struct Node { sequence<Node> children; };}).
 *
 * <p>Built by the IDL parser, the ROS 2 msg parser, or by hand with {@link #builder()}.
 */
public final class TypeLibrary {
    private static final TypeLibrary EMPTY = new TypeLibrary(Map.of(), Map.of());

    private final Map<String, NamedType> types;
    private final Map<String, Constant> constants;

    private TypeLibrary(Map<String, NamedType> types, Map<String, Constant> constants) {
        this.types = Collections.unmodifiableMap(new LinkedHashMap<>(types));
        this.constants = Collections.unmodifiableMap(new LinkedHashMap<>(constants));
    }

    public static TypeLibrary empty() {
        return EMPTY;
    }

    public static Builder builder() {
        return new Builder();
    }

    public static TypeLibrary of(NamedType... namedTypes) {
        Builder b = builder();
        for (NamedType t : namedTypes) {
            b.add(t);
        }
        return b.build();
    }

    /** All declared types in declaration order. */
    public Collection<NamedType> types() {
        return types.values();
    }

    /** All constants in declaration order. */
    public Collection<Constant> constants() {
        return constants.values();
    }

    public Optional<NamedType> find(String scopedName) {
        return Optional.ofNullable(types.get(strip(scopedName)));
    }

    /** @throws UnknownTypeException when absent */
    public NamedType get(String scopedName) {
        NamedType t = types.get(strip(scopedName));
        if (t == null) {
            throw new UnknownTypeException(strip(scopedName));
        }
        return t;
    }

    /** The struct of that name, following typedefs. @throws UnknownTypeException if absent or no struct */
    public StructType struct(String scopedName) {
        DdsType t = unalias(new TypeRef(scopedName));
        if (t instanceof StructType s) {
            return s;
        }
        throw new UnknownTypeException(scopedName, "'" + scopedName + "' is not a struct");
    }

    public Optional<Constant> constant(String scopedName) {
        return Optional.ofNullable(constants.get(strip(scopedName)));
    }

    /** A {@link TypeRef} becomes its declared type; anything else is returned as is. */
    public DdsType resolve(DdsType type) {
        return type instanceof TypeRef ref ? get(ref.name()) : type;
    }

    /** Follows {@link TypeRef}s and typedefs down to a non-alias type. */
    public DdsType unalias(DdsType type) {
        DdsType t = resolve(type);
        Set<String> seen = new HashSet<>();
        while (t instanceof AliasType alias) {
            if (!seen.add(alias.name())) {
                throw new UnknownTypeException(alias.name(), "typedef cycle through '" + alias.name() + "'");
            }
            t = resolve(alias.target());
        }
        return t;
    }

    /** The struct's members with the base struct's members first (recursively). */
    public List<Member> allMembers(StructType struct) {
        List<Member> out = new ArrayList<>();
        collectMembers(struct, out, new HashSet<>());
        return out;
    }

    private void collectMembers(StructType struct, List<Member> out, Set<String> seen) {
        if (!seen.add(struct.name())) {
            throw new UnknownTypeException(struct.name(), "inheritance cycle through '" + struct.name() + "'");
        }
        if (struct.base() != null) {
            collectMembers(struct(struct.base()), out, seen);
        }
        out.addAll(struct.members());
    }

    /**
     * IDL name lookup: {@code name} as written (relative like {@code b::T} or absolute {@code ::a::b::T})
     * seen from inside module {@code scope} ({@code "a::c"}): tries {@code a::c::b::T}, {@code a::b::T},
     * {@code b::T}.
     */
    public Optional<NamedType> lookup(String name, String scope) {
        return lookupName(name, scope, types::containsKey).map(types::get);
    }

    /** {@link #lookup} for constants. */
    public Optional<Constant> lookupConstant(String name, String scope) {
        return lookupName(name, scope, constants::containsKey).map(constants::get);
    }

    /** The IDL scoped-name search shared by types and constants: innermost enclosing scope first. */
    public static Optional<String> lookupName(String name, String scope, java.util.function.Predicate<String> exists) {
        if (name.startsWith("::")) {
            String abs = name.substring(2);
            return exists.test(abs) ? Optional.of(abs) : Optional.empty();
        }
        String s = scope;
        while (true) {
            String candidate = ScopedNames.join(s, name);
            if (exists.test(candidate)) {
                return Optional.of(candidate);
            }
            if (s.isEmpty()) {
                return Optional.empty();
            }
            s = ScopedNames.parent(s);
        }
    }

    /**
     * The named type {@code scopedName} and every type it uses (members, bases, union discriminators and cases,
     * typedef targets, sequence and array elements), in this library's declaration order, plus the constants
     * declared in the scopes of those types (e.g. a ROS 2 message's constants). References this library cannot
     * resolve are left out; {@link #validate()} reports them. Empty if the type is not here.
     */
    public TypeLibrary closureOf(String scopedName) {
        Set<String> reached = new HashSet<>();
        List<String> todo = new ArrayList<>(List.of(strip(scopedName)));
        while (!todo.isEmpty()) {
            String name = todo.removeLast();
            NamedType t = types.get(strip(name));
            if (t == null || !reached.add(t.name())) {
                continue;
            }
            switch (t) {
                case StructType s -> {
                    s.baseName().ifPresent(todo::add);
                    s.members().forEach(m -> collectRefs(m.type(), todo));
                }
                case UnionType u -> {
                    collectRefs(u.discriminator(), todo);
                    u.cases().forEach(c -> collectRefs(c.member().type(), todo));
                }
                case AliasType a -> collectRefs(a.target(), todo);
                default -> { }
            }
        }
        Set<String> scopes = new HashSet<>();
        reached.forEach(n -> scopes.add(ScopedNames.parent(n)));
        Builder b = builder();
        types.values().stream().filter(t -> reached.contains(t.name())).forEach(b::add);
        constants.values().stream().filter(c -> scopes.contains(ScopedNames.parent(c.name()))).forEach(b::addConstant);
        return b.build();
    }

    private static void collectRefs(DdsType type, List<String> todo) {
        switch (type) {
            case TypeRef r -> todo.add(r.name());
            case SequenceType s -> collectRefs(s.element(), todo);
            case ArrayType a -> collectRefs(a.element(), todo);
            case NamedType n -> todo.add(n.name());
            default -> { }
        }
    }

    /** This library plus the other's types and constants (the other wins on equal names). */
    public TypeLibrary merge(TypeLibrary other) {
        return builder().addAll(this).addAll(other).build();
    }

    /**
     * Problems that would stop a type from being used: references to missing types, missing bases.
     * Empty when every {@link TypeRef} resolves.
     */
    public List<String> validate() {
        List<String> problems = new ArrayList<>();
        for (NamedType t : types.values()) {
            switch (t) {
                case StructType s -> {
                    if (s.base() != null && !types.containsKey(s.base())) {
                        problems.add(s.name() + ": unknown base type '" + s.base() + "'");
                    }
                    s.members().forEach(m -> checkRefs(s.name() + "." + m.name(), m.type(), problems));
                }
                case UnionType u -> {
                    checkRefs(u.name() + " discriminator", u.discriminator(), problems);
                    u.cases().forEach(c -> checkRefs(u.name() + "." + c.member().name(), c.member().type(), problems));
                }
                case AliasType a -> checkRefs(a.name(), a.target(), problems);
                case EnumType e -> { }
                case BitmaskType b -> { }
            }
        }
        return problems;
    }

    private void checkRefs(String where, DdsType type, List<String> problems) {
        switch (type) {
            case TypeRef r -> {
                if (!types.containsKey(r.name())) {
                    problems.add(where + ": unknown type '" + r.name() + "'");
                }
            }
            case SequenceType s -> checkRefs(where, s.element(), problems);
            case ArrayType a -> checkRefs(where, a.element(), problems);
            default -> { }
        }
    }

    private static String strip(String name) {
        return name.startsWith("::") ? name.substring(2) : name;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof TypeLibrary other && types.equals(other.types) && constants.equals(other.constants);
    }

    @Override
    public int hashCode() {
        return types.hashCode() * 31 + constants.hashCode();
    }

    @Override
    public String toString() {
        return "TypeLibrary" + types.keySet();
    }

    /** Collects types and constants; a later definition of the same name replaces the earlier one. */
    public static final class Builder {
        private final Map<String, NamedType> types = new LinkedHashMap<>();
        private final Map<String, Constant> constants = new LinkedHashMap<>();

        public Builder add(NamedType type) {
            types.put(type.name(), type);
            return this;
        }

        public Builder addConstant(Constant constant) {
            constants.put(constant.name(), constant);
            return this;
        }

        public Builder addAll(TypeLibrary library) {
            types.putAll(library.types);
            constants.putAll(library.constants);
            return this;
        }

        public boolean contains(String scopedName) {
            return types.containsKey(scopedName);
        }

        public Optional<NamedType> find(String scopedName) {
            return Optional.ofNullable(types.get(scopedName));
        }

        public TypeLibrary build() {
            return new TypeLibrary(types, constants);
        }
    }
}
