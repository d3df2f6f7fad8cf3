package org.ddstuner.demo;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.ddstuner.dds.DescriptorSpec;
import org.ddstuner.dds.MemberKind;
import org.ddstuner.dds.StructType;
import org.ddstuner.types.TypeLibrary;
import org.ddstuner.types.cyclone.CycloneDescriptor;
import org.ddstuner.types.cyclone.OpsGenerator;
import org.ddstuner.types.idl.IdlParseException;
import org.ddstuner.types.idl.IdlParser;
import org.ddstuner.types.xtypes.GeneratedTypeInfo;
import org.ddstuner.types.xtypes.TypeObjectWriter;

/**
 * The keyed types the demo system publishes. Their declarations live in {@value #IDL_RESOURCE} (shipped in
 * the bundle's jar, so it loads the same from the OSGi bundle and from the CLI's plain class path); this
 * class parses that IDL once and gives each run-time {@link StructType} the XTypes type information
 * {@link TypeObjectWriter} generates from it, so tools can learn the demo's types over the wire.
 *
 * <p>{@code demo::Track} has no {@link StructType} (which only holds flat structs): its topic descriptor
 * comes from the IDL alone ({@link #trackSpec()}).
 *
 * <p>The {@link StructType} builders below spell out the members again because they fix the C layout the
 * writers use; the tests check that they agree with the IDL member for member.
 */
public final class DemoTypes {

    /** Class-path resource of the demo's IDL (the bundle's {@code idl/demo.idl}). */
    public static final String IDL_RESOURCE = "/idl/demo.idl";

    public static final String SENSOR_READING = "demo::SensorReading";
    public static final String COMMAND = "demo::Command";
    public static final String ALARM = "demo::Alarm";
    public static final String HEARTBEAT = "demo::Heartbeat";
    public static final String TRACK = "demo::Track";
    public static final String TRACK_KIND = "demo::TrackKind";
    public static final String POSITION = "demo::Position";

    private DemoTypes() {
    }

    /** Parsed on first use; a broken or missing IDL is a build error, reported with the parser's positions. */
    private static final class Holder {
        static final String IDL = readIdl();
        static final TypeLibrary LIBRARY = parse(IDL);
    }

    /** The text of {@value #IDL_RESOURCE}. */
    public static String idl() {
        return Holder.IDL;
    }

    /** Every type declared in {@value #IDL_RESOURCE}. */
    public static TypeLibrary library() {
        return Holder.LIBRARY;
    }

    private static String readIdl() {
        try (InputStream in = DemoTypes.class.getResourceAsStream(IDL_RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("the demo's IDL " + IDL_RESOURCE + " is not on the class path of "
                        + DemoTypes.class.getName() + " (is idl/ missing from the org.ddstuner.demo jar? "
                        + "check bin.includes in its build.properties)");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read the demo's IDL " + IDL_RESOURCE + ": " + e.getMessage(), e);
        }
    }

    private static TypeLibrary parse(String idl) {
        try {
            return new IdlParser().parse("demo.idl", idl).library();
        } catch (IdlParseException e) {
            throw new IllegalStateException("the demo's IDL " + IDL_RESOURCE + " does not parse:\n" + e.getMessage(), e);
        }
    }

    /** Gives {@code b} the type information of {@code typeName} as declared in the IDL. */
    private static StructType withTypeInformation(StructType.Builder b, String typeName) {
        GeneratedTypeInfo info = TypeObjectWriter.generate(library(), typeName);
        return b.typeInformation(info.typeInformation(), info.typeMapping()).build();
    }

    /**
     * The topic descriptor of {@value #TRACK} as idlc 0.10.2 would generate it from the IDL: serializer ops,
     * keys and C layout from {@link OpsGenerator}, type information from {@link TypeObjectWriter}.
     */
    public static DescriptorSpec trackSpec() {
        return spec(TRACK);
    }

    private static DescriptorSpec spec(String typeName) {
        CycloneDescriptor d = OpsGenerator.generate(library(), typeName);
        GeneratedTypeInfo info = TypeObjectWriter.generate(library(), typeName);
        List<DescriptorSpec.Key> keys = d.keys().stream()
                .map(k -> new DescriptorSpec.Key(k.name(), k.opIndex(), k.index())).toList();
        return new DescriptorSpec(d.typeName(), d.size(), d.align(), d.flags(), d.ops(), keys, info.typeInformation(),
                info.typeMapping());
    }

    public static StructType sensorReading() {
        return withTypeInformation(StructType.builder(SENSOR_READING)
                .key("sensor_id", MemberKind.INT32)
                .member("value", MemberKind.FLOAT64)
                .member("unit", MemberKind.STRING)
                .member("seq", MemberKind.INT64), SENSOR_READING);
    }

    public static StructType command() {
        return withTypeInformation(StructType.builder(COMMAND)
                .key("target", MemberKind.STRING)
                .member("code", MemberKind.INT32)
                .member("setpoint", MemberKind.FLOAT64), COMMAND);
    }

    public static StructType alarm() {
        return withTypeInformation(StructType.builder(ALARM)
                .key("alarm_id", MemberKind.INT32)
                .member("severity", MemberKind.INT16)
                .member("active", MemberKind.BOOLEAN)
                .member("text", MemberKind.STRING), ALARM);
    }

    public static StructType heartbeat() {
        return withTypeInformation(StructType.builder(HEARTBEAT)
                .key("node", MemberKind.INT32)
                .member("count", MemberKind.UINT32), HEARTBEAT);
    }
}
