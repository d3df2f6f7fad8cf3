package org.ddstuner.samples.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.ddstuner.samples.TypeSource;
import org.ddstuner.samples.ui.SamplesIds;
import org.ddstuner.samples.ui.common.ImportedIdlFiles;
import org.ddstuner.samples.ui.common.TopicTarget;
import org.ddstuner.samples.ui.common.TypeResolution;
import org.ddstuner.samples.ui.reader.ReaderPanel;
import org.ddstuner.samples.ui.reader.ReaderView;
import org.ddstuner.samples.ui.type.TypeComposite;
import org.ddstuner.samples.ui.type.TypeView;
import org.ddstuner.system.ui.TopicsView;
import org.ddstuner.system.ui.ViewIds;
import org.ddstuner.system.ui.live.LiveConnection;
import org.ddstuner.testsupport.NetNs;
import org.ddstuner.testsupport.PeerProcess;
import org.ddstuner.testsupport.Peers;
import org.ddstuner.testsupport.ui.TopicsTree;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A ROS 2 node (tests/peers/ros2_talker.py --unbundled) describes its types through its ~/get_type_description
 * service: the Type view shows /gid's rmw_dds_common/Gid (bundled nowhere) as the node describes it, and the Reader
 * view decodes /key_value with the type from there. Domain 28.
 */
class Ros2TypeServiceViewTest {

    private static final int DOMAIN = 28;
    private static final List<AutoCloseable> toClose = new ArrayList<>();
    private static List<String> loggedErrors;
    private static LiveConnection connection;
    private static TopicsView topics;

    @BeforeAll
    static void startNodeAndConnect() {
        loggedErrors = Ui.collectLoggedErrors();
        // IDL imported by an earlier test (e.g. Ros2TypeSourcesViewTest's Gid_ and KeyValue_) would come first
        TypeResolution.importedTypes().clear();
        ImportedIdlFiles.clear();
        NetNs.requireIsolated();
        Peers.requireAvailable();
        PeerProcess talker = Peers.startRos2Talker(DOMAIN, "--unbundled", "--period-ms", "100");
        toClose.add(talker);
        connection = Ui.connectLoopback("ROS 2 node", DOMAIN, toClose);
        topics = Ui.view(ViewIds.TOPICS, TopicsView.class);
    }

    @AfterAll
    static void closeAll() throws Exception {
        Ui.hideReaderView(new TopicTarget(connection, "rt/key_value", null));
        Ui.closeAll(toClose);
    }

    @Test
    void theTypeViewAndTheReaderViewUseTheNodesTypeDescription() throws Exception {
        TypeView view = (TypeView) Ui.page().showView(SamplesIds.TYPE_VIEW);
        TopicsTree.select(topics, TopicsTree.row(topics, connection, "rt/gid"));
        TypeComposite t = view.types();
        Ui.waitUntil("the IDL of rmw_dds_common Gid_", () -> t.leftText().getText().contains("uint8 data[16];"),
                () -> t.headerText() + "\n" + t.notes().getText() + "\nIDL: " + t.leftText().getText());
        assertTrue(t.leftText().getText().startsWith("// from ROS 2 type description service: ROS 2 type description "
                + "service of node /tuner_talker (rmw_dds_common/msg/Gid, RIHS01_"), t.leftText().getText());
        assertTrue(t.notes().getText().contains("✖ over the wire"), t.notes().getText());
        Ui.page().activate(view);
        Ui.spin(200);
        Ui.screenshot("86-type-view-ros2-type-description");

        ReaderView reader = readSamples("rt/key_value");
        assertEquals(TypeSource.ROS_SERVICE, reader.session().type().source(), reader.status());
        ReaderPanel p = reader.panel();
        Ui.waitUntil("decoded /key_value", () -> reader.rowCount() >= 2, p::countersText);
        assertEquals("count", p.cell(0, "key"));
        assertTrue(p.cell(0, "value").matches("\\d+"), p.cell(0, "value"));
        Ui.spin(200);
        Ui.screenshot("87-reader-ros2-type-description");
        assertEquals(List.of(), loggedErrors);
    }

    /** Read Samples… on {@code topic}: the dialog names the type description service. */
    private static ReaderView readSamples(String topic) {
        TopicsTree.Opened o = TopicsTree.readSamples(topics, connection, topic, shell -> { });
        assertTrue(o.dialogText().contains("ROS 2 type description service"), o.dialogText());
        return o.view();
    }
}
