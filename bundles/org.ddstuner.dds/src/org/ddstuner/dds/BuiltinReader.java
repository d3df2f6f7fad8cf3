package org.ddstuner.dds;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.ddstuner.dds.internal.DdsC;
import org.ddstuner.dds.internal.Layouts;
import org.ddstuner.dds.internal.NativeConstants;
import org.ddstuner.dds.internal.QosNative;
import org.ddstuner.dds.internal.TypeInfoSerializer;

/**
 * A reader of one of Cyclone's built-in discovery topics. Samples with {@code validData == false}
 * report a participant or endpoint that went away (disposed / no writers); their key is still filled in
 * (from the sample, or from the last valid sample of the same instance if Cyclone left it empty).
 */
public final class BuiltinReader<T> extends ReaderBase<T> {

    /** Which built-in topic a reader reads. */
    public enum Kind {
        PARTICIPANT(NativeConstants.DDS_BUILTIN_TOPIC_DCPSPARTICIPANT, "DCPSParticipant"),
        TOPIC(NativeConstants.DDS_BUILTIN_TOPIC_DCPSTOPIC, "DCPSTopic"),
        PUBLICATION(NativeConstants.DDS_BUILTIN_TOPIC_DCPSPUBLICATION, "DCPSPublication"),
        SUBSCRIPTION(NativeConstants.DDS_BUILTIN_TOPIC_DCPSSUBSCRIPTION, "DCPSSubscription");

        final int pseudoHandle;
        final String topicName;

        Kind(int pseudoHandle, String topicName) {
            this.pseudoHandle = pseudoHandle;
            this.topicName = topicName;
        }

        public String topicName() {
            return topicName;
        }
    }

    private interface Decoder<T> {
        T decode(MemorySegment sample, SampleInfo info, Map<Long, Guid> keys);
    }

    private final Kind kind;
    private final Decoder<T> decoder;
    /** instance handle → key, so an invalid sample without key bytes can still name its instance. */
    private final Map<Long, Guid> keys = new ConcurrentHashMap<>();

    private BuiltinReader(int handle, Participant p, Kind kind, Decoder<T> decoder) {
        super(handle, p, p);
        this.kind = kind;
        this.decoder = decoder;
    }

    /** DCPSParticipant: every participant in the domain, this one included. */
    public static BuiltinReader<ParticipantData> participants(Participant p) {
        return create(p, Kind.PARTICIPANT, null, BuiltinReader::participant);
    }

    /** DCPSPublication: every writer (local and remote). */
    public static BuiltinReader<EndpointData> publications(Participant p) {
        return create(p, Kind.PUBLICATION, null, BuiltinReader::endpoint);
    }

    /** DCPSSubscription: every reader (local and remote). */
    public static BuiltinReader<EndpointData> subscriptions(Participant p) {
        return create(p, Kind.SUBSCRIPTION, null, BuiltinReader::endpoint);
    }

    /**
     * DCPSTopic. Needs a libddsc built with topic discovery ({@link DdsLibrary.Features#topicDiscovery()});
     * remote topics are only seen from peers with topic discovery enabled
     * ({@link CycloneConfig#loopbackOnly(boolean)}).
     *
     * @throws UnsupportedException if this libddsc cannot do it
     */
    public static BuiltinReader<BuiltinTopicData> topics(Participant p) {
        return create(p, Kind.TOPIC, null, BuiltinReader::topic);
    }

    /** With an explicit reader QoS (default: Cyclone's for built-in topics, reliable + transient-local). */
    public static BuiltinReader<?> create(Participant p, Kind kind, Qos qos) {
        return switch (kind) {
            case PARTICIPANT -> create(p, kind, qos, BuiltinReader::participant);
            case TOPIC -> create(p, kind, qos, BuiltinReader::topic);
            case PUBLICATION, SUBSCRIPTION -> create(p, kind, qos, BuiltinReader::endpoint);
        };
    }

    private static <T> BuiltinReader<T> create(Participant p, Kind kind, Qos qos, Decoder<T> d) {
        MemorySegment q = nativeQos(qos);
        try {
            int h = created(DdsC.dds_create_reader(p.handle(), kind.pseudoHandle, q, MemorySegment.NULL),
                    "dds_create_reader(" + kind.topicName + ")");
            return new BuiltinReader<>(h, p, kind, d);
        } finally {
            if (qos != null) {
                DdsC.dds_delete_qos(q);
            }
        }
    }

    public Kind kind() {
        return kind;
    }

    @Override
    T decode(MemorySegment sample, SampleInfo info) {
        return decoder.decode(sample, info, keys);
    }

    private static Guid key(MemorySegment s, long offset, SampleInfo info, Map<Long, Guid> keys) {
        byte[] b = s.asSlice(offset, 16).toArray(JAVA_BYTE);
        boolean empty = true;
        for (byte x : b) {
            empty &= x == 0;
        }
        if (empty && !info.validData()) {
            Guid known = keys.get(info.instanceHandle());
            if (known != null) {
                return known;
            }
        }
        Guid g = new Guid(b);
        if (info.validData()) {
            keys.put(info.instanceHandle(), g);
        } else if (info.instanceState() != SampleInfo.InstanceState.ALIVE) {
            keys.remove(info.instanceHandle());
        }
        return g;
    }

    private static ParticipantData participant(MemorySegment p, SampleInfo info, Map<Long, Guid> keys) {
        MemorySegment s = p.reinterpret(Layouts.BUILTIN_PARTICIPANT.byteSize());
        Guid key = key(s, Layouts.offset(Layouts.BUILTIN_PARTICIPANT, "key"), info, keys);
        return new ParticipantData(key, qos(s.get(ADDRESS, Layouts.offset(Layouts.BUILTIN_PARTICIPANT, "qos"))));
    }

    private static EndpointData endpoint(MemorySegment p, SampleInfo info, Map<Long, Guid> keys) {
        var l = Layouts.BUILTIN_ENDPOINT;
        MemorySegment s = p.reinterpret(l.byteSize());
        Guid key = key(s, Layouts.offset(l, "key"), info, keys);
        Guid pk = new Guid(s.asSlice(Layouts.offset(l, "participant_key"), 16).toArray(JAVA_BYTE));
        byte[] typeInfo = null;
        if (info.validData()) {
            typeInfo = typeInformation(s);
        }
        return new EndpointData(key, pk, s.get(JAVA_LONG, Layouts.offset(l, "participant_instance_handle")),
                string(s.get(ADDRESS, Layouts.offset(l, "topic_name"))), string(s.get(ADDRESS, Layouts.offset(l, "type_name"))),
                qos(s.get(ADDRESS, Layouts.offset(l, "qos"))), typeInfo);
    }

    private static BuiltinTopicData topic(MemorySegment p, SampleInfo info, Map<Long, Guid> keys) {
        var l = Layouts.BUILTIN_TOPIC;
        MemorySegment s = p.reinterpret(l.byteSize());
        Guid key = key(s, Layouts.offset(l, "key"), info, keys);
        return new BuiltinTopicData(key, string(s.get(ADDRESS, Layouts.offset(l, "topic_name"))),
                string(s.get(ADDRESS, Layouts.offset(l, "type_name"))), qos(s.get(ADDRESS, Layouts.offset(l, "qos"))));
    }

    private static byte[] typeInformation(MemorySegment endpointSample) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment out = a.allocate(ADDRESS);
            int rc = DdsC.dds_builtintopic_get_endpoint_type_info(endpointSample, out);
            MemorySegment ti = out.get(ADDRESS, 0);
            if (rc < 0 || ti.equals(MemorySegment.NULL)) {
                return null;
            }
            return TypeInfoSerializer.serialize(ti);
        }
    }

    private static Qos qos(MemorySegment q) {
        return q.equals(MemorySegment.NULL) ? Qos.EMPTY : QosNative.fromNative(q);
    }

    private static String string(MemorySegment p) {
        return p.equals(MemorySegment.NULL) ? "" : p.reinterpret(Long.MAX_VALUE).getString(0, StandardCharsets.UTF_8);
    }
}
