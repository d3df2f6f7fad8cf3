package org.ddstuner.system.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.ddstuner.dds.Guid;
import org.ddstuner.dds.Qos;
import org.ddstuner.json.StrictJson;
import org.ddstuner.system.Endpoint;
import org.ddstuner.system.EndpointKind;
import org.ddstuner.system.QosCaveat;
import org.ddstuner.system.SnapshotJson;
import org.ddstuner.system.SystemModel;
import org.ddstuner.system.Vendor;
import org.junit.jupiter.api.Test;

/** Values Cyclone filled in for a vendor that never sent them are flagged, for people and in JSON. */
class QosCaveatTest {

    /** What Cyclone's built-in topic reports for a remote endpoint: every policy filled in. */
    private static final Qos FILLED = Qos.EMPTY.withReliable()
            .with(new Qos.History(Qos.HistoryKind.KEEP_LAST, 1))
            .with(new Qos.ResourceLimits(-1, -1, -1))
            .with(new Qos.TransportPriority(0))
            .with(new Qos.WriterDataLifecycle(true));

    private static Endpoint endpoint(int vendor, EndpointKind kind, Qos qos) {
        SystemModel m = new SystemModel();
        Guid p = Fixtures.participant(vendor, 1);
        Guid g = Fixtures.endpoint(p, 1, kind);
        m.apply(Fixtures.participantSeen(p, "p", Map.of()));
        m.apply(kind == EndpointKind.WRITER ? Fixtures.writer(g, p, "T", "M", qos) : Fixtures.reader(g, p, "T", "M", qos));
        return m.snapshot().endpoint(g).orElseThrow();
    }

    @Test
    void fastDdsHistoryIsCyclonesDefault() {
        Endpoint w = endpoint(Vendor.FAST_DDS, EndpointKind.WRITER, FILLED);
        List<QosCaveat> caveats = w.qosCaveats();
        assertEquals(List.of("history", "resource_limits", "transport_priority", "writer_data_lifecycle"),
                caveats.stream().map(QosCaveat::policy).toList());
        assertEquals("history depth is not announced by Fast DDS (eProsima); KEEP_LAST 1 is Cyclone's default, "
                + "not the application's setting", caveats.get(0).text());
        assertTrue(caveats.get(1).text().contains("max_samples unlimited"), caveats.get(1).text());
    }

    @Test
    void rtiReaderGetsReaderCaveatsOnly() {
        Endpoint r = endpoint(Vendor.RTI_CONNEXT, EndpointKind.READER, FILLED.with(new Qos.History(Qos.HistoryKind.KEEP_ALL, 0)));
        List<QosCaveat> caveats = r.qosCaveats();
        assertEquals(List.of("history", "resource_limits", "transport_priority"),
                caveats.stream().map(QosCaveat::policy).toList(), "no writer data lifecycle on a reader");
        assertTrue(caveats.get(0).text().startsWith("history depth is not announced by RTI Connext DDS; KEEP_ALL is"),
                caveats.get(0).text());
    }

    @Test
    void cycloneSendsEverythingAndAbsentPoliciesNeedNoCaveat() {
        assertTrue(endpoint(Vendor.CYCLONE, EndpointKind.WRITER, FILLED).qosCaveats().isEmpty());
        assertTrue(endpoint(Vendor.FAST_DDS, EndpointKind.WRITER, Qos.EMPTY.withReliable()).qosCaveats().isEmpty(),
                "nothing shown, nothing to qualify");
    }

    @Test
    @SuppressWarnings("unchecked")
    void caveatsAreInTheJsonExport() {
        SystemModel m = new SystemModel();
        Guid p = Fixtures.participant(Vendor.FAST_DDS, 1);
        m.apply(Fixtures.writer(Fixtures.endpoint(p, 1, EndpointKind.WRITER), p, "T", "M", FILLED));
        Map<String, Object> root = StrictJson.parseMap(SnapshotJson.toJson(m.snapshot()));
        Map<String, Object> e = ((List<Map<String, Object>>) root.get("endpoints")).get(0);
        List<Map<String, Object>> caveats = (List<Map<String, Object>>) e.get("qosCaveats");
        assertEquals(4, caveats.size(), caveats.toString());
        assertEquals("history", caveats.get(0).get("policy"));
        assertTrue(((String) caveats.get(0).get("text")).contains("KEEP_LAST 1 is Cyclone's default"));
    }
}
