package org.ddstuner.dds.tests;

import java.nio.ByteOrder;
import java.util.HexFormat;
import java.util.Map;

import org.ddstuner.dds.CycloneConfig;
import org.ddstuner.dds.Domain;
import org.ddstuner.dds.MemberKind;
import org.ddstuner.dds.Participant;
import org.ddstuner.dds.Qos;
import org.ddstuner.dds.RawTopic;
import org.ddstuner.dds.RawWriter;
import org.ddstuner.dds.StructType;
import org.ddstuner.dds.TopicDescriptor;
import org.ddstuner.dds.Writer;

/**
 * A writer in another process for {@link RunTimeTypeInfoTest}: args DOMAIN MODE TYPEINFO_HEX TYPEMAP_HEX.
 * MODE {@code struct} writes {@link #READING} samples of a StructType carrying the type information on
 * topic TypedReadings; {@code spec} writes {@link #SHAPE} through a RawWriter of the ShapeType spec on topic
 * TypedShapes. Prints READY once writing, then writes every 50 ms for 30 s at most.
 */
public final class TypedWriterPeer {

    static final Map<String, Object> READING = Map.of("sensor", "t1", "value", 21.5, "count", 3);
    static final byte[] SHAPE = ShapeType.shape(ByteOrder.LITTLE_ENDIAN, 1, "red", 7, 42, 2.5, "hi", new byte[] {9});

    private TypedWriterPeer() {
    }

    static StructType.Builder reading() {
        return StructType.builder("demo::Reading").key("sensor", MemberKind.STRING).member("value", MemberKind.FLOAT64)
                .member("count", MemberKind.UINT32);
    }

    public static void main(String[] args) throws Exception {
        byte[] ti = HexFormat.of().parseHex(args[2]);
        byte[] tm = HexFormat.of().parseHex(args[3]);
        Qos qos = Qos.EMPTY.withReliable().withKeepLast(1);
        try (Domain d = Domain.create(Integer.parseInt(args[0]), CycloneConfig.loopbackOnly())) {
            Participant p = d.createParticipant();
            Runnable write;
            if (args[1].equals("struct")) {
                Writer w = p.createWriter(p.createTopic("TypedReadings", reading().typeInformation(ti, tm).build(), null), qos);
                write = () -> w.write(READING);
            } else {
                TopicDescriptor td = TopicDescriptor.fromSpec(ShapeType.shape(ti, tm));
                RawWriter w = RawWriter.create(p, RawTopic.create(p, "TypedShapes", td, null), qos);
                write = () -> w.write(SHAPE);
            }
            System.out.println("READY");
            System.out.flush();
            for (int i = 0; i < 600; i++) {
                write.run();
                Thread.sleep(50);
            }
        }
    }
}
