package org.ddstuner.types.xtypes;

import static org.ddstuner.types.xtypes.TypeKinds.*;

import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.function.Supplier;

import org.ddstuner.types.xtypes.TypeInformation.WithDependencies;
import org.ddstuner.types.xtypes.TypeInformation.WithSize;
import org.ddstuner.types.xtypes.TypeMapping.IdentifierPair;
import org.ddstuner.types.xtypes.TypeMapping.Pair;

/**
 * Reads the XTypes type representation (DDS-XTypes 1.3 Annex B, Cyclone's {@code ddsi_xt_typeinfo.idl}
 * and {@code ddsi_xt_typemap.idl}) from XCDR2 bytes without encapsulation header, as found in Cyclone's
 * {@code dds_topic_descriptor_t.type_information/type_mapping}, idlc's TYPE_INFO_CDR/TYPE_MAP_CDR and
 * discovery's PID_TYPE_INFORMATION. Hand-written rather than generated: every length is checked, so
 * malformed bytes give an {@link XTypesFormatException} with the offset, never a crash or a hang.
 *
 * <p>Extensibility matters for the layout: FINAL structs and unions are plain, APPENDABLE ones start with
 * a DHEADER (and may grow: unknown trailing members are skipped), MUTABLE ones use EMHEADERs; sequences
 * of non-primitive elements have a DHEADER too; optional members of non-mutable structs have a presence
 * octet.
 */
public final class TypeObjectReader {

    private static final int HASH_LENGTH = 14;
    private static final int TYPE_INFO_MINIMAL_ID = 0x1001;
    private static final int TYPE_INFO_COMPLETE_ID = 0x1002;

    private final Xcdr2Input in;

    private TypeObjectReader(byte[] data, boolean bigEndian) {
        this.in = new Xcdr2Input(data, bigEndian);
    }

    /** A serialized DDS::XTypes::TypeInformation (little endian). */
    public static TypeInformation readTypeInformation(byte[] xcdr2) {
        return readTypeInformation(xcdr2, false);
    }

    public static TypeInformation readTypeInformation(byte[] xcdr2, boolean bigEndian) {
        TypeObjectReader r = new TypeObjectReader(xcdr2, bigEndian);
        return r.whole("TypeInformation", r::typeInformation);
    }

    /** A serialized DDS::XTypes::TypeMapping (little endian). */
    public static TypeMapping readTypeMapping(byte[] xcdr2) {
        return readTypeMapping(xcdr2, false);
    }

    public static TypeMapping readTypeMapping(byte[] xcdr2, boolean bigEndian) {
        TypeObjectReader r = new TypeObjectReader(xcdr2, bigEndian);
        return r.whole("TypeMapping", r::typeMapping);
    }

    /** A serialized DDS::XTypes::TypeObject (little endian). */
    public static TypeObject readTypeObject(byte[] xcdr2) {
        TypeObjectReader r = new TypeObjectReader(xcdr2, false);
        return r.whole("TypeObject", r::typeObject);
    }

    /** A serialized DDS::XTypes::TypeIdentifier (little endian). */
    public static TypeIdentifier readTypeIdentifier(byte[] xcdr2) {
        TypeObjectReader r = new TypeObjectReader(xcdr2, false);
        return r.whole("TypeIdentifier", r::typeIdentifier);
    }

    private <T> T whole(String what, Supplier<T> body) {
        if (in.limit() == 0) {
            throw new XTypesFormatException(0, what + ": no bytes");
        }
        try {
            return body.get();
        } catch (XTypesFormatException e) {
            throw e;
        } catch (RuntimeException e) {
            // a bug of ours must still surface as "bad input here", not as an unexplained crash
            // (the cause is kept: the fuzz targets in bench/fuzz treat any cause here as a finding)
            XTypesFormatException x = new XTypesFormatException(in.position(), what + ": cannot read: " + e);
            x.initCause(e);
            throw x;
        }
    }

    // ---- TypeInformation / TypeMapping ----

    private TypeInformation typeInformation() {
        return in.delimited("TypeInformation", () -> {
            WithDependencies minimal = null;
            WithDependencies complete = null;
            while (!in.atLimit()) {
                in.align(4);
                int start = in.position();
                int emheader = in.i32();
                int lc = emheader >>> 28 & 7;
                int id = emheader & 0x0FFF_FFFF;
                int end = memberEnd(lc, start);
                WithDependencies w = in.region("TypeInformation member " + id, end, this::withDependencies);
                if (id == TYPE_INFO_MINIMAL_ID) {
                    minimal = w;
                } else if (id == TYPE_INFO_COMPLETE_ID) {
                    complete = w;
                }
            }
            return new TypeInformation(minimal, complete);
        });
    }

    /**
     * End of a mutable member from its EMHEADER length code (XTypes 7.4.3.5.3), leaving the position at the
     * member's first byte: for LC 5..7 the NEXTINT is also the member's own first word (its DHEADER or
     * sequence length), so it is read again as part of the member.
     */
    private int memberEnd(int lc, int emheaderAt) {
        if (lc < 4) {
            return checkedEnd(in.position(), 1L << lc, emheaderAt);
        }
        int at = in.position();
        long next = in.u32();
        if (lc == 4) {
            return checkedEnd(in.position(), next, emheaderAt);
        }
        in.rewind(at);
        return checkedEnd(at, 4 + next * (lc == 5 ? 1 : lc == 6 ? 4 : 8), emheaderAt);
    }

    private int checkedEnd(int from, long size, int emheaderAt) {
        if (size > in.limit() - from) {
            throw new XTypesFormatException(emheaderAt, "member of " + size + " bytes overruns its container");
        }
        return from + (int) size;
    }

    private WithDependencies withDependencies() {
        return in.delimited("TypeIdentifierWithDependencies", () -> {
            WithSize main = withSize();
            int count = in.i32();
            List<WithSize> deps = in.delimited("dependent_typeids", () -> {
                int n = in.count(8);
                List<WithSize> l = new ArrayList<>(n);
                for (int i = 0; i < n; i++) {
                    l.add(withSize());
                }
                return l;
            });
            return new WithDependencies(main, count, deps);
        });
    }

    private WithSize withSize() {
        return in.delimited("TypeIdentifierWithSize", () -> new WithSize(typeIdentifier(), in.u32()));
    }

    private TypeMapping typeMapping() {
        List<Pair> minimal = pairs("identifier_object_pair_minimal");
        List<Pair> complete = pairs("identifier_object_pair_complete");
        List<IdentifierPair> ids = in.delimited("identifier_complete_minimal", () -> {
            int n = in.count(2);
            List<IdentifierPair> l = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                l.add(new IdentifierPair(typeIdentifier(), typeIdentifier()));
            }
            return l;
        });
        return new TypeMapping(minimal, complete, ids);
    }

    private List<Pair> pairs(String what) {
        return in.delimited(what, () -> {
            int n = in.count(6);
            List<Pair> l = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                l.add(new Pair(typeIdentifier(), typeObject()));
            }
            return l;
        });
    }

    // ---- TypeIdentifier ----

    TypeIdentifier typeIdentifier() {
        int at = in.position();
        int d = in.u8();
        in.enter("TypeIdentifier");
        try {
            // a switch statement, not an expression with yield blocks: ECJ's stack maps for those inside
            // try/finally fail verification
            switch (d) {
                case TK_NONE, TK_BOOLEAN, TK_BYTE, TK_INT16, TK_INT32, TK_INT64, TK_UINT16, TK_UINT32, TK_UINT64,
                        TK_FLOAT32, TK_FLOAT64, TK_FLOAT128, TK_INT8, TK_UINT8, TK_CHAR8, TK_CHAR16:
                    return new TypeIdentifier.Primitive(d);
                case TI_STRING8_SMALL, TI_STRING16_SMALL:
                    return new TypeIdentifier.StringId(d == TI_STRING16_SMALL, in.u8());
                case TI_STRING8_LARGE, TI_STRING16_LARGE:
                    return new TypeIdentifier.StringId(d == TI_STRING16_LARGE, in.u32());
                case TI_PLAIN_SEQUENCE_SMALL, TI_PLAIN_SEQUENCE_LARGE: {
                    int ek = in.u8();
                    int flags = in.u16();
                    long bound = d == TI_PLAIN_SEQUENCE_SMALL ? in.u8() : in.u32();
                    return new TypeIdentifier.PlainSequence(ek, flags, bound, typeIdentifier());
                }
                case TI_PLAIN_ARRAY_SMALL, TI_PLAIN_ARRAY_LARGE: {
                    int ek = in.u8();
                    int flags = in.u16();
                    boolean small = d == TI_PLAIN_ARRAY_SMALL;
                    int n = in.count(small ? 1 : 4);
                    List<Long> dims = new ArrayList<>(n);
                    for (int i = 0; i < n; i++) {
                        dims.add(small ? (long) in.u8() : in.u32());
                    }
                    return new TypeIdentifier.PlainArray(ek, flags, dims, typeIdentifier());
                }
                case TI_PLAIN_MAP_SMALL, TI_PLAIN_MAP_LARGE: {
                    int ek = in.u8();
                    int flags = in.u16();
                    long bound = d == TI_PLAIN_MAP_SMALL ? in.u8() : in.u32();
                    TypeIdentifier element = typeIdentifier();
                    int keyFlags = in.u16();
                    return new TypeIdentifier.PlainMap(ek, flags, bound, element, keyFlags, typeIdentifier());
                }
                case TI_STRONGLY_CONNECTED_COMPONENT:
                    return in.delimited("StronglyConnectedComponentId", () -> {
                        int ek = in.u8();
                        String hash = hash(ek);
                        return new TypeIdentifier.StronglyConnected(ek, hash, in.i32(), in.i32());
                    });
                case EK_MINIMAL, EK_COMPLETE:
                    return new TypeIdentifier.Hashed(d, hash(d));
                default:
                    throw new XTypesFormatException(at, "unknown TypeIdentifier kind " + TypeKinds.name(d));
            }
        } finally {
            in.leave();
        }
    }

    private String hash(int equivalenceKind) {
        if (equivalenceKind != EK_MINIMAL && equivalenceKind != EK_COMPLETE) {
            throw new XTypesFormatException(in.position() - 1, "expected EK_MINIMAL or EK_COMPLETE, found "
                    + TypeKinds.name(equivalenceKind));
        }
        return HexFormat.of().formatHex(in.bytes(HASH_LENGTH));
    }

    // ---- TypeObject ----

    TypeObject typeObject() {
        return in.delimited("TypeObject", () -> {
            int ek = in.u8();
            if (ek == EK_MINIMAL) {
                return new TypeObject.MinimalObject(in.u8());
            }
            if (ek != EK_COMPLETE) {
                return new TypeObject.UnsupportedObject(ek, -1);
            }
            return new CompleteTypeObjectReader(in, this::typeIdentifier).read();
        });
    }
}
