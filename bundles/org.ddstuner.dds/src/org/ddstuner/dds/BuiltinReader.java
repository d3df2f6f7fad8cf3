package org.ddstuner.dds;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.ddstuner.dds.internal.DdsC;
import org.ddstuner.dds.internal.Layouts;
import org.ddstuner.dds.internal.NativeConstants;
import org.ddstuner.dds.internal.QosCache;
import org.ddstuner.dds.internal.QosReader;
import org.ddstuner.dds.internal.TypeInfoCache;

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

    /** Turns one loaned sample into its Java value (runs under the reader's fetch lock). */
    private interface Decoder<T> {
        T decode(BuiltinReader<T> reader, MemorySegment sample, SampleInfo info);
    }

    private final Kind kind;
    private final Decoder<T> decoder;
    /** instance handle → key, so an invalid sample without key bytes can still name its instance. */
    private final Map<Long, Guid> keys = new ConcurrentHashMap<>();
    // Decode scratch, reused for every sample; only touched by decode, i.e. under ReaderBase's fetch lock.
    // An automatic arena: the GC frees it with the reader, so close() never races with a running take.
    private final Arena scratch = Arena.ofAuto();
    private final QosReader qosReader = new QosReader(scratch);
    /** Endpoints and topics: a large system shares a few QoS settings, decode each once (see QosCache). */
    private final QosCache qosCache = new QosCache(scratch);
    private final MemorySegment typeInfoOut = scratch.allocate(ADDRESS);
    private final TypeInfoCache typeInfos = new TypeInfoCache();

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
        return decoder.decode(this, sample, info);
    }

    // Member offsets of the built-in sample structs, resolved once: discovery decodes tens of thousands
    // of samples and a layout-path lookup per member per sample was a large part of the time.
    private static final long PARTICIPANT_SIZE = Layouts.BUILTIN_PARTICIPANT.byteSize();
    private static final long PARTICIPANT_KEY = Layouts.offset(Layouts.BUILTIN_PARTICIPANT, "key");
    private static final long PARTICIPANT_QOS = Layouts.offset(Layouts.BUILTIN_PARTICIPANT, "qos");
    private static final long ENDPOINT_SIZE = Layouts.BUILTIN_ENDPOINT.byteSize();
    private static final long ENDPOINT_KEY = Layouts.offset(Layouts.BUILTIN_ENDPOINT, "key");
    private static final long ENDPOINT_PARTICIPANT_KEY = Layouts.offset(Layouts.BUILTIN_ENDPOINT, "participant_key");
    private static final long ENDPOINT_PARTICIPANT_HANDLE =
            Layouts.offset(Layouts.BUILTIN_ENDPOINT, "participant_instance_handle");
    private static final long ENDPOINT_TOPIC_NAME = Layouts.offset(Layouts.BUILTIN_ENDPOINT, "topic_name");
    private static final long ENDPOINT_TYPE_NAME = Layouts.offset(Layouts.BUILTIN_ENDPOINT, "type_name");
    private static final long ENDPOINT_QOS = Layouts.offset(Layouts.BUILTIN_ENDPOINT, "qos");
    private static final long TOPIC_SIZE = Layouts.BUILTIN_TOPIC.byteSize();
    private static final long TOPIC_KEY = Layouts.offset(Layouts.BUILTIN_TOPIC, "key");
    private static final long TOPIC_TOPIC_NAME = Layouts.offset(Layouts.BUILTIN_TOPIC, "topic_name");
    private static final long TOPIC_TYPE_NAME = Layouts.offset(Layouts.BUILTIN_TOPIC, "type_name");
    private static final long TOPIC_QOS = Layouts.offset(Layouts.BUILTIN_TOPIC, "qos");
    private static final int GUID_SIZE = 16;

    /** The 16 key bytes at {@code offset}; all zero if Cyclone left them empty. */
    private static byte[] guidBytes(MemorySegment s, long offset) {
        byte[] b = new byte[GUID_SIZE];
        MemorySegment.copy(s, JAVA_BYTE, offset, b, 0, GUID_SIZE);
        return b;
    }

    private Guid key(MemorySegment s, long offset, SampleInfo info) {
        byte[] b = guidBytes(s, offset);
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

    private ParticipantData participant(MemorySegment p, SampleInfo info) {
        MemorySegment s = p.reinterpret(PARTICIPANT_SIZE);
        Guid key = key(s, PARTICIPANT_KEY, info);
        return new ParticipantData(key, qosReader.read(s.get(ADDRESS, PARTICIPANT_QOS)));
    }

    private EndpointData endpoint(MemorySegment p, SampleInfo info) {
        MemorySegment s = p.reinterpret(ENDPOINT_SIZE);
        Guid key = key(s, ENDPOINT_KEY, info);
        Guid pk = new Guid(guidBytes(s, ENDPOINT_PARTICIPANT_KEY));
        byte[] typeInfo = null;
        if (info.validData()) {
            typeInfo = typeInformation(s);
        }
        return new EndpointData(key, pk, s.get(JAVA_LONG, ENDPOINT_PARTICIPANT_HANDLE),
                QosReader.cString(s.get(ADDRESS, ENDPOINT_TOPIC_NAME)), QosReader.cString(s.get(ADDRESS, ENDPOINT_TYPE_NAME)),
                qosCache.read(s.get(ADDRESS, ENDPOINT_QOS)), typeInfo);
    }

    private BuiltinTopicData topic(MemorySegment p, SampleInfo info) {
        MemorySegment s = p.reinterpret(TOPIC_SIZE);
        Guid key = key(s, TOPIC_KEY, info);
        return new BuiltinTopicData(key, QosReader.cString(s.get(ADDRESS, TOPIC_TOPIC_NAME)),
                QosReader.cString(s.get(ADDRESS, TOPIC_TYPE_NAME)), qosCache.read(s.get(ADDRESS, TOPIC_QOS)));
    }

    /** XCDR2 type information of an endpoint sample; the native typeinfo belongs to the sample (not freed). */
    private byte[] typeInformation(MemorySegment endpointSample) {
        typeInfoOut.set(ADDRESS, 0, MemorySegment.NULL);
        int rc = DdsC.dds_builtintopic_get_endpoint_type_info(endpointSample, typeInfoOut);
        MemorySegment ti = typeInfoOut.get(ADDRESS, 0);
        if (rc < 0 || ti.equals(MemorySegment.NULL)) {
            return null;
        }
        return typeInfos.serialize(ti);
    }
}
