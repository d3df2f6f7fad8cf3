package org.ddstuner.dds.internal;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.io.ByteArrayOutputStream;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Serializes a native {@code dds_typeinfo_t} (DDS::XTypes::TypeInformation) to the XCDR2 little-endian
 * bytes that go on the wire (and that idlc embeds as TYPE_INFO_CDR): a mutable struct of two appendable
 * TypeIdentifierWithDependencies, each holding hashed type identifiers. libddsc exports no serializer
 * for it in every version, so we write it from the C struct (layout checked by the layout probe).
 * Anything but hashed identifiers (never used for top-level types) makes us return {@code null}.
 */
public final class TypeInfoSerializer {

    private static final int LC_NEXTINT = 4 << 28; // EMHEADER length code: a NEXTINT with the size follows
    private static final int MINIMAL_ID = 0x1001;
    private static final int COMPLETE_ID = 0x1002;

    private TypeInfoSerializer() {
    }

    /** XCDR2 bytes of the type information, or {@code null} if it holds identifiers we don't serialize. */
    public static byte[] serialize(MemorySegment typeinfo) {
        MemorySegment ti = typeinfo.reinterpret(Layouts.XT_TYPE_INFORMATION.byteSize());
        byte[] minimal = withDependencies(ti.asSlice(Layouts.offset(Layouts.XT_TYPE_INFORMATION, "minimal")));
        byte[] complete = withDependencies(ti.asSlice(Layouts.offset(Layouts.XT_TYPE_INFORMATION, "complete")));
        if (minimal == null || complete == null) {
            return null;
        }
        Out body = new Out();
        body.i32(LC_NEXTINT | MINIMAL_ID).i32(minimal.length).bytes(minimal);
        body.i32(LC_NEXTINT | COMPLETE_ID).i32(complete.length).bytes(complete);
        return new Out().i32(body.size()).bytes(body.toByteArray()).toByteArray();
    }

    /** Appendable struct: DHEADER, TypeIdentifierWithSize, int32 count, sequence of TypeIdentifierWithSize. */
    private static byte[] withDependencies(MemorySegment s) {
        var l = Layouts.XT_TYPE_IDENTIFIER_WITH_DEPENDENCIES;
        byte[] main = withSize(s.asSlice(Layouts.offset(l, "typeid_with_size"), Layouts.XT_TYPE_IDENTIFIER_WITH_SIZE));
        if (main == null) {
            return null;
        }
        Out body = new Out().bytes(main).i32(s.get(JAVA_INT, Layouts.offset(l, "dependent_typeid_count")));
        MemorySegment seq = s.asSlice(Layouts.offset(l, "dependent_typeids"), Layouts.SEQUENCE);
        int n = seq.get(JAVA_INT, Layouts.offset(Layouts.SEQUENCE, "_length"));
        MemorySegment buf = seq.get(ADDRESS, Layouts.offset(Layouts.SEQUENCE, "_buffer"));
        Out elements = new Out().i32(n);
        if (n > 0) {
            long size = Layouts.XT_TYPE_IDENTIFIER_WITH_SIZE.byteSize();
            MemorySegment all = buf.reinterpret(size * n);
            for (int i = 0; i < n; i++) {
                byte[] dep = withSize(all.asSlice(i * size, size));
                if (dep == null) {
                    return null;
                }
                elements.bytes(dep);
            }
        }
        body.i32(elements.size()).bytes(elements.toByteArray()); // sequence of non-primitives: DHEADER first
        return new Out().i32(body.size()).bytes(body.toByteArray()).toByteArray();
    }

    /** Appendable struct: DHEADER, TypeIdentifier (final union: uint8 kind + 14-byte hash), pad, uint32 size. */
    private static byte[] withSize(MemorySegment s) {
        var l = Layouts.XT_TYPE_IDENTIFIER_WITH_SIZE;
        long tid = Layouts.offset(l, "type_id");
        int kind = s.get(JAVA_BYTE, tid + Layouts.offset(Layouts.XT_TYPE_IDENTIFIER, "_d")) & 0xff;
        Out body = new Out();
        body.u8(kind);
        if (kind == NativeConstants.DDS_XTypes_EK_MINIMAL || kind == NativeConstants.DDS_XTypes_EK_COMPLETE) {
            long hash = tid + Layouts.offset(Layouts.XT_TYPE_IDENTIFIER, "_u") + NativeConstants.DDS_XTypes_HASH_OFFSET_IN_UNION;
            body.bytes(s.asSlice(hash, NativeConstants.DDS_XTypes_EQUIVALENCE_HASH_LEN).toArray(JAVA_BYTE));
        } else if (kind != NativeConstants.DDS_XTypes_TK_NONE) {
            return null;
        }
        body.align4().i32(s.get(JAVA_INT, Layouts.offset(l, "typeobject_serialized_size")));
        return new Out().i32(body.size()).bytes(body.toByteArray()).toByteArray();
    }

    /** Little-endian output; alignment is relative to the start of each nested buffer, which always starts at 4. */
    private static final class Out extends ByteArrayOutputStream {
        Out i32(int v) {
            align4();
            byte[] b = ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(v).array();
            write(b, 0, 4);
            return this;
        }

        Out u8(int v) {
            write(v);
            return this;
        }

        Out bytes(byte[] b) {
            write(b, 0, b.length);
            return this;
        }

        Out align4() {
            while (size() % 4 != 0) {
                write(0);
            }
            return this;
        }
    }
}
