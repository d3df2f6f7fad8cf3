package org.ddstuner.samples.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.ddstuner.connection.Connection;
import org.ddstuner.connection.ConnectionManager;
import org.ddstuner.connection.ConnectionProfile;
import org.ddstuner.dds.MemberKind;
import org.ddstuner.dds.Participant;
import org.ddstuner.dds.StructType;
import org.ddstuner.dds.Topic;
import org.ddstuner.dds.Writer;
import org.ddstuner.demo.DemoSystem;
import org.ddstuner.samples.ImportedTypes;
import org.ddstuner.samples.LocalTypes;
import org.ddstuner.samples.QosDeriver;
import org.ddstuner.samples.ReaderSession;
import org.ddstuner.samples.ResolutionAttempt;
import org.ddstuner.samples.ResolvedType;
import org.ddstuner.samples.TypeResolutionException;
import org.ddstuner.samples.TypeResolver;
import org.ddstuner.samples.TypeSource;
import org.ddstuner.types.Enumerator;
import org.ddstuner.types.TypeLibrary;
import org.ddstuner.types.idl.IdlParseException;
import org.ddstuner.types.idl.IdlParser;
import org.ddstuner.types.idl.IdlProblem;
import org.junit.jupiter.api.Test;

/**
 * Type resolution for topics of a Java participant, whose endpoints carry no XTypes type information: WIRE
 * fails with that reason, then imported IDL or the bundled ROS 2 definitions give the type, and a
 * ReaderSession decodes the values written. Domain 211.
 */
class TypeResolverTest extends Live {

    private static final int DOMAIN = 211;

    private static final String IDL = """
            module tuner {
              @final struct Probe { @key long id; double value; string label; };
            };
            """;

    @Test
    void idlImportErrorsHaveFileLineAndColumn() {
        ImportedTypes imported = new ImportedTypes();
        IdlParseException e = assertThrows(IdlParseException.class,
                () -> imported.importText("bad.idl", "module m {\n  struct S { long x }\n};\n"));
        IdlProblem p = e.problems().get(0);
        assertEquals("bad.idl", p.file());
        assertEquals(2, p.line());
        assertTrue(p.column() > 1, p.toString());
        assertEquals(List.of(), imported.names(), "nothing registered on error");
    }

    @Test
    void importedRegistryFindsTypesAcrossFiles() throws Exception {
        ImportedTypes imported = new ImportedTypes();
        imported.importText("base.idl", "module a { struct Inner { long v; }; };");
        imported.importText("top.idl", "module a { struct Nested { long w; }; struct Outer { Nested n; }; };");
        TypeLibrary outer = imported.find("a::Outer").orElseThrow();
        assertTrue(outer.find("a::Nested").isPresent(), "the type and what it uses: " + outer);
        assertTrue(outer.find("a::Inner").isEmpty(), "not the other import's types: " + outer);
        assertEquals(List.of("a::Inner"), imported.find("a::Inner").orElseThrow().types().stream().map(t -> t.name()).toList());
        assertEquals("top.idl", imported.origin("a::Outer").orElseThrow());
        assertTrue(imported.find("a::Missing").isEmpty());
        assertTrue(imported.remove("top.idl"));
        assertTrue(imported.find("a::Outer").isEmpty());
    }

    @Test
    void typesRegisteredByThisProcessServeItsOwnWriters() throws Exception {
        Connection c = connect(DOMAIN);
        Participant inProcess = c.domain().createParticipant();
        StructType probe = StructType.builder("tuner::Probe").key("id", MemberKind.INT32)
                .member("value", MemberKind.FLOAT64).member("label", MemberKind.STRING).build();
        Writer w = inProcess.createWriter(inProcess.createTopic("LocalProbe", probe, null), null);
        awaitModel(c, "the in-process writer with its process", x -> count(x, "LocalProbe", false) == 1
                && x.participant(inProcess.guid()).map(p -> p.process().hasPid()).orElse(false));

        TypeResolver resolver = new TypeResolver(c, new ImportedTypes());
        TypeResolutionException none = assertThrows(TypeResolutionException.class, () -> resolver.resolve("LocalProbe",
                TypeResolver.Options.DEFAULT.withSources(TypeSource.LOCAL, TypeSource.WIRE)));
        assertTrue(none.attempts().get(0).detail().contains("every writer lives in this process, but no library "
                + "registered here declares tuner::Probe"), none.attempts().get(0).detail());
        assertTrue(none.attempts().get(1).detail().contains("never announces it for endpoints in this process"),
                none.attempts().get(1).detail());

        try (LocalTypes.Registration reg = LocalTypes.get().register("probe test", IdlParser.parseText(IDL))) {
            assertTrue(LocalTypes.get().providers().contains("probe test"));
            ResolvedType t = closeAfterTest(resolver.resolve("LocalProbe"));
            assertEquals(TypeSource.LOCAL, t.source());
            assertEquals("registered by probe test (every writer lives in this process)", t.attempts().getLast().detail());
            assertEquals(1, t.attempts().size(), "LOCAL is tried first");
            ReaderSession r = closeAfterTest(ReaderSession.open(c, t, ReaderSession.Config.of(
                    QosDeriver.forReader(c.model().snapshot(true), "LocalProbe"))));
            await("matched", () -> r.matchedWriters() == 1, () -> "");
            w.write(Map.of("id", 5, "value", -1.5, "label", "local"));
            await("decoded", () -> r.samples().size() == 1, () -> r.stats().toString());
            assertEquals(Map.of("id", 5, "value", -1.5, "label", "local"), Map.copyOf((Map<?, ?>) r.samples().get(0).value()));
        }
        assertFalse(LocalTypes.get().providers().contains("probe test"), "closing the registration withdraws it");
        assertTrue(LocalTypes.get().find("tuner::Probe").isEmpty());
    }

    @Test
    void aConnectionRunningTheDemoServesItsTypes() throws Exception {
        ConnectionManager m = ConnectionManager.get();
        Connection c = m.open(new ConnectionProfile("demo in process", DOMAIN, ConnectionProfile.ConfigKind.LOOPBACK_ONLY,
                "", List.of(), true));
        closeAfterTest(() -> m.close(c));
        assertTrue(c.hasDemo());
        awaitModel(c, "the demo's sensor and track writers", x -> count(x, DemoSystem.SENSORS, false) == 1
                && count(x, DemoSystem.TRACKS, false) == 1);
        TypeResolver resolver = new TypeResolver(c, new ImportedTypes());

        ResolvedType sensors = closeAfterTest(resolver.resolve(DemoSystem.SENSORS));
        assertEquals(TypeSource.LOCAL, sensors.source(), sensors.attempts().toString());
        assertEquals("registered by the Local demo (every writer lives in this process)",
                sensors.attempts().getLast().detail());
        ResolvedType tracks = closeAfterTest(resolver.resolve(DemoSystem.TRACKS));
        assertEquals(TypeSource.LOCAL, tracks.source(), tracks.attempts().toString());
        assertTrue(tracks.needsXcdr2(), "demo::Track is @appendable");

        ReaderSession rs = closeAfterTest(ReaderSession.open(c, sensors, ReaderSession.Config.of(
                QosDeriver.forReader(c.model().snapshot(true), DemoSystem.SENSORS))));
        ReaderSession rt = closeAfterTest(ReaderSession.open(c, tracks, ReaderSession.Config.of(
                QosDeriver.forReader(c.model().snapshot(true), DemoSystem.TRACKS))));
        await("the 4 sensors and 3 tracks", () -> rs.instances().size() == 4 && rt.instances().size() == 3,
                () -> rs.stats() + " " + rt.stats());
        for (var i : rs.instances()) {
            Map<?, ?> v = (Map<?, ?>) i.latest().value();
            int id = (Integer) v.get("sensor_id");
            assertEquals("degC", v.get("unit"));
            double value = (Double) v.get("value");
            assertTrue(Math.abs(value - (20.0 + id)) <= 2.0, v.toString());
        }
        Map<String, String> labels = new java.util.TreeMap<>();
        for (var i : rt.instances()) {
            assertNull(i.latest().decodeError());
            assertEquals(0x0009, i.latest().encapsulation(), "D_CDR2_LE: appendable");
            labels.put(String.valueOf(i.latest().field("label")), ((Enumerator) i.latest().field("kind")).name());
        }
        assertEquals(Map.of("AIR-1", "AIRCRAFT", "SHIP-2", "VESSEL", "CAR-3", "VEHICLE"), labels);
    }

    @Test
    void withoutTypeInformationImportedIdlAndRosMessagesGiveTheType() throws Exception {
        Connection c = connect(DOMAIN);
        Participant peer = c.domain().createParticipant();
        StructType probe = StructType.builder("tuner::Probe").key("id", MemberKind.INT32)
                .member("value", MemberKind.FLOAT64).member("label", MemberKind.STRING).build();
        StructType rosString = StructType.builder("std_msgs::msg::dds_::String_").member("data", MemberKind.STRING).build();
        Topic pt = peer.createTopic("Probe", probe, null);
        Writer w = peer.createWriter(pt, null);
        Topic rt = peer.createTopic("rt/chatter", rosString, null);
        Writer rw = peer.createWriter(rt, null);
        awaitModel(c, "both writers", x -> count(x, "Probe", false) == 1 && count(x, "rt/chatter", false) == 1);

        ImportedTypes imported = new ImportedTypes();
        TypeResolver resolver = new TypeResolver(c, imported);
        TypeResolutionException none = assertThrows(TypeResolutionException.class, () -> resolver.resolve("Probe",
                TypeResolver.Options.DEFAULT.withSources(TypeSource.WIRE, TypeSource.IMPORTED, TypeSource.ROS_MSG)));
        List<ResolutionAttempt> at = none.attempts();
        assertEquals(List.of(TypeSource.WIRE, TypeSource.IMPORTED, TypeSource.ROS_MSG),
                at.stream().map(ResolutionAttempt::source).toList());
        assertTrue(at.get(0).detail().contains("sent no XTypes type information"), at.get(0).detail());
        assertEquals("no IDL imported", at.get(1).detail());
        assertTrue(at.get(2).detail().contains("not a ROS 2 message type name"), at.get(2).detail());
        // none of these changes by asking again (the Type view remembers such failures)
        assertEquals(List.of(false, false, false), at.stream().map(ResolutionAttempt::mayChange).toList());
        assertThrows(TypeResolutionException.class, () -> resolver.resolve("NoSuchTopic"));

        imported.importText("probe.idl", IDL);
        ResolvedType probeType = closeAfterTest(resolver.resolve("Probe"));
        ResolvedType rosType = closeAfterTest(resolver.resolve("rt/chatter"));
        assertEquals(TypeSource.IMPORTED, probeType.source());
        assertEquals(TypeSource.ROS_MSG, rosType.source());
        assertEquals("bundled ROS 2 message std_msgs/msg/String", rosType.attempts().getLast().detail().replaceAll(" \\(.*", ""));

        ReaderSession r = closeAfterTest(ReaderSession.open(c, probeType, ReaderSession.Config.of(
                QosDeriver.forReader(c.model().snapshot(true), "Probe"))));
        ReaderSession rr = closeAfterTest(ReaderSession.open(c, rosType, ReaderSession.Config.of(
                QosDeriver.forReader(c.model().snapshot(true), "rt/chatter"))));
        await("readers matched", () -> r.matchedWriters() == 1 && rr.matchedWriters() == 1, () -> "");
        w.write(Map.of("id", 3, "value", 0.25, "label", "three"));
        rw.write(Map.of("data", "hello ros"));
        await("decoded samples", () -> r.samples().size() == 1 && rr.samples().size() == 1, () -> r.stats() + " " + rr.stats());
        assertEquals(Map.of("id", 3, "value", 0.25, "label", "three"), Map.copyOf((Map<?, ?>) r.samples().get(0).value()));
        assertEquals(Map.of("data", "hello ros"), Map.copyOf((Map<?, ?>) rr.samples().get(0).value()));
        assertFalse(r.samples().get(0).decodeError() != null);
    }
}
