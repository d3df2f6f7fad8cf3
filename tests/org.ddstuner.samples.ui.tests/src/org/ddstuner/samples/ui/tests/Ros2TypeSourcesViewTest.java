package org.ddstuner.samples.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

import org.ddstuner.samples.ui.SamplesIds;
import org.ddstuner.samples.ui.common.IdlImport;
import org.ddstuner.samples.ui.common.ImportedIdlFiles;
import org.ddstuner.samples.ui.common.TopicTarget;
import org.ddstuner.samples.ui.reader.ReaderPanel;
import org.ddstuner.samples.ui.reader.ReaderSetupDialog;
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
import org.eclipse.swt.widgets.Shell;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * A ROS 2 node on Fast DDS (tests/peers/ros2_talker.py --color --unbundled --no-type-description) on domain 140, whose types Fast DDS
 * does not hand out to libddsc: the Type view shows /chatter's and /color's types from the bundled ROS 2 messages
 * at once instead of waiting out a TypeLookup timeout, and says why /gid has none; /key_value
 * (type_description_interfaces/KeyValue, bundled nowhere) opens in a Reader view as bytes; "Import IDL…" with a
 * broken file names file:line:column and imports nothing, with a good file the Reader view switches to decoded
 * values by itself (the file is remembered for the next start); /gid (rmw_dds_common/Gid, not bundled) gets its
 * type from "Import IDL…" in the Read Samples dialog.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class Ros2TypeSourcesViewTest {

    private static final int DOMAIN = 140;

    private static final List<AutoCloseable> toClose = new ArrayList<>();
    private static List<String> loggedErrors;
    private static LiveConnection connection;
    private static TopicsView topics;

    @BeforeAll
    static void startNodeAndConnect() {
        loggedErrors = Ui.collectLoggedErrors();
        NetNs.requireIsolated();
        Peers.requireAvailable();
        // without its type description service, which would describe /key_value and /gid (Ros2TypeServiceTest)
        PeerProcess talker = Peers.startRos2Talker(DOMAIN, "--color", "--unbundled", "--no-type-description",
                "--period-ms", "100");
        toClose.add(talker);
        connection = Ui.connectLoopback("ROS 2 node", DOMAIN, toClose);
        topics = Ui.view(ViewIds.TOPICS, TopicsView.class);
    }

    @AfterAll
    static void closeAll() throws Exception {
        for (String topic : List.of("rt/key_value", "rt/gid")) {
            Ui.hideReaderView(new TopicTarget(connection, topic, null));
        }
        ImportedIdlFiles.clear();
        Ui.closeAll(toClose);
    }

    @Test
    @Order(10)
    void theTypeViewShowsAFastDdsTopicsTypeFromTheRosMessageAtOnce() throws Exception {
        TypeView view = (TypeView) Ui.page().showView(SamplesIds.TYPE_VIEW);
        long t0 = System.nanoTime();
        TopicsTree.select(topics, TopicsTree.row(topics, connection, "rt/chatter"));
        TypeComposite t = view.types();
        Ui.waitUntil("the IDL of std_msgs String_", () -> t.leftText().getText().contains("string data;"),
                () -> t.headerText() + "\n" + t.notes().getText());
        long millis = (System.nanoTime() - t0) / 1_000_000;
        assertTrue(millis < 4_000, "no TypeLookup timeout (5 s) waited out: " + millis + " ms");
        assertTrue(t.leftText().getText().startsWith("// from ROS 2 message definition: bundled ROS 2 message "
                + "std_msgs/msg/String (ROS 2 Kilted Kaiju)"), t.leftText().getText());
        assertTrue(t.notes().getText().contains("\u2716 over the wire (XTypes TypeLookup): Fast DDS (and ROS 2 over "
                + "rmw_fastrtps) answers only TypeLookup requests addressed to it"), t.notes().getText());
        assertTrue(t.headerText().startsWith("rt/chatter — one type, std_msgs::msg::dds_::String_"), t.headerText());
        Ui.page().activate(view);
        Ui.spin(200);
        Ui.screenshot("80-type-view-ros2-topic");

        TopicsTree.select(topics, TopicsTree.row(topics, connection, "rt/color"));
        Ui.waitUntil("the IDL of std_msgs ColorRGBA_", () -> t.leftText().getText().contains("float a;"),
                () -> t.headerText() + "\n" + t.notes().getText());
        assertTrue(t.leftText().getText().startsWith("// from ROS 2 message definition: bundled ROS 2 message "
                + "std_msgs/msg/ColorRGBA (ROS 2 Kilted Kaiju)"), t.leftText().getText());
        Ui.spin(200);
        Ui.screenshot("80b-type-view-bundled-color");

        TopicsTree.select(topics, TopicsTree.row(topics, connection, "rt/gid"));
        Ui.waitUntil("why /gid has no type", () -> t.notes().getText().contains("is not asked for"),
                () -> t.headerText() + "\n" + t.notes().getText());
        assertTrue(t.notes().getText().contains("\u2716 ROS 2 message definition: unknown message type "
                + "'rmw_dds_common/Gid'"), t.notes().getText());
        assertEquals(List.of(), loggedErrors);
    }

    @Test
    @Order(20)
    void importingIdlNamesTheErrorPositionOrDecodesTheRawReader() throws Exception {
        // /key_value has no type anywhere: the Reader view shows bytes (CDR LE, length 6, "count\0")
        ReaderView reader = readSamples("rt/key_value");
        ReaderPanel p = reader.panel();
        assertTrue(reader.session().type().isRaw(), "no source knows type_description_interfaces/KeyValue");
        Ui.waitUntil("bytes of /key_value", () -> reader.rowCount() >= 2, p::countersText);
        assertTrue(p.cell(0, "Data (hex)").startsWith("00 01 00 00 06 00 00 00 63 6f 75 6e 74 00"),
                p.cell(0, "Data (hex)"));

        Path dir = Files.createTempDirectory("idl-import");
        Path bad = dir.resolve("kv-bad.idl");
        Files.writeString(bad, """
                module type_description_interfaces { module msg { module dds_ {
                  struct KeyValue_ {
                    string key
                    string value;
                  };
                }; }; };
                """);
        TypeView typeView = (TypeView) Ui.page().showView(SamplesIds.TYPE_VIEW);
        AtomicReference<String> dialog = new AtomicReference<>();
        Ui.whenShellOpens("IDL import", shell -> {
            dialog.set(Ui.texts(shell));
            Ui.screenshot("81-idl-import-error");
            Ui.press(shell, "OK");
        });
        IdlImport.Result r = typeView.importIdl(List.of(bad));
        assertFalse(r.ok());
        assertTrue(r.imported().isEmpty(), "nothing imported from a file that does not parse");
        // the ';' missing after "string key" (line 3, column 15)
        assertTrue(r.errors().get(0).contains("kv-bad.idl:3:15: expected ';' after member declaration"),
                r.errors().toString());
        assertNotNull(dialog.get(), "the error was shown in a dialog");
        assertTrue(dialog.get().contains("Not imported, kv-bad.idl does not parse:"), dialog.get());
        assertTrue(dialog.get().contains("kv-bad.idl:3:15: expected ';' after member declaration"), dialog.get());
        Ui.spin(500);
        assertTrue(reader.session().type().isRaw(), "still bytes");

        Path good = dir.resolve("kv.idl");
        Files.writeString(good, """
                module type_description_interfaces { module msg { module dds_ {
                  struct KeyValue_ { string key; string value; };
                }; }; };
                """);
        dialog.set(null);
        Ui.whenShellOpens("IDL import", shell -> {
            dialog.set(Ui.texts(shell));
            Ui.press(shell, "OK");
        });
        r = typeView.importIdl(List.of(good));
        assertTrue(r.ok(), r.text());
        assertTrue(dialog.get().contains("Imported kv.idl: type_description_interfaces::msg::dds_::KeyValue_"),
                dialog.get());

        Ui.waitUntil("the Reader view decodes /key_value", () -> reader.session() != null
                && !reader.session().type().isRaw() && reader.rowCount() >= 2, reader::status);
        assertTrue(reader.status().startsWith("Found the type type_description_interfaces::msg::dds_::KeyValue_ "
                + "(imported IDL)"), reader.status());
        assertFalse(reader.statusIsError(), "news, not a problem: not red");
        assertTrue(ImportedIdlFiles.remembered().contains(good.toAbsolutePath().normalize())
                && !ImportedIdlFiles.remembered().contains(bad.toAbsolutePath().normalize()),
                "the file that parsed is imported again at the next start: " + ImportedIdlFiles.remembered());
        assertTrue(reader.getContentDescription().startsWith("type_description_interfaces::msg::dds_::KeyValue_ · "
                + "source: imported IDL"), reader.getContentDescription());
        ReaderPanel decoded = reader.panel();
        assertEquals("count", decoded.cell(0, "key"));
        assertTrue(decoded.cell(0, "value").matches("\\d+"), decoded.cell(0, "value"));
        Ui.page().activate(reader);
        Ui.spin(300);
        Ui.screenshot("82-reader-decoded-after-idl-import");
        assertEquals(List.of(), loggedErrors);
    }

    @Test
    @Order(30)
    void theReadSamplesDialogImportsIdlForATopicWithoutAType() throws Exception {
        Path gid = Files.createTempDirectory("idl-dialog").resolve("gid.idl");
        Files.writeString(gid, """
                module rmw_dds_common { module msg { module dds_ {
                  struct Gid_ { octet data[16]; };
                }; }; };
                """);
        AtomicReference<String> before = new AtomicReference<>();
        AtomicReference<String> after = new AtomicReference<>();
        AtomicReference<Boolean> decodable = new AtomicReference<>();
        ReaderView reader = readSamples("rt/gid", shell -> {
            before.set(Ui.texts(shell) + buttons(shell));
            Ui.screenshot("83-read-samples-unknown-type");
            ReaderSetupDialog d = (ReaderSetupDialog) shell.getData();
            decodable.set(d.importIdl(List.of(gid)));
            after.set(Ui.texts(shell));
            Ui.screenshot("84-read-samples-after-idl-import");
        });
        assertTrue(before.get().contains("No source knows this type: samples will show as bytes. Import IDL declaring "
                + "rmw_dds_common::msg::dds_::Gid_ to decode them."), before.get());
        assertTrue(before.get().contains("Import IDL…"), before.get());
        assertEquals(Boolean.TRUE, decodable.get());
        assertTrue(after.get().contains("Type rmw_dds_common::msg::dds_::Gid_ — source: imported IDL"), after.get());
        assertFalse(after.get().contains("No source knows this type"), after.get());
        assertFalse(reader.session().type().isRaw(), "the reader opened with the imported type");
        assertTrue(ImportedIdlFiles.remembered().contains(gid.toAbsolutePath().normalize()),
                ImportedIdlFiles.remembered().toString());
        ReaderPanel p = reader.panel();
        Ui.waitUntil("/gid decoded", () -> reader.rowCount() >= 1 && !p.cell(0, "data").isEmpty(), p::countersText);
        // data = [count % 100, 1, 2, ..., 15], an octet array as one hex column
        assertTrue(p.cell(0, "data").matches("0x[0-9a-f]{2} 01 02 03 04 05 06 07 08 09 0a 0b 0c 0d 0e 0f"),
                p.cell(0, "data"));
        Ui.page().activate(reader);
        Ui.spin(300);
        Ui.screenshot("85-reader-gid-imported-in-dialog");
        assertEquals(List.of(), loggedErrors);
    }

    private static ReaderView readSamples(String topic) {
        return readSamples(topic, shell -> { });
    }

    private static ReaderView readSamples(String topic, Consumer<Shell> inDialog) {
        return TopicsTree.readSamples(topics, connection, topic, inDialog).view();
    }

    /** The labels of the buttons in {@code c}, one a line. */
    private static String buttons(org.eclipse.swt.widgets.Composite c) {
        StringBuilder sb = new StringBuilder();
        for (org.eclipse.swt.widgets.Control k : c.getChildren()) {
            if (k instanceof org.eclipse.swt.widgets.Button b) {
                sb.append(b.getText()).append('\n');
            } else if (k instanceof org.eclipse.swt.widgets.Composite sub) {
                sb.append(buttons(sub));
            }
        }
        return sb.toString();
    }
}
