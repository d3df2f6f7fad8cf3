package org.ddstuner.samples.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.ddstuner.connection.Connection;
import org.ddstuner.dds.DdsLibrary;
import org.ddstuner.dds.Qos;
import org.ddstuner.samples.DerivedQos;
import org.ddstuner.samples.ImportedTypes;
import org.ddstuner.samples.InjectionGuard;
import org.ddstuner.samples.QosDeriver;
import org.ddstuner.samples.ReaderSession;
import org.ddstuner.samples.ReceivedSample;
import org.ddstuner.samples.ResolvedType;
import org.ddstuner.samples.SampleExport;
import org.ddstuner.samples.SampleJson;
import org.ddstuner.samples.TypeResolver;
import org.ddstuner.samples.TypeSource;
import org.ddstuner.samples.UnsupportedRepresentationException;
import org.ddstuner.samples.WriterSession;
import org.ddstuner.testsupport.PeerProcess;
import org.ddstuner.testsupport.Peers;
import org.ddstuner.types.compare.ComparisonResult;
import org.ddstuner.types.compare.TypeComparison;
import org.ddstuner.types.cdr.XcdrVersion;
import org.junit.jupiter.api.Test;

/**
 * Issue 12.1: every extensibility through imported IDL, against tests/peers/xtypes_peer.py (Cyclone 11 Python:
 * {@code @final}, {@code @appendable}, {@code @mutable}, {@code @optional} members, nested appendable structs),
 * read, written and through JSON export/import, in XCDR1 and XCDR2 where the peer uses them; and what libddsc
 * 0.10.2 cannot do, pinned by its text. Domains 229, 231, 232.
 */
class ExtensibilityPeerTest extends Live {

    /** tests/peers/xtypes_peer.py TYPES_IDL. */
    static final String IDL = """
            module xt {
              @final      struct Fin  { @key long long id; double value; string label; };
              @appendable struct App  { @key long long id; double value; string label; };
              @appendable struct Point { double x; double y; };
              @appendable struct Nest { @key long long id; Point pos; sequence<Point> path; string label; };
              @appendable struct Opt  { @key long long id; @optional double value; @optional string label; Point pos; };
              @mutable    struct Mut  { @key long long id; double value; string label; @optional long count; Point pos; };
            };
            """;

    private static final List<String> KINDS = List.of("Fin", "App", "Nest", "Opt", "Mut");

    /**
     * XCDR2 writers and readers (what Cyclone 11 uses for non-final types): each kind read with the imported
     * type (values as xtypes_peer.py sample() writes them, absent optionals null), exported to JSON, imported
     * again with another id and written back, which the peer prints; and the imported type compared with the
     * one learned over the wire (the Type view's comparison) is identical.
     */
    @SuppressWarnings("unchecked")
    @Test
    void everyExtensibilityInXcdr2ReadWrittenAndThroughJson() throws Exception {
        Peers.requireAvailable();
        PeerProcess peer = closeAfterTest(Peers.start("xtypes_peer", 231, "--repr", "2", "--reader-repr", "2",
                "--period-ms", "50"));
        Connection c = connect(231);
        awaitModel(c, "the peer's writers and readers", x -> KINDS.stream().allMatch(k -> count(x, "Xt" + k, false) == 1
                && count(x, "Xt" + k + "In", true) == 1));
        ImportedTypes imported = new ImportedTypes();
        imported.importText("xt.idl", IDL);
        TypeResolver resolver = new TypeResolver(c, imported);
        InjectionGuard.of(c).confirm();
        for (String k : KINDS) {
            ResolvedType type = closeAfterTest(resolver.resolve("Xt" + k, TypeResolver.Options.DEFAULT.withSources(
                    TypeSource.IMPORTED)));
            assertEquals(TypeSource.IMPORTED, type.source());
            ReaderSession r = closeAfterTest(ReaderSession.open(c, type, ReaderSession.Config.of(
                    QosDeriver.forReader(c.model().snapshot(true), "Xt" + k))));
            await(k + ": samples of both instances", () -> r.instances().size() == 2, () -> r.stats() + " " + r.failure());
            for (ReceivedSample s : r.samples()) {
                assertNull(s.decodeError(), k + " " + s.hex());
                assertEquals(k.equals("Fin") ? 0x0007 : k.equals("Mut") ? 0x000b : 0x0009, s.encapsulation(),
                        k + ": CDR2_LE, D_CDR2_LE or PL_CDR2_LE " + s.hex());
                Map<String, Object> v = (Map<String, Object>) s.value();
                assertEquals(expected(k, round(k, v)), plain(v), k);
            }

            // JSON export of a received sample, imported again with another id and written to the peer
            ResolvedType in = closeAfterTest(resolver.resolve("Xt" + k + "In", TypeResolver.Options.DEFAULT
                    .withSources(TypeSource.IMPORTED)));
            ReceivedSample last = r.samples().getLast();
            String exported = SampleExport.json(List.of(last)).replace("\"id\":" + last.field("id"), "\"id\":50");
            List<Object> values = SampleJson.readSamples(in, exported);
            assertEquals(1, values.size(), exported);
            DerivedQos wq = QosDeriver.forWriter(c.model().snapshot(true), "Xt" + k + "In", in);
            WriterSession w = closeAfterTest(WriterSession.open(c, in, wq));
            assertEquals(XcdrVersion.XCDR2, w.representation(), k + ": the peer's reader takes XCDR2 only");
            await(k + ": our writer matched the peer's reader", () -> w.matchedReaders() >= 1, wq::toString);
            w.write(values.get(0));
            Map<String, Object> sent = new TreeMap<>(plain((Map<String, Object>) last.value()));
            sent.put("id", 50L);
            String echo = "SAMPLE Xt" + k + "In " + python(sent);
            await(k + ": the peer prints " + echo, () -> peer.stdout().contains(echo), peer::stdout);

            // the Type view's comparison: the imported type against the peer's, learned over the wire
            ResolvedType wire = closeAfterTest(resolver.resolve("Xt" + k, TypeResolver.Options.DEFAULT.withSources(
                    TypeSource.WIRE)));
            ComparisonResult cmp = TypeComparison.compare(type.library(), type.typeName(), wire.library(),
                    wire.typeName());
            assertTrue(cmp.identical(), k + ": " + cmp);
        }
    }

    /**
     * XCDR1 writers and readers, as RTI Connext and Fast DDS use for @appendable types (Cyclone 11 Python writes
     * XCDR1 for the flat kinds only: it refuses xt::Nest and xt::Opt with Bad Parameter). The @appendable type
     * is read and written through its XCDR1 view; the @mutable one cannot be with libddsc 0.10.2, and says so.
     */
    @SuppressWarnings("unchecked")
    @Test
    void appendableInXcdr1AndWhatLibddsc0102Refuses() throws Exception {
        Peers.requireAvailable();
        PeerProcess peer = closeAfterTest(Peers.start("xtypes_peer", 232, "--repr", "1", "--reader-repr", "1",
                "--kinds", "Fin,App,Mut", "--period-ms", "50"));
        Connection c = connect(232);
        awaitModel(c, "the peer's writers and readers", x -> List.of("Fin", "App", "Mut").stream().allMatch(
                k -> count(x, "Xt" + k, false) == 1 && count(x, "Xt" + k + "In", true) == 1));
        ImportedTypes imported = new ImportedTypes();
        imported.importText("xt.idl", IDL);
        TypeResolver resolver = new TypeResolver(c, imported);
        TypeResolver.Options importedOnly = TypeResolver.Options.DEFAULT.withSources(TypeSource.IMPORTED);

        // the case: an @appendable type, imported, its writer offering XCDR1
        ResolvedType app = closeAfterTest(resolver.resolve("XtApp", importedOnly));
        DerivedQos rq = QosDeriver.forReader(c.model().snapshot(true), "XtApp");
        assertEquals(List.of(Qos.XCDR1), rq.qos().dataRepresentation().ids());
        ReaderSession r = closeAfterTest(ReaderSession.open(c, app, ReaderSession.Config.of(rq)));
        assertTrue(r.notes().getFirst().startsWith("XCDR1: xt::App is read with its XCDR1 view"), r.notes().toString());
        await("XCDR1 samples of both instances", () -> r.instances().size() == 2, () -> r.stats() + " " + r.failure());
        for (ReceivedSample s : r.samples()) {
            assertNull(s.decodeError(), s.hex());
            assertEquals(0x0001, s.encapsulation(), "CDR_LE: " + s.hex());
            Map<String, Object> v = (Map<String, Object>) s.value();
            assertEquals(expected("App", round("App", v)), plain(v));
        }
        // and written in XCDR1 to the peer's XCDR1-only reader, from JSON
        InjectionGuard.of(c).confirm();
        ResolvedType appIn = closeAfterTest(resolver.resolve("XtAppIn", importedOnly));
        DerivedQos wq = QosDeriver.forWriter(c.model().snapshot(true), "XtAppIn", appIn);
        assertEquals(List.of(Qos.XCDR1), wq.qos().dataRepresentation().ids(), wq.notes().toString());
        WriterSession w = closeAfterTest(WriterSession.open(c, appIn, wq));
        assertEquals(XcdrVersion.XCDR1, w.representation());
        await("our XCDR1 writer matched the peer's reader", () -> w.matchedReaders() >= 1, wq::toString);
        w.write(SampleJson.fromJson(appIn.library(), appIn.type().orElseThrow(),
                "{\"id\": 60, \"value\": 2.75, \"label\": \"xcdr1\"}"));
        await("the peer prints our XCDR1 sample", () -> peer.stdout().contains(
                "SAMPLE XtAppIn {\"id\": 60, \"label\": \"xcdr1\", \"value\": 2.75}"), peer::stdout);

        // @mutable in XCDR1: libddsc 0.10.2 cannot, and the reader says exactly that instead of Bad Parameter
        ResolvedType mut = closeAfterTest(resolver.resolve("XtMut", importedOnly));
        String lib = "libddsc " + DdsLibrary.get().version();
        String why = " cannot %s xt::Mut in XCDR1 (xt::Mut is @mutable): it takes XCDR1 only for @final and "
                + "@appendable types without @optional members (@mutable XCDR1, PL_CDR, only for its discovery data).";
        UnsupportedRepresentationException e = assertThrows(UnsupportedRepresentationException.class,
                () -> ReaderSession.open(c, mut, ReaderSession.Config.of(QosDeriver.forReader(
                        c.model().snapshot(true), "XtMut"))));
        assertEquals(lib + why.formatted("read") + " Its writers offer XCDR1 only; writers offering XCDR2 can be read.",
                e.getMessage());
        ResolvedType mutIn = closeAfterTest(resolver.resolve("XtMutIn", importedOnly));
        DerivedQos mq = QosDeriver.forWriter(c.model().snapshot(true), "XtMutIn", mutIn);
        assertEquals(List.of(Qos.XCDR2), mq.qos().dataRepresentation().ids());
        assertTrue(mq.notes().contains(lib + why.formatted("write") + " Readers accepting only XCDR1 will not match."),
                mq.notes().toString());
        e = assertThrows(UnsupportedRepresentationException.class, () -> WriterSession.open(c, mutIn,
                mq.withQos(mq.qos().with(new Qos.DataRepresentation(List.of(Qos.XCDR1))))));
        assertEquals(lib + why.formatted("write") + " Write XCDR2 (its readers must accept XCDR2).", e.getMessage());
    }

    /**
     * XCDR1 of a nested @appendable type (no Cyclone 11 peer writes or reads it): our XCDR1 writer to our own
     * XCDR1 reader, both through the XCDR1 view, on one participant, next to an XCDR2 reader and writer of the
     * same topic with the real descriptor; values equal after the round trip.
     */
    @SuppressWarnings("unchecked")
    @Test
    void nestedAppendableInXcdr1BetweenOurOwnReaderAndWriter() throws Exception {
        Connection c = connect(229);
        ImportedTypes imported = new ImportedTypes();
        imported.importText("xt.idl", IDL);
        ResolvedType nest = closeAfterTest(new TypeResolver(c, imported).resolve("XtLoop", TypeResolver.Options.DEFAULT
                .withSources(TypeSource.IMPORTED).withTypeName("xt::Nest")));
        DerivedQos rq = QosDeriver.forReader(c.model().snapshot(true), "XtLoop");
        // an XCDR2 reader (the real descriptor) first: the XCDR1 view's topic of the same name must coexist
        // with it in one participant (as a Reader view in XCDR2 and a Writer view in XCDR1 would)
        ReaderSession r2 = closeAfterTest(ReaderSession.open(c, nest, ReaderSession.Config.of(rq.withQos(
                rq.qos().with(new Qos.DataRepresentation(List.of(Qos.XCDR2)))))));
        rq = rq.withQos(rq.qos().with(new Qos.DataRepresentation(List.of(Qos.XCDR1))));
        ReaderSession r = closeAfterTest(ReaderSession.open(c, nest, ReaderSession.Config.of(rq)));
        InjectionGuard.of(c).confirm();
        DerivedQos wq = QosDeriver.forWriter(c.model().snapshot(true), "XtLoop", nest);
        assertEquals(List.of(Qos.XCDR2), wq.qos().dataRepresentation().ids(), "XCDR2 unless a reader needs XCDR1");
        WriterSession w = closeAfterTest(WriterSession.open(c, nest, wq.withQos(wq.qos().with(
                new Qos.DataRepresentation(List.of(Qos.XCDR1))))));
        assertEquals(XcdrVersion.XCDR1, w.representation());
        await("our reader matched our writer", () -> w.matchedReaders() >= 1, () -> r.stats().toString());
        Map<String, Object> sent = expected("Nest", 5);
        w.write(SampleJson.fromJson(nest.library(), nest.type().orElseThrow(), SampleJson.toJson(sent)));
        await("the sample read back", () -> !r.samples().isEmpty(), () -> r.stats() + " " + r.failure());
        ReceivedSample s = r.samples().getFirst();
        assertEquals(0x0001, s.encapsulation(), s.hex());
        assertEquals(sent, plain((Map<String, Object>) s.value()));

        WriterSession w2 = closeAfterTest(WriterSession.open(c, nest, wq));
        assertEquals(XcdrVersion.XCDR2, w2.representation());
        await("the XCDR2 reader matched the XCDR2 writer", () -> w2.matchedReaders() >= 1, () -> r2.stats().toString());
        Map<String, Object> sent2 = expected("Nest", 7);
        w2.write(SampleJson.fromJson(nest.library(), nest.type().orElseThrow(), SampleJson.toJson(sent2)));
        await("the XCDR2 sample read back", () -> !r2.samples().isEmpty(), () -> r2.stats() + " " + r2.failure());
        ReceivedSample s2 = r2.samples().getFirst();
        assertEquals(0x0009, s2.encapsulation(), "D_CDR2_LE: " + s2.hex());
        assertEquals(sent2, plain((Map<String, Object>) s2.value()));
        assertEquals(1, r2.samples().size(), "the XCDR1 writer does not match the XCDR2 reader");
    }

    /** The round n a sample of the peer's was written in, from its value (value = n + 0.5, or pos.y = n). */
    @SuppressWarnings("unchecked")
    private static int round(String kind, Map<String, Object> v) {
        return switch (kind) {
            case "Nest" -> (int) (double) (Double) ((Map<String, Object>) v.get("pos")).get("x");
            case "Opt" -> (int) (double) (Double) ((Map<String, Object>) v.get("pos")).get("y");
            default -> (int) ((Double) v.get("value") - 0.5);
        };
    }

    /** What xtypes_peer.py sample(kind, n) writes, as decoded values (long long as Long, absent optional null). */
    private static Map<String, Object> expected(String kind, int n) {
        Map<String, Object> m = new TreeMap<>();
        m.put("id", (long) (1 + n % 2));
        switch (kind) {
            case "Fin", "App" -> {
                m.put("value", n + 0.5);
                m.put("label", (kind.equals("Fin") ? "f" : "a") + n);
            }
            case "Nest" -> {
                m.put("pos", point(n, -1.5));
                List<Object> path = new ArrayList<>();
                for (int k = 0; k < n % 3; k++) {
                    path.add(point(k, 0.25));
                }
                m.put("path", path);
                m.put("label", "n" + n);
            }
            case "Opt" -> {
                m.put("value", n % 2 == 0 ? n + 0.5 : null);
                m.put("label", n % 2 == 0 ? null : "o" + n);
                m.put("pos", point(2.0, n));
            }
            default -> {
                m.put("value", n + 0.5);
                m.put("label", "m" + n);
                m.put("count", n % 2 == 0 ? n : null);
                m.put("pos", point(-3.0, n));
            }
        }
        return m;
    }

    private static Map<String, Object> point(double x, double y) {
        Map<String, Object> p = new TreeMap<>();
        p.put("x", x);
        p.put("y", y);
        return p;
    }

    /** A decoded value as sorted maps and lists, absent optionals as null entries. */
    @SuppressWarnings("unchecked")
    private static Map<String, Object> plain(Map<String, Object> v) {
        Map<String, Object> out = new TreeMap<>();
        v.forEach((k, x) -> out.put(k, x instanceof Map<?, ?> m ? plain((Map<String, Object>) m)
                : x instanceof List<?> l ? l.stream().map(e -> e instanceof Map<?, ?> m ? (Object) plain(
                        (Map<String, Object>) m) : e).toList() : x));
        return out;
    }

    /** Python's json.dumps(..., sort_keys=True) of a plain value, as xtypes_peer.py prints it. */
    @SuppressWarnings("unchecked")
    private static String python(Object v) {
        if (v == null) {
            return "null";
        }
        if (v instanceof String s) {
            return "\"" + s + "\"";
        }
        if (v instanceof Map<?, ?> m) {
            List<String> parts = new ArrayList<>();
            new TreeMap<>((Map<String, Object>) m).forEach((k, x) -> parts.add("\"" + k + "\": " + python(x)));
            return "{" + String.join(", ", parts) + "}";
        }
        if (v instanceof List<?> l) {
            return "[" + String.join(", ", l.stream().map(ExtensibilityPeerTest::python).toList()) + "]";
        }
        return v.toString();
    }
}
