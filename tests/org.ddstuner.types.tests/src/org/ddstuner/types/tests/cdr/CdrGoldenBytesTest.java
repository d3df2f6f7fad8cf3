package org.ddstuner.types.tests.cdr;

import static org.ddstuner.types.tests.cdr.InteropSamples.map;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

import org.ddstuner.types.MemberIds;
import org.ddstuner.types.TypeLibrary;
import org.ddstuner.types.TypeRef;
import org.ddstuner.types.cdr.CdrCodec;
import org.ddstuner.types.cdr.Encapsulation;
import org.ddstuner.types.cdr.XcdrVersion;
import org.ddstuner.types.idl.IdlParser;
import org.junit.jupiter.api.Test;

/** Exact bytes, worked out by hand from DDS-XTypes 1.3 §7.4, for the layouts libddsc 0.10.2 cannot write. */
class CdrGoldenBytesTest {
    private static final TypeLibrary RICH = CdrResources.library("rich.idl");
    private static final HexFormat HEX = HexFormat.of();

    private static String le4(long v) {
        return String.format("%02x%02x%02x%02x", v & 0xFF, (v >> 8) & 0xFF, (v >> 16) & 0xFF, (v >> 24) & 0xFF);
    }

    @Test
    void encapsulationIdentifiersAreTheSpecsAndCyclones() {
        // XTypes 1.3 Table 60 and dds/ddsi/q_protocol.h: 0x0010.. as written in the issue are not assigned
        int[] ids = {0x0000, 0x0001, 0x0002, 0x0003, 0x0006, 0x0007, 0x0008, 0x0009, 0x000a, 0x000b};
        Encapsulation[] all = Encapsulation.values();
        assertEquals(ids.length, all.length);
        for (int i = 0; i < ids.length; i++) {
            assertEquals(ids[i], all[i].id());
            assertEquals(all[i], Encapsulation.of(ids[i]).orElseThrow());
        }
        assertTrue(Encapsulation.of(0x0010).isEmpty());
        assertEquals(ByteOrder.LITTLE_ENDIAN, Encapsulation.PL_CDR2_LE.byteOrder());
        assertEquals(XcdrVersion.XCDR1, Encapsulation.PL_CDR_BE.version());
    }

    @Test
    void xcdr1MutableIsAParameterListWithExtendedPids() {
        CdrCodec codec = new CdrCodec(RICH);
        TypeRef type = new TypeRef("R::MPoint");
        Map<String, Object> v = map("id", 1, "label", null, "big", 2, "h", (short) 3);
        long h = MemberIds.hashId("h");
        String expected = "0003" + "0000"
                + "0040" + "0400" + "01000000" // id: PID 0 with must-understand (key), length 4
                // id 0x3f05 needs PID_EXTENDED, which always has M set (as Cyclone 11 and RTI write it)
                + "017f" + "0800" + le4(0x3f05) + le4(4) + "02000000"
                + "017f" + "0800" + le4(h) + le4(1) + "03" + "000000" // @hashid: extended, 1 byte + padding
                + "023f" + "0000"; // PID_LIST_END
        byte[] bytes = codec.encode(type, v, XcdrVersion.XCDR1, ByteOrder.LITTLE_ENDIAN);
        assertEquals(expected, HEX.formatHex(bytes));
        assertEquals(v, codec.decode(type, bytes).value());
    }

    @Test
    void xcdr2MutableHasDheaderAndEmheadersWithLengthCodes() {
        CdrCodec codec = new CdrCodec(RICH);
        TypeRef type = new TypeRef("R::MPoint");
        Map<String, Object> v = map("id", 1, "label", "ab", "big", 2, "h", (short) 3);
        long h = MemberIds.hashId("h");
        String expected = "000a" + "0003"
                + "00000021" // DHEADER: 33 bytes, up to the last member's last byte
                + "a0000000" + "00000001" // M flag, LC 2 (4 bytes), id 0
                + "50000001" + "00000003" + "61620000" // LC 5: string length doubles as NEXTINT
                + String.format("%08x", 0x2000_0000L | 0x3f05) + "00000002"
                + String.format("%08x", h) + "03" + "000000"; // LC 0 (1 byte), then the sample's padding
        byte[] bytes = codec.encode(type, v, XcdrVersion.XCDR2, ByteOrder.BIG_ENDIAN);
        assertEquals(expected, HEX.formatHex(bytes));
        assertEquals(v, codec.decode(type, bytes).value());
    }

    @Test
    void optionalMembersXcdr1ParameterHeaderXcdr2PresenceFlag() {
        CdrCodec codec = new CdrCodec(RICH);
        TypeRef type = new TypeRef("R::FinalOpt");
        Map<String, Object> v = map("id", 1, "ol", 5, "os", null, "op", null, "om", null);
        assertEquals("00010000" + "01000000" + "0100" + "0400" + "05000000" + "02000000" + "03000000" + "04000000",
                HEX.formatHex(codec.encode(type, v, XcdrVersion.XCDR1, ByteOrder.LITTLE_ENDIAN)));
        assertEquals("00070001" + "01000000" + "01" + "000000" + "05000000" + "00" + "00" + "00" + "00",
                HEX.formatHex(codec.encode(type, v, XcdrVersion.XCDR2, ByteOrder.LITTLE_ENDIAN)));
    }

    @Test
    void alignmentIs8InXcdr1And4InXcdr2() {
        CdrCodec codec = new CdrCodec(RICH);
        TypeRef type = new TypeRef("R::APoint"); // appendable { long long t; float v; }
        Map<String, Object> v = map("t", 1L, "v", 1.0f);
        assertEquals("00000000" + "0000000000000001" + "3f800000",
                HEX.formatHex(codec.encode(type, v, XcdrVersion.XCDR1, ByteOrder.BIG_ENDIAN)));
        assertEquals("00080000" + "0000000c" + "0000000000000001" + "3f800000",
                HEX.formatHex(codec.encode(type, v, XcdrVersion.XCDR2, ByteOrder.BIG_ENDIAN)));
        // inside a final struct an int8 before a long long: 7 bytes of padding in XCDR1, 3 in XCDR2
        TypeLibrary lib = parse("struct S { int8 a; long long b; };");
        Map<String, Object> s = map("a", (byte) 1, "b", 2L);
        assertEquals("01" + "00".repeat(7) + "0000000000000002",
                HEX.formatHex(new CdrCodec(lib).encodeBody(new TypeRef("S"), s, XcdrVersion.XCDR1, ByteOrder.BIG_ENDIAN)));
        assertEquals("01" + "00".repeat(3) + "0000000000000002",
                HEX.formatHex(new CdrCodec(lib).encodeBody(new TypeRef("S"), s, XcdrVersion.XCDR2, ByteOrder.BIG_ENDIAN)));
    }

    @Test
    void wstringIsUtf16WithByteLengthAndNoTerminator() {
        TypeLibrary lib = parse("struct W { wstring w; wchar c; };");
        CdrCodec codec = new CdrCodec(lib);
        Map<String, Object> v = map("w", "h\u00e9", "c", '\u20ac');
        assertEquals("00000004" + "006800e9" + "20ac",
                HEX.formatHex(codec.encodeBody(new TypeRef("W"), v, XcdrVersion.XCDR2, ByteOrder.BIG_ENDIAN)));
    }

    @Test
    void longParameterUsesExtendedPidAndDecodes() {
        TypeLibrary lib = parse("@mutable struct Big { @id(5) sequence<octet> data; };");
        CdrCodec codec = new CdrCodec(lib);
        List<Object> data = new ArrayList<>(Collections.nCopies(70_000, (Object) (short) 7));
        Map<String, Object> v = map("data", data);
        byte[] bytes = codec.encode(new TypeRef("Big"), v, XcdrVersion.XCDR1, ByteOrder.LITTLE_ENDIAN);
        assertEquals("00030000" + "017f0800" + le4(5) + le4(70_004) + le4(70_000),
                HEX.formatHex(bytes, 0, 20));
        assertEquals(v, codec.decode(new TypeRef("Big"), bytes).value());
    }

    @Test
    void extendedPidCarriesTheMembersMustUnderstandInBit30() {
        TypeLibrary lib = parse("@mutable struct K { @key @id(0x4000) long k; @id(0x4001) long v; };");
        CdrCodec codec = new CdrCodec(lib);
        Map<String, Object> v = map("k", 1, "v", 2);
        byte[] bytes = codec.encode(new TypeRef("K"), v, XcdrVersion.XCDR1, ByteOrder.LITTLE_ENDIAN);
        assertEquals("00030000" + "017f0800" + le4(0x4000_4000L) + le4(4) + le4(1) // key: must-understand
                + "017f0800" + le4(0x4001) + le4(4) + le4(2) + "023f0000", HEX.formatHex(bytes));
        assertEquals(v, codec.decode(new TypeRef("K"), bytes).value());
    }

    @Test
    void implementationSpecificPidsAreNoMemberIds() {
        TypeLibrary lib = parse("@mutable struct K { @id(5) long a; @id(6) long b; };");
        CdrCodec codec = new CdrCodec(lib);
        // I flag on a short PID (0x8005) and bit 31 on an extended id (0x80000006): vendor data, not a or b
        String data = "00030000" + "05800400" + le4(99) + "0500" + "0400" + le4(1)
                + "017f0800" + le4(0x8000_0006L) + le4(4) + le4(98) + "0600" + "0400" + le4(2) + "023f0000";
        var r = codec.decode(new TypeRef("K"), HEX.parseHex(data));
        assertEquals(map("a", 1, "b", 2), r.value());
        assertEquals(1, r.notes().size(), r.notes().toString()); // the extended one, as an unknown member
        assertTrue(r.notes().get(0).detail().contains("member id " + 0x8000_0006L), r.notes().toString());
    }

    @Test
    void keyHashIsZeroPaddedUpTo16BytesElseMd5() throws Exception {
        CdrCodec codec = new CdrCodec(RICH);
        var type = RICH.struct("R::FinalOpt"); // key: long id
        assertEquals("00000005" + "00".repeat(12), HEX.formatHex(codec.keyHash(type, map("id", 5, "ol", null, "os", null,
                "op", null, "om", null))));
        var app = RICH.struct("R::AppOpt"); // key: string name -> always MD5
        Map<String, Object> a = map("name", "n", "od", null, "aps", List.of(), "au", null);
        byte[] key = codec.serializedKey(app, a, XcdrVersion.XCDR2);
        assertEquals("00000002" + "6e00", HEX.formatHex(key));
        assertEquals(HEX.formatHex(java.security.MessageDigest.getInstance("MD5").digest(key)),
                HEX.formatHex(codec.keyHash(app, a)));
        var prims = RICH.struct("R::Prims"); // keyless
        assertEquals(0, codec.serializedKey(prims, Map.of(), XcdrVersion.XCDR2).length);
        assertEquals("00".repeat(16), HEX.formatHex(codec.keyHash(prims, Map.of())));
    }

    static TypeLibrary parse(String idl) {
        try {
            return IdlParser.parseText(idl);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
