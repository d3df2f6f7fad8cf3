package org.ddstuner.demo.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Supplier;

import org.ddstuner.dds.DescriptorSpec;
import org.ddstuner.demo.DemoSystem;
import org.ddstuner.demo.DemoTypes;
import org.ddstuner.types.DdsType;
import org.ddstuner.types.Extensibility;
import org.ddstuner.types.Member;
import org.ddstuner.types.NamedType;
import org.ddstuner.types.PrimitiveType;
import org.ddstuner.types.SequenceType;
import org.ddstuner.types.StringType;
import org.ddstuner.types.StructType;
import org.ddstuner.types.TypeLibrary;
import org.ddstuner.types.TypeRef;
import org.ddstuner.types.cyclone.CycloneDescriptor;
import org.ddstuner.types.cyclone.OpsGenerator;
import org.ddstuner.types.idl.IdlParser;
import org.ddstuner.types.xtypes.GeneratedTypeInfo;
import org.ddstuner.types.xtypes.TypeObjectWriter;
import org.junit.jupiter.api.Test;

/**
 * The demo's IDL ({@code idl/demo.idl}) and the run-time {@link org.ddstuner.dds.StructType}s its writers
 * use must describe the same types: otherwise the type information on the wire would lie about the samples.
 */
class DemoTypesTest {

    /** Each run-time StructType of the demo with the IDL type it claims to be. */
    private static final Map<String, Supplier<org.ddstuner.dds.StructType>> RUN_TIME = Map.of(
            DemoTypes.SENSOR_READING, DemoTypes::sensorReading, DemoTypes.COMMAND, DemoTypes::command,
            DemoTypes.ALARM, DemoTypes::alarm, DemoTypes.HEARTBEAT, DemoTypes::heartbeat);

    /** What a {@link MemberKind} is in the type model. */
    private static DdsType modelType(org.ddstuner.dds.StructType.Member m) {
        return switch (m.kind()) {
            case INT8 -> PrimitiveType.INT8;
            case UINT8 -> PrimitiveType.UINT8;
            case INT16 -> PrimitiveType.INT16;
            case UINT16 -> PrimitiveType.UINT16;
            case INT32 -> PrimitiveType.INT32;
            case UINT32 -> PrimitiveType.UINT32;
            case INT64 -> PrimitiveType.INT64;
            case UINT64 -> PrimitiveType.UINT64;
            case FLOAT32 -> PrimitiveType.FLOAT32;
            case FLOAT64 -> PrimitiveType.FLOAT64;
            case BOOLEAN -> PrimitiveType.BOOLEAN;
            case CHAR -> PrimitiveType.CHAR8;
            case STRING -> StringType.STRING;
            case OCTET_SEQUENCE -> new SequenceType(PrimitiveType.OCTET, m.bound());
        };
    }

    @Test
    void theIdlDeclaresExactlyTheTypesOfTheDemoTopics() {
        TypeLibrary lib = DemoSystem.types();
        assertEquals(List.of(), lib.validate());
        Set<String> declared = new TreeSet<>(DemoSystem.TOPIC_TYPES.values());
        declared.addAll(List.of(DemoTypes.TRACK_KIND, DemoTypes.POSITION));
        assertEquals(declared, new TreeSet<>(lib.types().stream().map(NamedType::name).toList()));
        assertEquals(new TreeSet<>(DemoSystem.TOPICS), new TreeSet<>(DemoSystem.TOPIC_TYPES.keySet()));
        Set<String> flat = new TreeSet<>(DemoSystem.TOPIC_TYPES.values());
        flat.remove(DemoTypes.TRACK);
        assertEquals(flat, new TreeSet<>(RUN_TIME.keySet()), "every other topic type has a run-time StructType");
        assertTrue(DemoTypes.idl().contains("module demo"), DemoTypes.idl());
    }

    @Test
    void theTrackDescriptorIsWhatOpsGeneratorAndTypeObjectWriterMakeOfTheIdl() {
        DescriptorSpec spec = DemoTypes.trackSpec();
        CycloneDescriptor ops = OpsGenerator.generate(DemoSystem.types(), DemoTypes.TRACK);
        GeneratedTypeInfo info = TypeObjectWriter.generate(DemoSystem.types(), DemoTypes.TRACK);
        assertEquals(DemoTypes.TRACK, spec.typeName());
        assertArrayEquals(ops.ops(), spec.ops());
        assertEquals(ops.size(), spec.size());
        assertEquals(ops.align(), spec.align());
        assertEquals(List.of(new DescriptorSpec.Key("track_id", ops.keys().get(0).opIndex(), 0)), spec.keys());
        assertArrayEquals(info.typeInformation(), spec.typeInformation());
        assertArrayEquals(info.typeMapping(), spec.typeMapping());
        StructType track = DemoSystem.types().struct(DemoTypes.TRACK);
        assertEquals(Extensibility.APPENDABLE, track.extensibility());
        assertEquals(List.of("track_id", "kind", "position", "history", "label", "speed"),
                track.members().stream().map(Member::name).toList());
        assertTrue(track.member("speed").orElseThrow().optional());
        assertEquals(new SequenceType(new TypeRef(DemoTypes.POSITION), 16), track.member("history").orElseThrow().type());
        assertEquals(new StringType(false, 32), track.member("label").orElseThrow().type());
    }

    @Test
    void idlAndRunTimeStructTypesAgreeMemberForMember() {
        for (var e : RUN_TIME.entrySet()) {
            org.ddstuner.dds.StructType runTime = e.getValue().get();
            StructType idl = DemoSystem.types().struct(e.getKey());
            assertEquals(e.getKey(), runTime.typeName());
            // StructType's ops and C layout are those of a @final struct: the IDL must say so too
            assertEquals(Extensibility.FINAL, idl.extensibility(), e.getKey());
            assertEquals(null, idl.base(), e.getKey());
            List<Member> members = idl.members();
            assertEquals(runTime.members().stream().map(org.ddstuner.dds.StructType.Member::name).toList(),
                    members.stream().map(Member::name).toList(), e.getKey() + ": member names in order");
            for (int i = 0; i < members.size(); i++) {
                var rt = runTime.members().get(i);
                Member m = members.get(i);
                String where = e.getKey() + "." + m.name();
                assertEquals(modelType(rt), m.type(), where);
                assertEquals(rt.key(), m.key(), where + " key");
                assertEquals(false, m.optional(), where + " optional");
            }
        }
    }

    @Test
    void typeInformationFromTheIdlIsThatOfTheRunTimeTypesOwnIdl() throws Exception {
        // StructType.toIdl() is the IDL idlc would be given for the run-time layout (checked against idlc in
        // org.ddstuner.dds.tests): its type information must be byte for byte the one the demo announces
        for (var e : RUN_TIME.entrySet()) {
            String ownIdl = e.getValue().get().toIdl();
            GeneratedTypeInfo fromRunTime = TypeObjectWriter.generate(IdlParser.parseText(ownIdl), e.getKey());
            GeneratedTypeInfo fromDemoIdl = TypeObjectWriter.generate(DemoSystem.types(), e.getKey());
            assertArrayEquals(fromRunTime.typeInformation(), fromDemoIdl.typeInformation(), ownIdl);
            assertArrayEquals(fromRunTime.typeMapping(), fromDemoIdl.typeMapping(), ownIdl);
            assertEquals(fromRunTime, fromDemoIdl);
        }
    }

    @Test
    void theLibraryIsParsedOnceAndShared() {
        assertTrue(DemoSystem.types() == DemoTypes.library());
        assertTrue(DemoSystem.types() == DemoSystem.types());
    }
}
