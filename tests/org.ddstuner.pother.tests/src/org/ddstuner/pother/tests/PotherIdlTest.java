package org.ddstuner.pother.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import org.ddstuner.dds.MemberKind;
import org.ddstuner.pother.PotherType;
import org.ddstuner.pother.protocol.ProtocolTypes;
import org.ddstuner.pother.protocol.ProtocolTypes.TopicKind;
import org.ddstuner.types.DdsType;
import org.ddstuner.types.Extensibility;
import org.ddstuner.types.NamedType;
import org.ddstuner.types.PrimitiveType;
import org.ddstuner.types.SequenceType;
import org.ddstuner.types.StringType;
import org.ddstuner.types.StructType;
import org.ddstuner.types.TypeLibrary;
import org.ddstuner.types.idl.IdlParser;
import org.junit.jupiter.api.Test;

/**
 * {@code idl/pother.idl} documents the protocol: it must declare exactly the structs, members, types and
 * keys the code builds at run time, so the document cannot drift from the code.
 */
class PotherIdlTest {

    static String idlText() throws IOException {
        try (InputStream in = ProtocolTypes.class.getResourceAsStream("/idl/pother.idl")) {
            if (in != null) {
                return new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
        }
        // the host bundle may be a classes folder (no idl/ in it): find the file in the repository
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path f = dir.resolve("bundles/org.ddstuner.pother/idl/pother.idl");
            if (Files.isRegularFile(f)) {
                return Files.readString(f);
            }
        }
        throw new IllegalStateException("idl/pother.idl is neither in the bundle nor above " + Path.of("").toAbsolutePath());
    }

    @Test
    void idlDeclaresExactlyTheRunTimeTypes() throws Exception {
        TypeLibrary lib = new IdlParser().parse("pother.idl", idlText()).library();
        List<org.ddstuner.dds.StructType> runtime = new ArrayList<>();
        runtime.add(PotherType.create());
        for (TopicKind k : TopicKind.values()) {
            runtime.add(k.type());
        }
        Set<String> declared = new TreeSet<>();
        for (NamedType t : lib.types()) {
            if (t instanceof StructType s) {
                declared.add(s.name());
            }
        }
        Set<String> built = new TreeSet<>();
        runtime.forEach(t -> built.add(t.typeName()));
        assertEquals(built, declared, "structs in pother.idl vs types built by the code");
        for (org.ddstuner.dds.StructType t : runtime) {
            StructType s = lib.struct(t.typeName());
            assertEquals(Extensibility.FINAL, s.extensibility(), t.typeName() + " is @final like the run-time type");
            assertEquals(describe(t), describe(s), "members of " + t.typeName() + " (code vs pother.idl)");
        }
    }

    @Test
    void everyTopicKindIsDocumentedByTopicName() throws Exception {
        String idl = idlText();
        for (TopicKind k : TopicKind.values()) {
            assertTrue(idl.contains("Topic " + k.topicName()), "pother.idl names topic " + k.topicName());
        }
        assertTrue(idl.contains(ProtocolTypes.COMMANDS_PARTITION) && idl.contains(ProtocolTypes.REPORTS_PARTITION));
    }

    private static List<String> describe(org.ddstuner.dds.StructType t) {
        List<String> out = new ArrayList<>();
        for (org.ddstuner.dds.StructType.Member m : t.members()) {
            out.add((m.key() ? "@key " : "") + canonical(m.kind(), m.bound()) + " " + m.name());
        }
        return out;
    }

    private static List<String> describe(StructType s) {
        List<String> out = new ArrayList<>();
        for (org.ddstuner.types.Member m : s.members()) {
            out.add((m.key() ? "@key " : "") + canonical(m.type()) + " " + m.name());
        }
        return out;
    }

    private static String canonical(MemberKind k, int bound) {
        return switch (k) {
            case INT8 -> "int8";
            case UINT8 -> "uint8";
            case INT16 -> "int16";
            case UINT16 -> "uint16";
            case INT32 -> "int32";
            case UINT32 -> "uint32";
            case INT64 -> "int64";
            case UINT64 -> "uint64";
            case FLOAT32 -> "float";
            case FLOAT64 -> "double";
            case BOOLEAN -> "boolean";
            case CHAR -> "char";
            case STRING -> "string";
            case OCTET_SEQUENCE -> bound > 0 ? "sequence<octet," + bound + ">" : "sequence<octet>";
        };
    }

    private static String canonical(DdsType t) {
        if (t instanceof PrimitiveType p) {
            return switch (p) {
                case INT8 -> "int8";
                case UINT8 -> "uint8";
                case INT16 -> "int16";
                case UINT16 -> "uint16";
                case INT32 -> "int32";
                case UINT32 -> "uint32";
                case INT64 -> "int64";
                case UINT64 -> "uint64";
                case FLOAT32 -> "float";
                case FLOAT64 -> "double";
                case BOOLEAN -> "boolean";
                case CHAR8 -> "char";
                default -> "unsupported " + p;
            };
        }
        if (t instanceof StringType s && !s.wide() && !s.bounded()) {
            return "string";
        }
        if (t instanceof SequenceType q && q.element() == PrimitiveType.OCTET) {
            return q.bounded() ? "sequence<octet," + q.bound() + ">" : "sequence<octet>";
        }
        return "unsupported " + t;
    }
}
