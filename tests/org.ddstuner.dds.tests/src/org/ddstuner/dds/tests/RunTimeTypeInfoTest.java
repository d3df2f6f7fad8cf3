package org.ddstuner.dds.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteOrder;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;

import org.ddstuner.dds.BuiltinReader;
import org.ddstuner.dds.Domain;
import org.ddstuner.dds.EndpointData;
import org.ddstuner.dds.Participant;
import org.ddstuner.dds.Qos;
import org.ddstuner.dds.RawReader;
import org.ddstuner.dds.RawSample;
import org.ddstuner.dds.RawTopic;
import org.ddstuner.dds.RawWriter;
import org.ddstuner.dds.Sample;
import org.ddstuner.dds.SampleInfo.InstanceState;
import org.ddstuner.dds.TopicDescriptor;
import org.ddstuner.dds.TypeLearner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Type information on run-time descriptors (idlc's TYPE_INFO_CDR/TYPE_MAP_CDR bytes for the same IDL):
 * a TypeLearner learns a StructType's and a spec's type from a writer in another process
 * ({@link TypedWriterPeer}: local endpoints carry no type information in their built-in samples, and
 * the type lookup should cross the network stack); and the untyped stand-in descriptor reads the bytes of
 * a typed, keyed writer. Domain 200.
 */
class RunTimeTypeInfoTest {

    private static final int DOMAIN = 200;
    private static final Qos QOS = Qos.EMPTY.withReliable().withKeepLast(16);

    @RegisterExtension
    static final LoopbackDomain domain = new LoopbackDomain(DOMAIN);

    private static EndpointData awaitWriter(Participant p, String topic) {
        BuiltinReader<EndpointData> pubs = BuiltinReader.publications(p);
        Sample<EndpointData> s = Poll.takeUntil(pubs, x -> x.info().validData() && x.data().topicName().equals(topic));
        assertTrue(s != null, "writer on " + topic + " discovered");
        return s.data();
    }

    @Test
    void structTypeWithTypeInformationIsLearnedInAnotherProcess() throws Exception {
        String c = Idlc.generateC(TypedWriterPeer.reading().build().toIdl());
        byte[] ti = Idlc.typeInformation(c, "demo_Reading");
        byte[] tm = Idlc.typeMapping(c, "demo_Reading");
        try (JavaPeer peer = JavaPeer.start(TypedWriterPeer.class, List.of(String.valueOf(DOMAIN), "struct", hex(ti), hex(tm)));
                Participant sub = domain.createParticipant()) {
            EndpointData endpoint = awaitWriter(sub, "TypedReadings");
            // the binding re-serializes the announced TypeInformation (sizes may differ): compare the type ids
            String announced = hex(endpoint.typeInformation());
            assertTrue(announced.contains(hex(ti).substring(40, 70)) && announced.contains(hex(ti).substring(136, 166)),
                    "the StructType's writer announces idlc's minimal and complete type ids: " + announced);
            try (TopicDescriptor learned = TypeLearner.learn(sub, endpoint, Duration.ofSeconds(5))) {
                assertEquals("demo::Reading", learned.typeName());
                assertEquals(1, learned.keyCount());
                assertArrayEquals(tm, learned.typeMapping());
                RawReader r = RawReader.create(sub, RawTopic.create(sub, "TypedReadings", learned, null), QOS);
                RawSample got = RawWriterTest.receive(r, 1, s -> s.info().validData()).get(0);
                // CDR_LE; sensor "t1" (length 3, 't', '1', NUL), pad to 8, double 21.5, uint32 3
                assertEquals("00010000" + "03000000" + "74310000" + "0000000000803540" + "03000000", hex(got.data()));
            }
        }
    }

    @Test
    void specWithTypeInformationIsLearnedInAnotherProcessAndWrittenRaw() throws Exception {
        String c = Idlc.generateC(ShapeType.IDL);
        byte[] ti = Idlc.typeInformation(c, "demo_Shape");
        byte[] tm = Idlc.typeMapping(c, "demo_Shape");
        try (JavaPeer peer = JavaPeer.start(TypedWriterPeer.class, List.of(String.valueOf(DOMAIN), "spec", hex(ti), hex(tm)));
                Participant sub = domain.createParticipant()) {
            try (TopicDescriptor learned = TypeLearner.learn(sub, awaitWriter(sub, "TypedShapes"), Duration.ofSeconds(5))) {
                assertEquals("demo::Shape", learned.typeName());
                assertEquals(2, learned.keyCount());
                assertArrayEquals(tm, learned.typeMapping());
                RawReader r = RawReader.create(sub, RawTopic.create(sub, "TypedShapes", learned, null), QOS);
                assertArrayEquals(TypedWriterPeer.SHAPE, RawWriterTest.receive(r, 1, x -> x.info().validData()).get(0).data());
            }
        }
    }

    private static String hex(byte[] b) {
        return HexFormat.of().formatHex(b);
    }

    @Test
    void untypedReaderGetsTheBytesOfAKeyedTypedWriter() throws Exception {
        String c = Idlc.generateC(ShapeType.IDL);
        byte[] ti = Idlc.typeInformation(c, "demo_Shape");
        byte[] tm = Idlc.typeMapping(c, "demo_Shape");
        try (TopicDescriptor d = TopicDescriptor.fromSpec(ShapeType.shape(ti, tm));
                TopicDescriptor keyed = TopicDescriptor.untyped("demo::Shape", true);
                TopicDescriptor keyless = TopicDescriptor.untyped("demo::Shape");
                Participant pub = domain.createParticipant(); Participant sub = domain.createParticipant();
                Participant other = domain.createParticipant()) {
            RawWriter w = RawWriter.create(pub, RawTopic.create(pub, "UntypedShapes", d, null), QOS);
            EndpointData endpoint = awaitWriter(sub, "UntypedShapes");
            assertTrue(endpoint.key().hasKey(), "a keyed writer says so in its GUID");
            RawReader r = RawReader.create(sub, RawTopic.create(sub, "UntypedShapes", keyed, null), QOS);
            RawReader wrongKind = RawReader.create(other, RawTopic.create(other, "UntypedShapes", keyless, null), QOS);
            assertTrue(Poll.until(() -> w.publicationMatched().currentCount() == 1), "the keyed stand-in matches");
            byte[] red = ShapeType.shape(ByteOrder.LITTLE_ENDIAN, 1, "red", 7, 42, 2.5, "hi", new byte[] {1});
            byte[] blue = ShapeType.shape(ByteOrder.LITTLE_ENDIAN, 1, "blue", 8, 43, 3.5, "ho", new byte[] {2});
            w.write(red);
            w.write(blue);
            List<RawSample> got = RawWriterTest.receive(r, 2, s -> s.info().validData());
            assertArrayEquals(red, got.get(0).data());
            assertArrayEquals(blue, got.get(1).data());
            // instances follow the first payload byte (here the low byte of the color's length: 4 vs 5)
            assertTrue(got.get(0).info().instanceHandle() != got.get(1).info().instanceHandle());
            w.dispose(red);
            RawSample disposed = RawWriterTest.receive(r, 1, s -> !s.info().validData()).get(0);
            assertEquals(InstanceState.NOT_ALIVE_DISPOSED, disposed.info().instanceState());
            assertEquals(got.get(0).info().instanceHandle(), disposed.info().instanceHandle());
            // keyed writer, keyless reader: Cyclone does not match them (the RTPS entity kinds differ)
            assertEquals(0, wrongKind.subscriptionMatched().currentCount());
            assertEquals(1, w.publicationMatched().currentCount());
        }
    }
}
