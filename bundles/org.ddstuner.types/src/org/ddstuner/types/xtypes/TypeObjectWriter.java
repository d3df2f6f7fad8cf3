package org.ddstuner.types.xtypes;

import static org.ddstuner.types.xtypes.TypeKinds.*;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.ddstuner.types.ArrayType;
import org.ddstuner.types.DdsType;
import org.ddstuner.types.NamedType;
import org.ddstuner.types.PrimitiveType;
import org.ddstuner.types.SequenceType;
import org.ddstuner.types.StringType;
import org.ddstuner.types.StructType;
import org.ddstuner.types.TypeLibrary;
import org.ddstuner.types.TypeRef;
import org.ddstuner.types.UnionType;

/**
 * Builds the XTypes type representation of a topic type, the inverse of {@link TypeObjectReader}: the
 * MINIMAL and COMPLETE TypeObjects of the type and of every declared type it depends on, their hashed
 * TypeIdentifiers, and the TypeInformation and TypeMapping bytes Cyclone expects in a topic descriptor.
 *
 * <pre>{@code
 * GeneratedTypeInfo info = TypeObjectWriter.generate(library, "HelloWorldData::Msg");
 * }</pre>
 *
 * <p>The output is byte for byte what idlc 0.10.2 generates for the same IDL (tests compare the two), with
 * idlc's departures from the spec listed in {@link Idlc0102Rules}. As in idlc: primitives, strings and
 * anonymous sequences/arrays get plain identifiers (EK_BOTH when fully descriptive); structs, unions,
 * enums, bitmasks and typedefs get type objects; dependencies are listed in the order idlc first visits
 * them (depth first: base type, then members in declaration order).
 */
public final class TypeObjectWriter {

    private static final int TYPE_INFO_MINIMAL_ID = 0x1001;
    private static final int TYPE_INFO_COMPLETE_ID = 0x1002;
    /** EMHEADER length code 4: the member's length follows in NEXTINT (what Cyclone writes). */
    private static final int LC_NEXTINT = 4 << 28;

    /** One named type's objects and identifiers. */
    private record Built(byte[] minimalObject, byte[] completeObject, TypeIdentifier.Hashed minimal,
            TypeIdentifier.Hashed complete) {
    }

    private final TypeLibrary library;
    /** Named types in the order they were first reached: the topic type first, then its dependencies. */
    private final List<String> order = new ArrayList<>();
    private final Map<String, Built> built = new HashMap<>();
    private final Set<String> inProgress = new LinkedHashSet<>();

    private TypeObjectWriter(TypeLibrary library) {
        this.library = library;
    }

    /**
     * The type representation of the struct or union {@code typeName} (scoped, e.g. {@code "a::b::T"}).
     *
     * @throws org.ddstuner.types.UnknownTypeException if the type or one it refers to is not in the library
     * @throws TypeObjectWriteException                if the type cannot be described (recursive types,
     *                                                 a type that is no struct or union, …)
     */
    public static GeneratedTypeInfo generate(TypeLibrary library, String typeName) {
        NamedType top = library.get(typeName);
        if (!(top instanceof StructType) && !(top instanceof UnionType)) {
            throw new TypeObjectWriteException("'" + top.name()
                    + "' is not a struct or union: only those can be topic types");
        }
        TypeObjectWriter w = new TypeObjectWriter(library);
        Built t = w.build(top);
        return new GeneratedTypeInfo(w.typeInformation(), w.typeMapping(), t.minimal(), t.complete());
    }

    // ---- the dependency walk ----

    private Built build(NamedType type) {
        Built b = built.get(type.name());
        if (b != null) {
            return b;
        }
        if (!inProgress.add(type.name())) {
            throw new TypeObjectWriteException("recursive type: " + String.join(" -> ", inProgress) + " -> "
                    + type.name() + " (needs strongly connected type identifiers, which idlc 0.10.2 cannot make"
                    + " either)");
        }
        order.add(type.name());
        // the MINIMAL pass reaches the dependencies first, in idlc's visiting order
        byte[] minimal = TypeObjectEncoder.encode(type, EK_MINIMAL, this::typeId);
        byte[] complete = TypeObjectEncoder.encode(type, EK_COMPLETE, this::typeId);
        b = new Built(minimal, complete, TypeObjectEncoder.hashOf(minimal, EK_MINIMAL),
                TypeObjectEncoder.hashOf(complete, EK_COMPLETE));
        inProgress.remove(type.name());
        built.put(type.name(), b);
        return b;
    }

    private TypeIdentifier typeId(DdsType type, int ek, String where) {
        return switch (type) {
            case PrimitiveType p -> new TypeIdentifier.Primitive(Idlc0102Rules.primitiveKind(p));
            case StringType s -> new TypeIdentifier.StringId(s.wide(), checkedBound(s.bound(), where));
            case SequenceType s -> new TypeIdentifier.PlainSequence(fullyDescriptive(s) ? EK_BOTH : ek,
                    Idlc0102Rules.TRY_CONSTRUCT,
                    checkedBound(s.bound(), where), typeId(s.element(), ek, where));
            case ArrayType a -> new TypeIdentifier.PlainArray(fullyDescriptive(a) ? EK_BOTH : ek,
                    Idlc0102Rules.TRY_CONSTRUCT,
                    a.dimensions().stream().map(Integer::longValue).toList(), typeId(a.element(), ek, where));
            case TypeRef r -> hashed(library.get(r.name()), ek);
            case NamedType n -> hashed(n, ek);
        };
    }

    private TypeIdentifier hashed(NamedType type, int ek) {
        Built b = build(type);
        return ek == EK_MINIMAL ? b.minimal() : b.complete();
    }

    /** XTypes 7.3.4.6.1: primitives, strings and plain collections of them; never a declared type. */
    private static boolean fullyDescriptive(DdsType type) {
        return switch (type) {
            case PrimitiveType p -> true;
            case StringType s -> true;
            case SequenceType s -> fullyDescriptive(s.element());
            case ArrayType a -> fullyDescriptive(a.element());
            default -> false;
        };
    }

    private static long checkedBound(long bound, String where) {
        if (bound > 0xFFFF_FFFFL) {
            throw new TypeObjectWriteException(where + ": bound " + bound + " does not fit 32 bits");
        }
        return bound;
    }

    // ---- TypeInformation and TypeMapping ----

    private byte[] typeInformation() {
        Xcdr2Output out = new Xcdr2Output();
        int whole = out.beginDelimited();
        withDependencies(out, TYPE_INFO_MINIMAL_ID, true);
        withDependencies(out, TYPE_INFO_COMPLETE_ID, false);
        out.endDelimited(whole);
        return out.toByteArray();
    }

    /** A mutable member (EMHEADER, NEXTINT) holding a TypeIdentifierWithDependencies. */
    private void withDependencies(Xcdr2Output out, int memberId, boolean minimal) {
        out.i32(LC_NEXTINT | memberId);
        int nextInt = out.position();
        out.i32(0);
        int w = out.beginDelimited();
        withSize(out, order.get(0), minimal);
        out.i32(order.size() - 1L); // dependent_typeid_count: idlc lists them all
        int seq = out.beginDelimited();
        out.i32(order.size() - 1L);
        for (String name : order.subList(1, order.size())) {
            withSize(out, name, minimal);
        }
        out.endDelimited(seq);
        out.endDelimited(w);
        out.patch(nextInt, out.position() - nextInt - 4);
    }

    private void withSize(Xcdr2Output out, String name, boolean minimal) {
        Built b = built.get(name);
        int d = out.beginDelimited();
        TypeObjectEncoder.writeTypeIdentifier(out, minimal ? b.minimal() : b.complete());
        out.i32((minimal ? b.minimalObject() : b.completeObject()).length);
        out.endDelimited(d);
    }

    private byte[] typeMapping() {
        Xcdr2Output out = new Xcdr2Output();
        for (boolean minimal : new boolean[] {true, false}) {
            int seq = out.beginDelimited();
            out.i32(order.size());
            for (String name : order) {
                Built b = built.get(name);
                TypeObjectEncoder.writeTypeIdentifier(out, minimal ? b.minimal() : b.complete());
                out.align(4); // the TypeObject starts with its DHEADER, so its own alignment is unchanged
                out.bytes(minimal ? b.minimalObject() : b.completeObject());
            }
            out.endDelimited(seq);
        }
        int seq = out.beginDelimited();
        out.i32(order.size());
        for (String name : order) {
            Built b = built.get(name);
            TypeObjectEncoder.writeTypeIdentifier(out, b.complete());
            TypeObjectEncoder.writeTypeIdentifier(out, b.minimal());
        }
        out.endDelimited(seq);
        return out.toByteArray();
    }
}
