package org.ddstuner.types.tests.xtypes;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

import org.ddstuner.types.Annotation;
import org.ddstuner.types.ArrayType;
import org.ddstuner.types.Member;
import org.ddstuner.types.NamedType;
import org.ddstuner.types.PrimitiveType;
import org.ddstuner.types.SequenceType;
import org.ddstuner.types.StructType;
import org.ddstuner.types.TypeLibrary;
import org.ddstuner.types.UnionCase;
import org.ddstuner.types.UnionType;
import org.ddstuner.types.xtypes.TypeIdentifier;
import org.ddstuner.types.xtypes.TypeInformation;
import org.ddstuner.types.xtypes.TypeMapping;
import org.ddstuner.types.xtypes.TypeObject;
import org.ddstuner.types.xtypes.TypeObjectConverter;
import org.ddstuner.types.xtypes.TypeObjectReader;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The TypeInformation/TypeMapping bytes idlc 0.10.2 generates for {@code resources/xtypes/corpus.idl},
 * read and converted, give the library our IDL parser makes of the same file, except for what a
 * COMPLETE TypeObject (or idlc 0.10.2) cannot say; {@link #asIdlc0102Sees} lists each such difference.
 */
class TypeObjectCorpusTest {

    private static final List<IdlcTypeObjects.Entry> CORPUS = IdlcTypeObjects.committed();

    @Test
    void corpusCoversEveryStructAndUnion() {
        TypeLibrary idl = XTypesResources.parseIdl("corpus.idl");
        long topicTypes = idl.types().stream().filter(t -> t instanceof StructType || t instanceof UnionType).count();
        assertEquals(topicTypes, CORPUS.size(), "one TYPE_INFO/TYPE_MAP pair per struct and union");
    }

    @Test
    void typeInformationNamesTheTypeOfItsMapping() {
        for (IdlcTypeObjects.Entry e : CORPUS) {
            TypeInformation info = TypeObjectReader.readTypeInformation(e.typeInformation());
            TypeMapping map = TypeObjectReader.readTypeMapping(e.typeMapping());
            assertEquals(e.typeName(), TypeObjectConverter.typeName(info, map));
            assertInstanceOf(TypeIdentifier.Hashed.class, info.minimalTypeId(), e.typeName());
            assertEquals(info.complete().dependentTypeIdCount(), info.complete().dependentTypeIds().size(), e.typeName());
            // every dependency announced in the type information is in the mapping, complete and minimal
            for (TypeInformation.WithSize dep : info.complete().dependentTypeIds()) {
                assertTrue(map.completeObjects().containsKey(dep.typeId()), e.typeName() + " needs " + dep);
            }
            assertEquals(map.minimal().size(), map.complete().size(), e.typeName());
            assertEquals(map.complete().size(), map.completeToMinimal().size(), e.typeName());
            map.minimal().forEach(p -> assertInstanceOf(TypeObject.MinimalObject.class, p.object()));
        }
    }

    @Test
    void topTypeDependsOnEverythingAndConvertsCompletely() {
        IdlcTypeObjects.Entry top = CORPUS.stream().filter(e -> e.typeName().equals("R::Inner::Top")).findFirst()
                .orElseThrow();
        TypeLibrary learned = TypeObjectConverter.toLibrary(TypeObjectReader.readTypeMapping(top.typeMapping()));
        assertEquals(List.of(), learned.validate(), "every reference resolves");
        StructType t = learned.struct("R::Inner::Top");
        assertEquals(List.of("k", "p", "s", "c", "e", "u", "fo", "ao", "ma", "d", "md"),
                t.members().stream().map(Member::name).toList());
        assertTrue(t.members().get(0).key());
        // Top reaches every declared type of the corpus, so its mapping alone gives all of them
        TypeLibrary idl = asIdlc0102Sees(XTypesResources.parseIdl("corpus.idl"));
        for (NamedType n : idl.types()) {
            assertEquals(n, learned.get(n.name()), n.name());
        }
    }

    /** The heart of it: each type learned from its own bytes equals the parsed one (after the differences). */
    @Test
    void learnedTypesEqualParsedIdl() {
        TypeLibrary idl = asIdlc0102Sees(XTypesResources.parseIdl("corpus.idl"));
        TypeLibrary.Builder all = TypeLibrary.builder();
        for (IdlcTypeObjects.Entry e : CORPUS) {
            TypeLibrary one = TypeObjectConverter.toLibrary(TypeObjectReader.readTypeMapping(e.typeMapping()));
            assertEquals(idl.get(e.typeName()), one.get(e.typeName()), e.typeName());
            all.addAll(one);
        }
        assertEquals(idl, all.build());
    }

    @Test
    void detailsThatMatter() {
        TypeLibrary lib = learnedAll();
        StructType m = lib.struct("R::MPoint");
        assertEquals(List.of(0L, 1L, 16133L, org.ddstuner.types.MemberIds.hashId("h")),
                m.members().stream().map(Member::id).toList());
        assertEquals(Annotation.of("id", BigInteger.valueOf(16133)), m.member("big").orElseThrow().annotations().get(0));
        assertEquals(Annotation.of("hashid", "h"), m.member("h").orElseThrow().annotations().get(0));
        assertTrue(m.member("label").orElseThrow().optional());
        assertEquals(org.ddstuner.types.AutoId.HASH, lib.struct("R::HPoint").autoId());
        assertEquals("R::MBase", lib.struct("R::MDerived").base());
        assertEquals(200L, lib.struct("R::MDerived").members().get(0).id());
        StructType c = lib.struct("R::Collections");
        assertEquals(new ArrayType(PrimitiveType.FLOAT64, 2, 3), lib.unalias(c.member("m").orElseThrow().type()));
        assertEquals(new SequenceType(new SequenceType(PrimitiveType.INT32, 0), 0), c.member("ssl").orElseThrow().type());
        assertEquals(new ArrayType(PrimitiveType.INT32, 300), c.member("big").orElseThrow().type());
        assertEquals(new SequenceType(PrimitiveType.INT32, 300), c.member("lbs").orElseThrow().type());
        assertEquals(new org.ddstuner.types.StringType(false, 300),
                lib.struct("R::Strings").member("lbs").orElseThrow().type());
        assertEquals(65536L, lib.struct("R::MutAll").member("big").orElseThrow().id());
    }

    @Test
    void regeneratedByIdlcMatchesTheCommittedBytes() throws Exception {
        Assumptions.assumeTrue(IdlcTypeObjects.idlcAvailable(), "idlc not installed");
        List<IdlcTypeObjects.Entry> fresh = IdlcTypeObjects.runIdlc(IdlcTypeObjects.corpusIdl());
        assertEquals(CORPUS.stream().map(IdlcTypeObjects.Entry::typeName).toList(),
                fresh.stream().map(IdlcTypeObjects.Entry::typeName).toList());
        for (int i = 0; i < fresh.size(); i++) {
            assertArrayEquals(CORPUS.get(i).typeInformation(), fresh.get(i).typeInformation(), fresh.get(i).typeName());
            assertArrayEquals(CORPUS.get(i).typeMapping(), fresh.get(i).typeMapping(), fresh.get(i).typeName());
        }
    }

    static TypeLibrary learnedAll() {
        TypeLibrary.Builder all = TypeLibrary.builder();
        for (IdlcTypeObjects.Entry e : CORPUS) {
            all.addAll(TypeObjectConverter.toLibrary(TypeObjectReader.readTypeMapping(e.typeMapping())));
        }
        return all.build();
    }

    /**
     * The parsed library as it looks through idlc 0.10.2's type objects. Each difference:
     * <ul>
     * <li>{@code @topic} (and other non-builtin annotations on types) is not in a TypeObject: dropped;</li>
     * <li>idlc 0.10.2 predates TK_INT8/TK_UINT8: it describes {@code int8} as TK_CHAR8 and {@code uint8} as
     * TK_BYTE, so they come back as {@code char} and {@code octet};</li>
     * <li>idlc 0.10.2 numbers union members from 0 where XTypes (and our parser) start at 1: the learned
     * union keeps the wire ids, which needs {@code @id(0)} on its first member to say so in IDL.</li>
     * </ul>
     */
    static TypeLibrary asIdlc0102Sees(TypeLibrary parsed) {
        TypeLibrary.Builder b = TypeLibrary.builder();
        for (NamedType t : parsed.types()) {
            if (t instanceof StructType s) {
                b.add(new StructType(s.name(), s.extensibility(), s.autoId(), s.base(),
                        s.members().stream().map(m -> new Member(m.name(), AsTypeObjectsCarryIt.old(m.type()), m.id(),
                                m.key(), m.optional(), m.annotations())).toList(),
                        s.annotations().stream().filter(a -> !a.name().equals("topic")).toList()));
            } else if (t instanceof UnionType u) {
                b.add(unionFromZero(u));
            } else {
                b.add(t);
            }
        }
        return b.build();
    }

    private static UnionType unionFromZero(UnionType u) {
        List<UnionCase> cases = new ArrayList<>();
        for (int i = 0; i < u.cases().size(); i++) {
            UnionCase c = u.cases().get(i);
            Member m = c.member();
            List<Annotation> ann = new ArrayList<>(m.annotations());
            if (i == 0) {
                ann.add(0, Annotation.of("id", BigInteger.ZERO));
            }
            cases.add(new UnionCase(c.labels(), c.defaultCase(),
                    new Member(m.name(), AsTypeObjectsCarryIt.old(m.type()), m.id() - 1, m.key(), m.optional(), ann)));
        }
        return new UnionType(u.name(), u.extensibility(), u.discriminator(), cases, u.annotations());
    }

    @Test
    void differencesAreReal() {
        // guard against the normalisation hiding everything: it must change something, and not too much
        TypeLibrary parsed = XTypesResources.parseIdl("corpus.idl");
        TypeLibrary seen = asIdlc0102Sees(parsed);
        assertFalse(parsed.equals(seen));
        assertEquals(parsed.struct("R::MutAll"), seen.struct("R::MutAll"));
        assertNotNull(seen.struct("R::Inner::Top"));
    }
}
