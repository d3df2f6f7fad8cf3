package org.ddstuner.system.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.ddstuner.dds.Qos;
import org.ddstuner.system.ui.details.QosText;
import org.junit.jupiter.api.Test;

/** QoS policies read the way the DDS specification talks about them, not as record dumps. */
class QosTextTest {

    @Test
    void commonPoliciesReadAsWords() {
        assertEquals("RELIABLE, max blocking 100 ms",
                QosText.format(new Qos.Reliability(Qos.ReliabilityKind.RELIABLE, Duration.ofMillis(100))));
        assertEquals("BEST_EFFORT", QosText.format(new Qos.Reliability(Qos.ReliabilityKind.BEST_EFFORT, Duration.ZERO)));
        assertEquals("KEEP_LAST 8", QosText.format(new Qos.History(Qos.HistoryKind.KEEP_LAST, 8)));
        assertEquals("KEEP_ALL", QosText.format(new Qos.History(Qos.HistoryKind.KEEP_ALL, -1)));
        assertEquals("infinite", QosText.format(new Qos.Deadline(Qos.INFINITE)));
        assertEquals("1.5 s", QosText.format(new Qos.Deadline(Duration.ofMillis(1500))));
        assertEquals("TRANSIENT_LOCAL", QosText.format(new Qos.Durability(Qos.DurabilityKind.TRANSIENT_LOCAL)));
        assertEquals("AUTOMATIC, lease infinite",
                QosText.format(new Qos.Liveliness(Qos.LivelinessKind.AUTOMATIC, Qos.INFINITE)));
        assertEquals("[sensors, (default)]", QosText.format(new Qos.Partition(List.of("sensors", ""))));
        assertEquals("XCDR1, XCDR2", QosText.format(new Qos.DataRepresentation(List.of((short) 0, (short) 2))));
    }

    @Test
    void limitsAndServiceSettingsSayWhatIsUnlimited() {
        assertEquals("no resource limits", QosText.format(new Qos.ResourceLimits(-1, -1, -1)));
        assertEquals("max 100 samples, unlimited instances, max 10 samples per instance",
                QosText.format(new Qos.ResourceLimits(100, -1, 10)));
        assertEquals("KEEP_LAST 1, cleanup delay 0 s, no resource limits", QosText.format(
                new Qos.DurabilityService(Duration.ZERO, Qos.HistoryKind.KEEP_LAST, 1, -1, -1, -1)));
    }

    @Test
    void bytesShowAsTextWhenTheyAreTextAndAsHexOtherwise() {
        assertEquals("\"rack 7\" (6 bytes)",
                QosText.format(new Qos.UserData("rack 7".getBytes(StandardCharsets.UTF_8))));
        assertEquals("3 bytes: 00ff10", QosText.format(new Qos.UserData(new byte[] { 0, (byte) 0xff, 0x10 })));
        assertEquals("empty", QosText.format(new Qos.GroupData(new byte[0])));
        assertEquals("__Hostname=vm", QosText.format(new Qos.Properties(Map.of("__Hostname", "vm"))));
    }
}
