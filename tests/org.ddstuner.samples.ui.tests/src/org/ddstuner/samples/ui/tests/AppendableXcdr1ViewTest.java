package org.ddstuner.samples.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.ddstuner.connection.Connection;
import org.ddstuner.dds.DdsLibrary;
import org.ddstuner.samples.ImportedTypes;
import org.ddstuner.samples.QosDeriver;
import org.ddstuner.samples.ReaderSession;
import org.ddstuner.samples.ResolvedType;
import org.ddstuner.samples.TypeResolver;
import org.ddstuner.samples.TypeSource;
import org.ddstuner.samples.ui.common.SharedType;
import org.ddstuner.samples.ui.common.TopicTarget;
import org.ddstuner.samples.ui.reader.ReaderView;
import org.ddstuner.system.ui.live.LiveConnection;
import org.ddstuner.testsupport.NetNs;
import org.ddstuner.testsupport.PeerProcess;
import org.ddstuner.testsupport.Peers;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Domain 226. Issue 12.1 in the Reader view: the @appendable topic of tests/peers/xtypes_peer.py, whose writer
 * offers XCDR1 (as RTI Connext and Fast DDS do), read with its imported IDL shows samples and says it uses the
 * XCDR1 view; its @mutable topic, also XCDR1, which libddsc 0.10.2 cannot read, says exactly that in the status.
 */
class AppendableXcdr1ViewTest {

    private static final int DOMAIN = 226;
    private static final String IDL = """
            module xt {
              @appendable struct App  { @key long long id; double value; string label; };
              @appendable struct Point { double x; double y; };
              @mutable    struct Mut  { @key long long id; double value; string label; @optional long count; Point pos; };
            };
            """;

    private static final List<AutoCloseable> toClose = new ArrayList<>();
    private static LiveConnection live;
    private static Connection connection;

    @BeforeAll
    static void start() {
        NetNs.requireIsolated();
        Peers.requireAvailable();
        PeerProcess peer = Peers.start("xtypes_peer", DOMAIN, "--repr", "1", "--kinds", "App,Mut", "--period-ms", "100");
        toClose.add(peer);
        live = Ui.connectLoopback("Xcdr1", DOMAIN, toClose);
        connection = live.connection();
        Ui.waitUntil("the peer's writers", () -> connection.model().snapshot(false).endpoints().stream()
                .filter(e -> !e.isReader() && e.topicName().startsWith("Xt")).count() == 2, () -> "");
    }

    @AfterAll
    static void closeAll() throws Exception {
        Ui.hideReaderView(new TopicTarget(live, "XtApp", "xt::App"));
        Ui.hideReaderView(new TopicTarget(live, "XtMut", "xt::Mut"));
        Ui.closeAll(toClose);
    }

    @Test
    void appendableXcdr1ShowsSamplesMutableXcdr1SaysWhyNot() throws Exception {
        ImportedTypes imported = new ImportedTypes();
        imported.importText("xt.idl", IDL);
        TypeResolver resolver = new TypeResolver(connection, imported);

        ReaderView app = open("XtApp", "xt::App", resolver, true);
        Ui.waitUntil("XCDR1 samples in the table", () -> app.rowCount() >= 2, app::status);
        assertTrue(app.status().startsWith("XCDR1: xt::App is read with its XCDR1 view"), app.status());
        assertFalse(app.statusIsError(), app.status());
        Ui.screenshot("95-reader-appendable-xcdr1");

        ReaderView mut = open("XtMut", "xt::Mut", resolver, false);
        assertEquals("The reader could not be created: libddsc " + DdsLibrary.get().version() + " cannot read xt::Mut "
                + "in XCDR1 (xt::Mut is @mutable): it takes XCDR1 only for @final and @appendable types without "
                + "@optional members (@mutable XCDR1, PL_CDR, only for its discovery data). Its writers offer XCDR1 "
                + "only; writers offering XCDR2 can be read.", mut.status());
    }

    private static ReaderView open(String topic, String typeName, TypeResolver resolver, boolean opens)
            throws Exception {
        ResolvedType type = resolver.resolve(topic, TypeResolver.Options.DEFAULT.withSources(TypeSource.IMPORTED));
        TopicTarget target = new TopicTarget(live, topic, typeName);
        ReaderView view = (ReaderView) Ui.page().showView(ReaderView.ID, target.secondaryId(),
                org.eclipse.ui.IWorkbenchPage.VIEW_ACTIVATE);
        SharedType shared = SharedType.of(type);
        assertEquals(opens, view.start(target, shared, ReaderSession.Config.of(QosDeriver.forReader(
                connection.model().snapshot(true), topic))), view.status());
        shared.release();
        return view;
    }
}
