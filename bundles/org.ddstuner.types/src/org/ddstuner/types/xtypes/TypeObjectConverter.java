package org.ddstuner.types.xtypes;

import static org.ddstuner.types.xtypes.TypeKinds.*;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.ddstuner.types.AliasType;
import org.ddstuner.types.Annotation;
import org.ddstuner.types.ArrayType;
import org.ddstuner.types.AutoId;
import org.ddstuner.types.BitFlag;
import org.ddstuner.types.BitmaskType;
import org.ddstuner.types.DdsType;
import org.ddstuner.types.EnumType;
import org.ddstuner.types.Enumerator;
import org.ddstuner.types.Extensibility;
import org.ddstuner.types.Member;
import org.ddstuner.types.MemberIds;
import org.ddstuner.types.NamedType;
import org.ddstuner.types.PrimitiveType;
import org.ddstuner.types.SequenceType;
import org.ddstuner.types.StringType;
import org.ddstuner.types.StructType;
import org.ddstuner.types.TypeLibrary;
import org.ddstuner.types.TypeRef;
import org.ddstuner.types.UnionCase;
import org.ddstuner.types.UnionType;
import org.ddstuner.types.xtypes.TypeObject.AliasObject;
import org.ddstuner.types.xtypes.TypeObject.ArrayObject;
import org.ddstuner.types.xtypes.TypeObject.BitmaskObject;
import org.ddstuner.types.xtypes.TypeObject.EnumObject;
import org.ddstuner.types.xtypes.TypeObject.Literal;
import org.ddstuner.types.xtypes.TypeObject.MapObject;
import org.ddstuner.types.xtypes.TypeObject.SequenceObject;
import org.ddstuner.types.xtypes.TypeObject.StructMember;
import org.ddstuner.types.xtypes.TypeObject.StructObject;
import org.ddstuner.types.xtypes.TypeObject.UnionMember;
import org.ddstuner.types.xtypes.TypeObject.UnionObject;

/**
 * Turns the COMPLETE type objects of a {@link TypeMapping} into a {@link TypeLibrary}: the model the IDL
 * parser produces, so a type learned over the wire can be printed, edited and encoded like a parsed one.
 *
 * <p>What a COMPLETE TypeObject does not carry cannot come back: constants, {@code @default},
 * {@code @range}, {@code @topic}, custom annotations, comments, module-only declarations, the
 * extensibility of enums and bitmasks (always {@code FINAL} here). {@code @id} is put back on a member
 * whose id differs from the one sequential/hash assignment would give, which is where IDL needs it.
 *
 * <p>The mapping comes from a remote peer: a struct that is its own base (directly or not), an anonymous
 * collection that contains itself, or element types nested deeper than {@value #MAX_TYPE_NESTING} levels end
 * in an {@link XTypesFormatException}, and base chains are followed once, not once per struct (bench/fuzz's
 * TypeObjectFuzzer and TypeMappingFuzzer check this).
 */
public final class TypeObjectConverter {

    /** Deepest nesting of element types followed, over plain and anonymous collections together. */
    static final int MAX_TYPE_NESTING = 100;

    private final Map<TypeIdentifier, TypeObject> objects;
    private final Map<TypeIdentifier, String> names = new HashMap<>();
    /** Anonymous collections being converted (see {@link #hashed}). */
    private final Set<TypeIdentifier> anonymousInProgress = new HashSet<>();
    private int typeDepth;
    /** The struct objects by stripped name, the first of a name as the mapping lists them. */
    private final Map<String, StructObject> structsByName = new HashMap<>();
    /** {@link #nextIdAfter} answers by base name. */
    private final Map<String, Long> nextIds = new HashMap<>();

    private TypeObjectConverter(TypeMapping mapping) {
        this.objects = mapping.completeObjects();
        objects.forEach((id, obj) -> {
            String name = nameOf(obj);
            if (name != null) {
                names.put(id, ScopedNameFix.strip(name));
            }
            if (obj instanceof StructObject s) {
                structsByName.putIfAbsent(ScopedNameFix.strip(s.detail().name()), s);
            }
        });
    }

    /** Every named COMPLETE type in the mapping. */
    public static TypeLibrary toLibrary(TypeMapping mapping) {
        try {
            return new TypeObjectConverter(mapping).convertAll();
        } catch (XTypesFormatException e) {
            throw e;
        } catch (RuntimeException e) {
            // the model's records refuse impossible values (e.g. a bit bound of 0): say it is the input
            XTypesFormatException x = new XTypesFormatException("the type objects describe an impossible type: "
                    + e.getMessage());
            x.initCause(e);
            throw x;
        }
    }

    /** Reads both byte arrays (XCDR2 LE, as in a topic descriptor) and converts: the type and its library. */
    public static LearnedType learn(byte[] typeInformation, byte[] typeMapping) {
        TypeInformation info = TypeObjectReader.readTypeInformation(typeInformation);
        TypeMapping mapping = TypeObjectReader.readTypeMapping(typeMapping);
        return new LearnedType(typeName(info, mapping), toLibrary(mapping));
    }

    /**
     * The scoped name of the type a TypeInformation describes, found in the mapping.
     *
     * @throws XTypesFormatException if the type information has no COMPLETE identifier or the mapping lacks it
     */
    public static String typeName(TypeInformation info, TypeMapping mapping) {
        TypeIdentifier id = info.completeTypeId();
        if (id == null) {
            throw new XTypesFormatException("the type information has no COMPLETE type identifier");
        }
        TypeObject obj = mapping.completeObjects().get(id);
        String name = obj == null ? null : nameOf(obj);
        if (name == null) {
            throw new XTypesFormatException("the type mapping has no named type object for "
                    + TypeIdentifier.describe(id));
        }
        return ScopedNameFix.strip(name);
    }

    private TypeLibrary convertAll() {
        TypeLibrary.Builder b = TypeLibrary.builder();
        for (TypeObject obj : objects.values()) {
            NamedType t = convert(obj);
            if (t != null) {
                b.add(t);
            }
        }
        return b.build();
    }

    private static String nameOf(TypeObject obj) {
        return switch (obj) {
            case StructObject s -> s.detail().name();
            case UnionObject u -> u.detail().name();
            case EnumObject e -> e.detail().name();
            case BitmaskObject b -> b.detail().name();
            case AliasObject a -> a.detail().name();
            default -> null; // anonymous collections, minimal or unsupported objects
        };
    }

    private NamedType convert(TypeObject obj) {
        return switch (obj) {
            case StructObject s -> struct(s);
            case UnionObject u -> union(u);
            case EnumObject e -> enumeration(e);
            case BitmaskObject b -> bitmask(b);
            case AliasObject a -> new AliasType(ScopedNameFix.strip(a.detail().name()), type(a.related(), a.detail().name()),
                    a.detail().annotations());
            default -> null;
        };
    }

    private StructType struct(StructObject s) {
        String name = ScopedNameFix.strip(s.detail().name());
        AutoId autoId = (s.flags() & TYPE_AUTOID_HASH) != 0 ? AutoId.HASH : AutoId.SEQUENTIAL;
        String base = null;
        if (!(s.base() instanceof TypeIdentifier.Primitive p && p.none())) {
            base = nameFor(s.base(), name + " base type");
        }
        long expected = base == null ? 0 : nextIdAfter(base, name);
        List<Member> members = new ArrayList<>();
        for (StructMember m : s.members()) {
            String where = name + "." + m.detail().name();
            boolean key = (m.flags() & MEMBER_KEY) != 0;
            List<Annotation> annotations = memberAnnotations(m.detail(), m.id(), m.flags(), key,
                    autoId == AutoId.HASH ? MemberIds.hashId(m.detail().name()) : expected);
            members.add(new Member(m.detail().name(), type(m.type(), where), m.id(), key,
                    (m.flags() & MEMBER_OPTIONAL) != 0, annotations));
            expected = m.id() + 1;
        }
        List<Annotation> annotations = new ArrayList<>(s.detail().annotations());
        return new StructType(name, extensibility(s.flags()), autoId, base, members, annotations);
    }

    /**
     * The id sequential numbering gives the first own member of a struct derived from {@code base}. A loop,
     * not recursion, with the structs looked up by name and the answers kept: the base chain comes from the
     * wire and may be long or circular, and every struct of a chain asks again.
     */
    private long nextIdAfter(String base, String where) {
        Long known = nextIds.get(base);
        if (known != null) {
            return known;
        }
        Set<String> seen = new LinkedHashSet<>();
        String name = base;
        long next = 0;
        while (true) {
            if (!seen.add(name)) {
                throw new XTypesFormatException(where + ": inheritance cycle through " + name);
            }
            StructObject s = structsByName.get(name);
            if (s == null) {
                break;
            }
            if (!s.members().isEmpty()) {
                next = s.members().get(s.members().size() - 1).id() + 1;
                break;
            }
            if (s.base() instanceof TypeIdentifier.Primitive p && p.none()) {
                break;
            }
            name = nameFor(s.base(), name + " base type");
            known = nextIds.get(name);
            if (known != null) {
                next = known;
                break;
            }
        }
        // every struct on the way has no members of its own, so the same answer holds for each
        for (String n : seen) {
            nextIds.put(n, next);
        }
        return next;
    }

    private List<Annotation> memberAnnotations(TypeObject.MemberDetail d, long id, int flags, boolean key,
            long expectedId) {
        List<Annotation> out = new ArrayList<>();
        boolean hashid = d.annotations().stream().anyMatch(a -> a.name().equals("hashid"));
        if (!hashid && id != expectedId) {
            out.add(Annotation.of("id", BigInteger.valueOf(id)));
        }
        out.addAll(d.annotations());
        if ((flags & MEMBER_MUST_UNDERSTAND) != 0 && !key) {
            out.add(Annotation.of("must_understand"));
        }
        if ((flags & MEMBER_EXTERNAL) != 0) {
            out.add(Annotation.of("external"));
        }
        return out;
    }

    private UnionType union(UnionObject u) {
        String name = ScopedNameFix.strip(u.detail().name());
        DdsType disc = type(u.discriminator(), name + " discriminator");
        List<UnionCase> cases = new ArrayList<>();
        long expected = 1;
        for (UnionMember m : u.members()) {
            String where = name + "." + m.detail().name();
            List<Annotation> annotations = memberAnnotations(m.detail(), m.id(), m.flags(), false, expected);
            Member member = new Member(m.detail().name(), type(m.type(), where), m.id(), false, false, annotations);
            List<Long> labels = m.labels().stream().map(Integer::longValue).toList();
            boolean isDefault = (m.flags() & MEMBER_DEFAULT) != 0;
            if (labels.isEmpty() && !isDefault) {
                throw new XTypesFormatException("union " + name + " member " + m.detail().name()
                        + " has neither case labels nor the default flag");
            }
            cases.add(new UnionCase(labels, isDefault, member));
            expected = m.id() + 1;
        }
        return new UnionType(name, extensibility(u.flags()), disc, cases, u.detail().annotations());
    }

    private EnumType enumeration(EnumObject e) {
        String name = ScopedNameFix.strip(e.detail().name());
        if (e.literals().isEmpty()) {
            throw new XTypesFormatException("enum " + name + " has no literal");
        }
        List<Enumerator> list = new ArrayList<>();
        String defaultValue = null;
        for (Literal l : e.literals()) {
            list.add(new Enumerator(l.detail().name(), l.value()));
            if ((l.flags() & MEMBER_DEFAULT) != 0 && defaultValue == null) {
                defaultValue = l.detail().name();
            }
        }
        int bitBound = e.bitBound() == 0 ? 32 : e.bitBound();
        if (bitBound > 32) {
            throw new XTypesFormatException("enum " + name + " has bit bound " + bitBound + " (at most 32)");
        }
        return new EnumType(name, Extensibility.FINAL, bitBound, list, defaultValue, e.detail().annotations());
    }

    private BitmaskType bitmask(BitmaskObject b) {
        String name = ScopedNameFix.strip(b.detail().name());
        int bitBound = b.bitBound() == 0 ? 32 : b.bitBound();
        if (bitBound > 64) {
            throw new XTypesFormatException("bitmask " + name + " has bit bound " + bitBound + " (at most 64)");
        }
        List<BitFlag> flags = b.flags().stream().map(f -> new BitFlag(f.detail().name(), f.value())).toList();
        return new BitmaskType(name, Extensibility.FINAL, bitBound, flags, b.detail().annotations());
    }

    private static Extensibility extensibility(int typeFlags) {
        if ((typeFlags & TYPE_MUTABLE) != 0) {
            return Extensibility.MUTABLE;
        }
        if ((typeFlags & TYPE_APPENDABLE) != 0) {
            return Extensibility.APPENDABLE;
        }
        return Extensibility.FINAL;
    }

    // ---- type identifiers ----

    /**
     * The model type of an identifier. Identifiers nest (plain collections directly, anonymous collection
     * objects through the mapping), each level of each up to the reader's limit: the total is bounded here so
     * that a hostile mapping cannot exhaust the stack.
     */
    private DdsType type(TypeIdentifier id, String where) {
        if (typeDepth >= MAX_TYPE_NESTING) {
            throw new XTypesFormatException(where + ": element types nested more than " + MAX_TYPE_NESTING
                    + " levels deep");
        }
        typeDepth++;
        try {
            return elementType(id, where);
        } finally {
            typeDepth--;
        }
    }

    private DdsType elementType(TypeIdentifier id, String where) {
        return switch (id) {
            case TypeIdentifier.Primitive p -> primitive(p.kind(), where);
            case TypeIdentifier.StringId s -> new StringType(s.wide(), s.bound());
            case TypeIdentifier.PlainSequence s -> new SequenceType(type(s.element(), where), s.bound());
            case TypeIdentifier.PlainArray a -> array(type(a.element(), where), a.dimensions(), where);
            case TypeIdentifier.PlainMap m -> throw new XTypesFormatException(where
                    + ": map types are not supported by the type model");
            case TypeIdentifier.Hashed h -> hashed(id, where);
            case TypeIdentifier.StronglyConnected s -> hashed(id, where);
        };
    }

    private DdsType hashed(TypeIdentifier id, String where) {
        String name = names.get(id);
        if (name != null) {
            return new TypeRef(name);
        }
        TypeObject obj = objects.get(id);
        if (obj == null) {
            throw new XTypesFormatException(where + ": refers to " + TypeIdentifier.describe(id)
                    + ", which the type mapping does not contain");
        }
        // anonymous collections nest by identifier: one that contains itself has no end
        if (!anonymousInProgress.add(id)) {
            throw new XTypesFormatException(where + ": the anonymous collection " + TypeIdentifier.describe(id)
                    + " contains itself");
        }
        try {
            if (obj instanceof SequenceObject s) {
                return new SequenceType(type(s.element(), where), s.bound());
            }
            if (obj instanceof ArrayObject a) {
                return array(type(a.element(), where), a.dimensions(), where);
            }
            if (obj instanceof MapObject) {
                throw new XTypesFormatException(where + ": map types are not supported by the type model");
            }
            throw new XTypesFormatException(where + ": refers to an unsupported type object " + obj);
        } finally {
            anonymousInProgress.remove(id);
        }
    }

    private static ArrayType array(DdsType element, List<Long> dims, String where) {
        List<Integer> d = new ArrayList<>(dims.size());
        for (long n : dims) {
            if (n <= 0 || n > Integer.MAX_VALUE) {
                throw new XTypesFormatException(where + ": array dimension " + n + " is out of range");
            }
            d.add((int) n);
        }
        if (d.isEmpty()) {
            throw new XTypesFormatException(where + ": array without dimensions");
        }
        // IDL "T a[2][3]" where T is itself an array flattens in our model only via aliases: keep nesting
        return new ArrayType(element, d);
    }

    private String nameFor(TypeIdentifier id, String where) {
        String name = names.get(id);
        if (name == null) {
            throw new XTypesFormatException(where + ": refers to " + TypeIdentifier.describe(id)
                    + ", which the type mapping does not name");
        }
        return name;
    }

    private static PrimitiveType primitive(int kind, String where) {
        return switch (kind) {
            case TK_BOOLEAN -> PrimitiveType.BOOLEAN;
            case TK_BYTE -> PrimitiveType.OCTET;
            case TK_INT8 -> PrimitiveType.INT8;
            case TK_UINT8 -> PrimitiveType.UINT8;
            case TK_INT16 -> PrimitiveType.INT16;
            case TK_UINT16 -> PrimitiveType.UINT16;
            case TK_INT32 -> PrimitiveType.INT32;
            case TK_UINT32 -> PrimitiveType.UINT32;
            case TK_INT64 -> PrimitiveType.INT64;
            case TK_UINT64 -> PrimitiveType.UINT64;
            case TK_FLOAT32 -> PrimitiveType.FLOAT32;
            case TK_FLOAT64 -> PrimitiveType.FLOAT64;
            case TK_FLOAT128 -> PrimitiveType.FLOAT128;
            case TK_CHAR8 -> PrimitiveType.CHAR8;
            case TK_CHAR16 -> PrimitiveType.CHAR16;
            default -> throw new XTypesFormatException(where + ": " + TypeKinds.name(kind) + " is not a type");
        };
    }

    /** Type names on the wire have no leading "::", but be lenient with senders that add one. */
    private static final class ScopedNameFix {
        static String strip(String n) {
            return n.startsWith("::") ? n.substring(2) : n;
        }
    }
}
