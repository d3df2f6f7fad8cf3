package org.ddstuner.samples.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.ddstuner.connection.Connection;
import org.ddstuner.dds.Qos;
import org.ddstuner.dds.SampleInfo.InstanceState;
import org.ddstuner.samples.DerivedQos;
import org.ddstuner.samples.ImportedTypes;
import org.ddstuner.samples.InjectionGuard;
import org.ddstuner.samples.QosDeriver;
import org.ddstuner.samples.ReaderSession;
import org.ddstuner.samples.ReceivedSample;
import org.ddstuner.samples.ResolvedType;
import org.ddstuner.samples.TypeResolver;
import org.ddstuner.samples.TypeSource;
import org.ddstuner.samples.WriterSession;
import org.junit.jupiter.api.Test;

/**
 * {@link WriterSession#unregister} and {@link WriterSession#dispose} as a reader sees them: with
 * autodispose-unregistered-instances off, unregistering leaves the instance NOT_ALIVE_NO_WRITERS (not
 * disposed); with it on (the DDS default), unregistering disposes. The tool's own reader on a topic nobody
 * else uses, the type from imported IDL. Domain 135.
 */
class WriterUnregisterTest extends Live {

    private static final int DOMAIN = 135;
    private static final String TOPIC = "UnregisterItems";
    private static final String IDL = "module unreg { @final struct Item { @key long id; string text; }; };";

    @Test
    void unregisterWithoutAutodisposeLeavesNoWritersAndWithItDisposes() throws Exception {
        Connection c = connect(DOMAIN);
        ImportedTypes imported = new ImportedTypes();
        imported.importText("unreg.idl", IDL);
        ResolvedType type = closeAfterTest(new TypeResolver(c, imported).resolve(TOPIC, TypeResolver.Options.DEFAULT
                .withSources(TypeSource.IMPORTED).withTypeName("unreg::Item")));
        InjectionGuard.of(c).confirm();

        Qos reliable = Qos.EMPTY.with(new Qos.Reliability(Qos.ReliabilityKind.RELIABLE, Duration.ofMillis(100)));
        DerivedQos readerQos = QosDeriver.forReader(c.model().snapshot(true), TOPIC);
        ReaderSession reader = closeAfterTest(ReaderSession.open(c, type, ReaderSession.Config.of(
                readerQos.withQos(readerQos.qos().with(reliable.reliability())))));
        DerivedQos writerQos = QosDeriver.forWriter(c.model().snapshot(true), TOPIC, type);
        WriterSession keeping = closeAfterTest(WriterSession.open(c, type, writerQos.withQos(writerQos.qos()
                .with(reliable.reliability()).with(new Qos.WriterDataLifecycle(false)))));
        WriterSession disposing = closeAfterTest(WriterSession.open(c, type, writerQos.withQos(writerQos.qos()
                .with(reliable.reliability()).with(new Qos.WriterDataLifecycle(true)))));
        await("both writers matched our reader", () -> reader.stats().matchedWriters() == 2
                && keeping.matchedReaders() == 1 && disposing.matchedReaders() == 1, () -> reader.stats().toString());

        keeping.write(Map.of("id", 1, "text", "one"));
        disposing.write(Map.of("id", 2, "text", "two"));
        await("both instances alive", () -> valid(reader).size() == 2, () -> reader.samples().toString());
        long one = handleOf(reader, 1);
        long two = handleOf(reader, 2);

        keeping.unregister(Map.of("id", 1, "text", ""));
        await("instance 1 without writers", () -> stateOf(reader, one) == InstanceState.NOT_ALIVE_NO_WRITERS,
                () -> reader.samples().toString());
        disposing.unregister(Map.of("id", 2, "text", ""));
        await("instance 2 disposed by the unregister", () -> stateOf(reader, two) == InstanceState.NOT_ALIVE_DISPOSED,
                () -> reader.samples().toString());

        ReceivedSample last = latest(reader, one);
        assertFalse(last.validData(), "an unregister arrives as a sample without data: " + last);
        assertEquals(InstanceState.NOT_ALIVE_NO_WRITERS, last.info().instanceState());
        assertEquals(InstanceState.NOT_ALIVE_DISPOSED, latest(reader, two).info().instanceState());
        assertEquals(2, valid(reader).size(), "no data sample was added: " + reader.samples());
    }

    private static List<ReceivedSample> valid(ReaderSession r) {
        return r.samples().stream().filter(ReceivedSample::validData).toList();
    }

    @SuppressWarnings("unchecked")
    private static long handleOf(ReaderSession r, int id) {
        return valid(r).stream().filter(s -> ((Map<String, Object>) s.value()).get("id").equals(id)).findFirst()
                .orElseThrow().info().instanceHandle();
    }

    private static ReceivedSample latest(ReaderSession r, long handle) {
        return r.samples().stream().filter(s -> s.info().instanceHandle() == handle).reduce((a, b) -> b.seq() > a.seq()
                ? b : a).orElseThrow();
    }

    private static InstanceState stateOf(ReaderSession r, long handle) {
        return latest(r, handle).info().instanceState();
    }
}
