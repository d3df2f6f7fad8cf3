package org.ddstuner.record;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.ddstuner.dds.Qos;
import org.ddstuner.json.StrictJson;
import org.ddstuner.remote.internal.QosJson;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;

/**
 * The metadata DDS Tuner puts on each MCAP channel. A channel is one (topic, writer, sample kind): the MCAP
 * Message record has no room for a writer GUID, so the writer is the channel's ({@value #WRITER_GUID}), and
 * per message {@code log_time} is the reception time and {@code publish_time} the source timestamp (both ns
 * since the epoch; publish_time 0 when the writer set none). The writer's QoS as discovered (or, when the
 * writer was not discovered, the recording reader's) is {@value #QOS}, lossless JSON (policy → fields), with
 * its partitions in {@value #PARTITIONS}.
 */
public final class ChannelMeta {

    public static final String WRITER_GUID = "ddstuner.writer_guid";
    public static final String TYPE_NAME = "ddstuner.type_name";
    /** {@code data} for samples with data, {@code dispose}/{@code unregister} for key-only ones. */
    public static final String SAMPLE_KIND = "ddstuner.sample_kind";
    public static final String QOS = "ddstuner.qos";
    public static final String QOS_SOURCE = "ddstuner.qos_source";
    public static final String PARTITIONS = "ddstuner.partitions";
    /** The name of the Metadata record describing the recording (domain, start, tool). */
    public static final String RECORDING = "ddstuner.recording";

    public static final String KIND_DATA = "data";
    public static final String KIND_DISPOSE = "dispose";
    public static final String KIND_UNREGISTER = "unregister";

    private ChannelMeta() {
    }

    static Map<String, String> of(String writerGuid, String typeName, String kind, Qos qos, String qosSource,
            List<String> partitions) {
        Map<String, String> m = new LinkedHashMap<>();
        m.put(WRITER_GUID, writerGuid == null ? "" : writerGuid);
        m.put(TYPE_NAME, typeName);
        m.put(SAMPLE_KIND, kind);
        m.put(QOS, StrictJson.write((Object) QosJson.encode(qos.with((Qos.Partition) null))));
        m.put(QOS_SOURCE, qosSource);
        ArrayNode a = JsonNodeFactory.instance.arrayNode();
        partitions.forEach(a::add);
        m.put(PARTITIONS, a.toString());
        return m;
    }

    /** The QoS recorded on a channel; {@link Qos#EMPTY} when absent. */
    public static Qos qos(Map<String, String> meta) {
        String q = meta.get(QOS);
        return q == null || q.isBlank() ? Qos.EMPTY : QosJson.decode(StrictJson.parse(q));
    }

    /** The partitions recorded on a channel; the default partition when absent. */
    public static List<String> partitions(Map<String, String> meta) {
        String p = meta.get(PARTITIONS);
        List<String> out = new ArrayList<>();
        if (p != null && !p.isBlank()) {
            for (JsonNode n : StrictJson.parse(p)) {
                out.add(n.asText());
            }
        }
        return out.isEmpty() ? List.of("") : out;
    }
}
