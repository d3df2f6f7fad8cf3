package org.ddstuner.samples.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.ddstuner.connection.Connection;
import org.ddstuner.samples.ImportedTypes;
import org.ddstuner.samples.InjectionGuard;
import org.ddstuner.samples.QosDeriver;
import org.ddstuner.samples.ReaderSession;
import org.ddstuner.samples.ResolvedType;
import org.ddstuner.samples.TypeResolver;
import org.ddstuner.samples.TypeSource;
import org.ddstuner.samples.WriterSession;
import org.ddstuner.samples.ui.SamplesIds;
import org.ddstuner.samples.ui.common.IdlImport;
import org.ddstuner.samples.ui.common.ImportedIdlFiles;
import org.ddstuner.samples.ui.common.SharedType;
import org.ddstuner.samples.ui.common.TopicTarget;
import org.ddstuner.samples.ui.common.TypeResolution;
import org.ddstuner.samples.ui.reader.ReaderPanel;
import org.ddstuner.samples.ui.reader.ReaderView;
import org.ddstuner.samples.ui.type.TypeView;
import org.ddstuner.system.EntityKind;
import org.ddstuner.system.ui.live.EntityRef;
import org.ddstuner.system.ui.live.LiveConnection;
import org.ddstuner.testsupport.NetNs;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * Domain 7. An IDL file imported in the workbench is remembered and imported again at the next start (missing or
 * broken files are reported once and forgotten); samples of its type written by a real writer of ours show their
 * {@code sequence<octet>} and octet array as hex in the Reader view's table and details, while CSV and JSON export
 * keep every value as numbers.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ImportedIdlAndOctetsViewTest {

    private static final int DOMAIN = 7;
    private static final String TOPIC = "Blobs";
    private static final String TYPE = "tuner::Blob";

    private static final List<AutoCloseable> toClose = new ArrayList<>();
    private static List<String> loggedErrors;
    private static Connection connection;
    private static LiveConnection live;
    private static Path dir;
    private static Path idl;

    @BeforeAll
    static void connect() throws Exception {
        loggedErrors = Ui.collectLoggedErrors();
        NetNs.requireIsolated();
        live = Ui.connectLoopback("Blobs", DOMAIN, toClose);
        connection = live.connection();
        dir = Files.createTempDirectory("idl-remembered");
        idl = dir.resolve("blob.idl");
        Files.writeString(idl, """
                module tuner {
                  struct Blob {
                    @key long id;
                    sequence<octet> data;
                    octet tag[4];
                    sequence<uint8> counts;
                  };
                };
                """);
    }

    @AfterAll
    static void closeAll() throws Exception {
        Ui.hideReaderView(new TopicTarget(live, TOPIC, TYPE));
        Ui.closeAll(toClose);
        ImportedIdlFiles.clear();
    }

    @Test
    @Order(10)
    void anImportedFileIsRememberedAndRestoredMissingOrBrokenOnesAreReportedOnceAndForgotten() throws Exception {
        IdlImport.Result r = IdlImport.importFiles(List.of(idl));
        assertTrue(r.ok(), r.text());
        assertTrue(ImportedIdlFiles.remembered().contains(idl.toAbsolutePath().normalize()),
                ImportedIdlFiles.remembered().toString());

        Path broken = dir.resolve("broken.idl");
        Files.writeString(broken, "module m { struct S { long a; }; };\n");
        assertTrue(IdlImport.importFiles(List.of(broken)).ok());
        Path gone = dir.resolve("gone.idl");
        Files.writeString(gone, "module g { struct G { long a; }; };\n");
        assertTrue(IdlImport.importFiles(List.of(gone)).ok());
        // between two starts: one file is edited into IDL that no longer parses, another is deleted
        Files.writeString(broken, "module m {\n  struct S { long a };\n};\n");
        Files.delete(gone);

        ImportedTypes atNextStart = new ImportedTypes();
        List<String> problems = ImportedIdlFiles.restore(atNextStart);
        assertTrue(atNextStart.find(TYPE).isPresent(), "blob.idl imported again: " + atNextStart.names());
        assertTrue(atNextStart.find("g::G").isEmpty() && atNextStart.find("m::S").isEmpty(), atNextStart.names()
                .toString());
        assertEquals(2, problems.size(), problems.toString());
        assertTrue(problems.get(0).startsWith("The imported IDL file " + broken + " no longer parses (" + broken
                + ":2:"), problems.get(0));
        assertTrue(problems.get(1).startsWith("The imported IDL file " + gone + " is missing: it is no longer "
                + "imported at start."), problems.get(1));
        assertEquals(List.of(idl.toAbsolutePath().normalize()), ImportedIdlFiles.remembered(), "the others forgotten");
        assertEquals(List.of(), ImportedIdlFiles.restore(new ImportedTypes()), "reported once");
        // the problems of the last restore stay in the Type view's description line for this session
        ImportedIdlFiles.restore(new ImportedTypes());
        Files.writeString(dir.resolve("missing-again.idl"), "module x { struct X { long a; }; };\n");
        IdlImport.importFiles(List.of(dir.resolve("missing-again.idl")));
        Files.delete(dir.resolve("missing-again.idl"));
        ImportedIdlFiles.restore(new ImportedTypes());
        TypeView types = (TypeView) Ui.page().showView(SamplesIds.TYPE_VIEW);
        types.show(new EntityRef(live, EntityKind.TOPIC, TOPIC));
        Ui.spin(200);
        assertTrue(types.getContentDescription().contains("missing-again.idl is missing"),
                types.getContentDescription());
        Ui.screenshot("90-type-view-restore-problem");
        assertEquals(List.of(), loggedErrors);
    }

    @Test
    @Order(20)
    void octetSequencesAndArraysShowAsHexExportKeepsTheNumbers() throws Exception {
        ResolvedType type = new TypeResolver(connection, TypeResolution.importedTypes()).resolve(TOPIC,
                TypeResolver.Options.DEFAULT.withTypeName(TYPE).withSources(TypeSource.IMPORTED));
        InjectionGuard.of(connection).confirm();
        WriterSession w = WriterSession.open(connection, type, QosDeriver.forWriter(connection.model().snapshot(true),
                TOPIC, type));
        toClose.add(w);
        ReaderView view = (ReaderView) Ui.page().showView(ReaderView.ID, new TopicTarget(live, TOPIC, TYPE)
                .secondaryId(), org.eclipse.ui.IWorkbenchPage.VIEW_ACTIVATE);
        SharedType shared = SharedType.of(type);
        assertTrue(view.start(new TopicTarget(live, TOPIC, TYPE), shared, ReaderSession.Config.of(
                QosDeriver.forReader(connection.model().snapshot(true), TOPIC))), view.status());
        shared.release();

        List<Integer> data = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            data.add(i == 0 ? 1 : i == 1 ? 2 : i == 2 ? 255 : i);
        }
        Map<String, Object> value = new LinkedHashMap<>();
        value.put("id", 1);
        value.put("data", data);
        value.put("tag", List.of(0xde, 0xad, 0xbe, 0xef));
        value.put("counts", List.of(1, 2, 255));
        Ui.waitUntil("our reader matched our writer", () -> w.matchedReaders() >= 1, () -> "");
        w.write(value);
        value.put("id", 2);
        value.put("data", List.of(0, 16, 171));
        w.write(value);
        ReaderPanel p = view.panel();
        Ui.waitUntil("two samples", () -> view.rowCount() >= 2, p::countersText);

        assertEquals("0x00 10 ab", p.cell(0, "data"));
        assertEquals("0xde ad be ef", p.cell(0, "tag"));
        assertEquals("[1, 2, 255]", p.cell(0, "counts"), "uint8 is a number type: decimal");
        String long1 = p.cell(1, "data");
        assertTrue(long1.startsWith("0x01 02 ff 03 04") && long1.endsWith(" \u2026 (100 bytes)"), long1);
        assertEquals(2 + 64 * 3 - 1 + " \u2026 (100 bytes)".length(), long1.length(), "64 bytes shown: " + long1);

        view.selectRow(1);
        List<String> details = p.detailLines();
        assertTrue(details.contains("  tag = 0xde ad be ef"), String.join("\n", details));
        assertTrue(details.stream().anyMatch(l -> l.startsWith("  data = 0x01 02 ff 03")), String.join("\n", details));
        assertTrue(details.contains("    0060 = 60 61 62 63"), "the rest in rows of 16: " + String.join("\n", details));
        assertTrue(details.contains("  counts = 3 elements"), String.join("\n", details));

        Path csv = dir.resolve("blobs.csv");
        Path json = dir.resolve("blobs.json");
        assertEquals(2, view.exportCsv(csv, false));
        assertEquals(2, view.exportJson(json, false));
        String csvText = Files.readString(csv);
        assertTrue(csvText.contains("\"[1, 2, 255, 3, 4, 5,") && csvText.contains("97, 98, 99]\""), csvText);
        assertTrue(csvText.contains(",222,173,190,239,"), "the array's columns tag[0]…tag[3]: " + csvText);
        String jsonText = Files.readString(json).replaceAll("\\s", "");
        assertTrue(jsonText.contains("\"data\":[1,2,255,3,4,") && jsonText.contains("\"tag\":[222,173,190,239]"),
                jsonText);
        Ui.page().activate(view);
        Ui.spin(300);
        Ui.screenshot("91-reader-octets-as-hex");
        assertFalse(view.statusIsError(), view.status());
        assertEquals(List.of(), loggedErrors);
    }
}
