package org.ddstuner.samples.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Predicate;

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
import org.ddstuner.system.ui.tree.Node;
import org.ddstuner.testsupport.NetNs;
import org.ddstuner.testsupport.PeerProcess;
import org.ddstuner.testsupport.Peers;
import org.eclipse.jface.viewers.TreeSelection;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Menu;
import org.eclipse.swt.widgets.MenuItem;
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
        var ref = Ui.page().findViewReference(ReaderView.ID, new TopicTarget(connection, "rt/key_value", null)
                .secondaryId());
        if (ref != null) {
            Ui.page().hideView(ref);
        }
        for (int i = toClose.size() - 1; i >= 0; i--) {
            toClose.get(i).close();
        }
    }

    @Test
    void theTypeViewAndTheReaderViewUseTheNodesTypeDescription() throws Exception {
        TypeView view = (TypeView) Ui.page().showView(SamplesIds.TYPE_VIEW);
        select(topicRow("rt/gid"));
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

    private static ReaderView readSamples(String topic) {
        select(topicRow(topic));
        Menu menu = topics.tree().viewer().getControl().getMenu();
        menu.notifyListeners(SWT.Show, new Event());
        MenuItem read = List.of(menu.getItems()).stream().filter(i -> i.getText().replace("&", "")
                .startsWith("Read Samples")).findFirst().orElseThrow();
        AtomicReference<String> dialogText = new AtomicReference<>();
        Ui.whenShellOpens("Read Samples — " + topic, shell -> {
            dialogText.set(Ui.texts(shell));
            Ui.press(shell, "Open Reader");
        });
        read.notifyListeners(SWT.Selection, new Event());
        menu.notifyListeners(SWT.Hide, new Event());
        assertNotNull(dialogText.get(), "the Read Samples dialog opened");
        assertTrue(dialogText.get().contains("ROS 2 type description service"), dialogText.get());
        var ref = Ui.page().findViewReference(ReaderView.ID, new TopicTarget(connection, topic, null).secondaryId());
        assertNotNull(ref, "the Reader view of " + topic);
        ReaderView v = (ReaderView) ref.getView(true);
        Ui.page().activate(v);
        return v;
    }

    private static Node topicRow(String topic) {
        Predicate<Node> row = n -> n.kind() == Node.Kind.TOPIC && n.connection() == connection
                && n.text().startsWith(topic + " : ");
        Ui.waitUntil("row of topic " + topic, () -> TypeViewTest.find(topics.tree().roots(), row) != null,
                () -> topics.tree().roots().toString());
        return TypeViewTest.find(topics.tree().roots(), row);
    }

    private static void select(Node n) {
        Ui.page().activate(topics);
        topics.tree().viewer().setSelection(new TreeSelection(TypeViewTest.path(n)), true);
        Ui.spin(100);
    }
}
