package org.ddstuner.plot.tests;

import java.time.Duration;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

import org.ddstuner.connection.Connection;
import org.ddstuner.samples.DerivedQos;
import org.ddstuner.samples.ImportedTypes;
import org.ddstuner.samples.QosDeriver;
import org.ddstuner.samples.ReaderSession;
import org.ddstuner.samples.ResolvedType;
import org.ddstuner.samples.TypeResolver;
import org.ddstuner.samples.TypeSource;
import org.ddstuner.testsupport.live.LiveConnectionTest;

/** Real participants in the private network namespace (one loopback connection per test) plus waiting. */
abstract class LivePlot extends LiveConnectionTest {

    static final Duration TIMEOUT = Duration.ofSeconds(30);

    static void await(String what, BooleanSupplier condition, Supplier<String> state) {
        long end = System.nanoTime() + TIMEOUT.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > end) {
                throw new AssertionError("timed out after " + TIMEOUT.toSeconds() + " s waiting for " + what + "; "
                        + state.get());
            }
            sleep(20);
        }
    }

    static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /** The type of {@code topic} from IDL text, as the Reader view resolves an imported type. */
    ResolvedType imported(Connection c, String topic, String typeName, String idl) throws Exception {
        ImportedTypes imported = new ImportedTypes();
        imported.importText(topic + ".idl", idl);
        return closeAfterTest(new TypeResolver(c, imported).resolve(topic,
                TypeResolver.Options.DEFAULT.withSources(TypeSource.IMPORTED).withTypeName(typeName)));
    }

    /** A reliable keep-all reader session holding {@code capacity} samples. */
    ReaderSession reader(Connection c, ResolvedType type, String topic, int capacity) {
        DerivedQos d = QosDeriver.forReader(c.model().snapshot(true), topic);
        d = d.withQos(d.qos().withReliable().withKeepAll());
        return closeAfterTest(ReaderSession.open(c, type, ReaderSession.Config.of(d).withCapacity(capacity)));
    }
}
