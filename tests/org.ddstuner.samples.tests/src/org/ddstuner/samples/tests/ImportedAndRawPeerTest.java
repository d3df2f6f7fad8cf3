package org.ddstuner.samples.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import org.ddstuner.connection.Connection;
import org.ddstuner.dds.SampleInfo;
import org.ddstuner.samples.ImportedTypes;
import org.ddstuner.samples.LocalTypes;
import org.ddstuner.samples.QosDeriver;
import org.ddstuner.samples.RawGuess;
import org.ddstuner.samples.ReaderSession;
import org.ddstuner.samples.ReceivedSample;
import org.ddstuner.samples.ResolvedType;
import org.ddstuner.samples.SampleColumns;
import org.ddstuner.samples.SampleFilter;
import org.ddstuner.samples.TypeResolutionException;
import org.ddstuner.samples.TypeResolver;
import org.ddstuner.samples.TypeSource;
import org.ddstuner.testsupport.PeerProcess;
import org.ddstuner.testsupport.Peers;
import org.ddstuner.types.Enumerator;
import org.ddstuner.types.idl.IdlParser;
import org.junit.jupiter.api.Test;

/**
 * The Cyclone 11 Python peer's topics read without asking the wire: with the person's IDL (IMPORTED; our
 * descriptor carries type information made from that IDL, so Cyclone checks it against the peer's and
 * matches), in READ mode; and as bytes only (RAW): a keyed stand-in because the writers' GUIDs say keyed,
 * hex and guessed primitive values equal to what cyclone_peer.py writes. Domain 208.
 */
class ImportedAndRawPeerTest extends Live {

    private static final int DOMAIN = 208;

    /** tuner::SensorReading as cyclone_peer.py declares it (Python structs are @final). */
    private static final String IDL = """
            module tuner {
              enum SensorKind { TEMPERATURE, PRESSURE, HUMIDITY };
              @final struct Vector3 { double x; double y; double z; };
              @final struct SensorReading {
                @key long sensor_id;
                SensorKind kind;
                double value;
                Vector3 position;
                sequence<float> history;
                string unit;
              };
            };
            """;

    @SuppressWarnings("unchecked")
    @Test
    void importedIdlInReadModeThenRawBytes() throws Exception {
        Peers.requireAvailable();
        PeerProcess peer = closeAfterTest(Peers.startCyclonePeer(DOMAIN, "--period-ms", "30"));
        int pid = Integer.parseInt(peer.info("pid").orElseThrow());
        Connection c = connect(DOMAIN);
        awaitModel(c, "SensorData and Status writers", x -> count(x, "SensorData", false) == 1
                && count(x, "Status", false) == 1);

        ImportedTypes imported = new ImportedTypes();
        imported.importText("tuner.idl", IDL);
        TypeResolver resolver = new TypeResolver(c, imported);
        try (LocalTypes.Registration reg = LocalTypes.get().register("test", IdlParser.parseText(IDL))) {
            TypeResolutionException e = assertThrows(TypeResolutionException.class, () -> resolver.resolve("SensorData",
                    TypeResolver.Options.DEFAULT.withSources(TypeSource.LOCAL)));
            String why = e.attempts().get(0).detail();
            assertTrue(why.startsWith("1 of 1 writer(s) live in other processes (e.g. ") && why.contains("pid " + pid), why);
        }
        try (ResolvedType type = resolver.resolve("SensorData", TypeResolver.Options.DEFAULT.withSources(
                TypeSource.IMPORTED))) {
            assertEquals(TypeSource.IMPORTED, type.source());
            assertEquals("declared in tuner.idl", type.attempts().getLast().detail(), "type information made too");
            try (ReaderSession r = ReaderSession.open(c, type, ReaderSession.Config.of(QosDeriver.forReader(
                    c.model().snapshot(true), "SensorData")).withMode(ReaderSession.Mode.READ))) {
                await("samples of the three sensors", () -> r.instances().size() == 3, () -> r.stats().toString()
                        + " " + r.failure());
                String[] units = {null, "degC", "hPa", "%"};
                String[] kinds = {null, "TEMPERATURE", "PRESSURE", "HUMIDITY"};
                for (ReceivedSample s : r.samples()) {
                    assertNull(s.decodeError());
                    Map<String, Object> v = (Map<String, Object>) s.value();
                    int id = (Integer) v.get("sensor_id");
                    assertEquals(units[id], v.get("unit"));
                    assertEquals(kinds[id], ((Enumerator) v.get("kind")).name());
                    assertEquals(Map.of("x", (double) id, "y", 0.5, "z", -1.0), Map.copyOf((Map<?, ?>) v.get("position")));
                    double value = (Double) v.get("value");
                    assertTrue(value >= 20.0 + id && value < 21.0 + id, v.toString());
                    // READ mode: each sample is stored once, as it was before our read marked it
                    assertEquals(SampleInfo.SampleState.NOT_READ, s.info().sampleState());
                }
                List<ReceivedSample> all = r.samples();
                long distinct = all.stream().map(x -> x.info().instanceHandle() + "@" + x.info().sourceTimestamp())
                        .distinct().count();
                assertEquals(all.size(), distinct, "no sample read twice");
                assertEquals(0, r.stats().decodeErrors());
            }
        }

        // RAW: no type at all. The peer's Heartbeat {@key long peer_id; unsigned long long count;} is keyed.
        try (ResolvedType raw = resolver.resolve("Status", TypeResolver.Options.DEFAULT.withSources(TypeSource.RAW))) {
            assertTrue(raw.isRaw());
            String why = raw.attempts().getLast().detail();
            assertTrue(why.contains("keyed like the writers"), why);
            SampleColumns cols = SampleColumns.of(raw);
            assertEquals(List.of(), cols.fieldColumns());
            assertTrue(cols.infoColumns().stream().map(SampleColumns.Column::name).toList().containsAll(
                    List.of("@hex", "@guess")));
            try (ReaderSession r = ReaderSession.open(c, raw, ReaderSession.Config.of(QosDeriver.forReader(
                    c.model().snapshot(true), "Status")))) {
                await("heartbeats as bytes", () -> r.samples().size() >= 3, () -> r.stats().toString() + " " + r.failure());
                for (ReceivedSample s : r.samples()) {
                    assertTrue(s.encapsulation() == 0x0001 || s.encapsulation() == 0x0007, "CDR_LE or CDR2_LE: " + s.hex());
                    assertNull(s.value());
                    List<RawGuess.Field> f = s.guessedFields();
                    assertEquals(new RawGuess.Field(4, RawGuess.Kind.INT32, pid), f.get(0), s.hex());
                    // count, an unsigned long long, after the pid: 8-aligned in XCDR1 (4 bytes of padding first),
                    // 4-aligned in XCDR2; small, so its high word is zero
                    int at = s.encapsulation() == 0x0001 ? 12 : 8;
                    assertEquals(List.of(RawGuess.Kind.INT32, RawGuess.Kind.INT32), f.stream()
                            .filter(x -> x.offset() >= at).map(RawGuess.Field::kind).toList(), s.hex());
                    assertEquals(new RawGuess.Field(at + 4, RawGuess.Kind.INT32, 0), f.getLast(), s.hex());
                    assertEquals(at + 8, s.size());
                }
                List<Integer> counts = r.samples().stream().map(s -> (Integer) s.guessedFields().stream()
                        .filter(x -> x.offset() == (s.encapsulation() == 0x0001 ? 12 : 8)).findFirst().orElseThrow()
                        .value()).toList();
                assertTrue(counts.get(counts.size() - 1) > counts.get(0), "the heartbeat count goes up: " + counts);
                ReceivedSample first = r.samples().get(0);
                String guess = (String) SampleColumns.value(first, cols.infoColumns().stream()
                        .filter(x -> x.name().equals("@guess")).findFirst().orElseThrow());
                assertTrue(guess.matches("CDR2?_LE: @4 int32 " + pid + ", .*"), guess);
                assertEquals(r.samples().size(), SampleFilter.parse("@guess contains 'int32 " + pid + "'")
                        .apply(r.samples()).size());
            }
        }

        // RAW on a topic with strings and doubles: SensorData (keyed, in partition "sensors")
        try (ResolvedType raw = resolver.resolve("SensorData", TypeResolver.Options.DEFAULT.withSources(TypeSource.RAW));
                ReaderSession r = ReaderSession.open(c, raw, ReaderSession.Config.of(QosDeriver.forReader(
                        c.model().snapshot(true), "SensorData")))) {
            await("sensor samples as bytes", () -> r.samples().size() >= 6, () -> r.stats().toString() + " " + r.failure());
            Set<Object> strings = r.samples().stream().flatMap(s -> s.guessedFields().stream())
                    .filter(f -> f.kind() == RawGuess.Kind.STRING).map(RawGuess.Field::value).collect(Collectors.toSet());
            assertEquals(Set.of("degC", "hPa", "%"), strings);
            for (ReceivedSample s : r.samples()) {
                List<RawGuess.Field> f = s.guessedFields();
                int id = (Integer) f.get(0).value(); // sensor_id
                // position {x = id, y = 0.5, z = -1.0} at body offset 16: absolute offsets 20, 28, 36
                assertEquals(new RawGuess.Field(20, RawGuess.Kind.FLOAT64, (double) id),
                        f.stream().filter(x -> x.offset() == 20).findFirst().orElseThrow(), RawGuess.describe(s.data()));
                assertTrue(f.contains(new RawGuess.Field(28, RawGuess.Kind.FLOAT64, 0.5)), RawGuess.describe(s.data()));
                assertTrue(f.contains(new RawGuess.Field(36, RawGuess.Kind.FLOAT64, -1.0)), RawGuess.describe(s.data()));
            }
        }
    }
}
