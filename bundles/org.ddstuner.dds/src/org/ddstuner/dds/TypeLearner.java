package org.ddstuner.dds;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_BOOLEAN;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.time.Duration;
import java.util.Arrays;

import org.ddstuner.dds.internal.DdsC;
import org.ddstuner.dds.internal.Layouts;
import org.ddstuner.dds.internal.NativeConstants;
import org.ddstuner.dds.internal.QosNative;
import org.ddstuner.dds.internal.QosReader;
import org.ddstuner.dds.internal.Retcode;

/**
 * Learns a remote endpoint's data type over the wire: the endpoint's XTypes TypeInformation (from its
 * discovery sample) goes to {@code dds_create_topic_descriptor}, which asks the peer with XTypes
 * TypeLookup requests for the type objects it does not know yet and builds a topic descriptor from them.
 *
 * <p>The native type information lives inside the loaned built-in topic sample, so each call reads the
 * endpoint's DCPSPublication or DCPSSubscription sample on a private built-in reader and keeps the loan
 * while libddsc resolves the type.
 *
 * <p>Fast DDS (and ROS 2 over rmw_fastrtps) answers only TypeLookup requests addressed to it, and the ones made
 * here are not: learning a Fast DDS type times out unless the type is already known in this process (e.g. a reader
 * of ours with identical type identifiers). libddsc 0.10 addresses a request only while matching a typed reader of
 * ours with a Fast DDS writer of another type, and then aborts on the reply for types with nested types, in every
 * process that knows the writer (see org.ddstuner.samples.FastDdsTypes): do not create such readers to make it
 * answer.
 */
public final class TypeLearner {

    private static final int BATCH = 256;
    private static final long KEY = Layouts.offset(Layouts.BUILTIN_ENDPOINT, "key");
    private static final long TOPIC_NAME = Layouts.offset(Layouts.BUILTIN_ENDPOINT, "topic_name");
    private static final long TYPE_NAME = Layouts.offset(Layouts.BUILTIN_ENDPOINT, "type_name");
    private static final long INFO_SIZE = Layouts.SAMPLE_INFO.byteSize();
    private static final long VALID_DATA = Layouts.offset(Layouts.SAMPLE_INFO, "valid_data");

    private TypeLearner() {
    }

    /** {@link #learn(Participant, Guid, Duration)} for a discovered endpoint. */
    public static TopicDescriptor learn(Participant participant, EndpointData endpoint, Duration timeout) {
        if (endpoint.typeInformation() == null) {
            throw new IllegalArgumentException("endpoint " + endpoint.key() + " (topic " + endpoint.topicName()
                    + ", type " + endpoint.typeName() + ") sent no XTypes type information: its type cannot be "
                    + "learned over the wire");
        }
        return learn(participant, endpoint.key(), timeout);
    }

    /**
     * Builds a topic descriptor for the type of the writer or reader {@code endpoint}, asking its peer
     * for missing type objects and waiting up to {@code timeout} for the answers.
     *
     * @throws TypeLookupTimeoutException    if the peer did not answer in time
     * @throws IllegalArgumentException      if this participant does not know the endpoint, or it sent no
     *                                       type information
     * @throws UnsupportedOperationException if this libddsc cannot build descriptors from type information
     */
    public static TopicDescriptor learn(Participant participant, Guid endpoint, Duration timeout) {
        if (DdsC.DDS_CREATE_TOPIC_DESCRIPTOR == null) {
            throw new UnsupportedOperationException("this libddsc cannot learn types over the wire "
                    + "(no dds_create_topic_descriptor: Cyclone DDS 0.10 or later is needed)");
        }
        for (int builtin : new int[] {NativeConstants.DDS_BUILTIN_TOPIC_DCPSPUBLICATION,
                NativeConstants.DDS_BUILTIN_TOPIC_DCPSSUBSCRIPTION}) {
            TopicDescriptor d = learnFrom(participant, builtin, endpoint, timeout);
            if (d != null) {
                return d;
            }
        }
        throw new IllegalArgumentException("endpoint " + endpoint + " is not (or no longer) known to participant "
                + participant.guid() + ": it is in neither DCPSPublication nor DCPSSubscription");
    }

    /** Looks for the endpoint in one built-in topic; null if it is not there. */
    private static TopicDescriptor learnFrom(Participant participant, int builtinTopic, Guid endpoint, Duration timeout) {
        int reader = Retcode.check(DdsC.dds_create_reader(participant.handle(), builtinTopic, MemorySegment.NULL,
                MemorySegment.NULL), "dds_create_reader(built-in topic for type learning)");
        try (Arena a = Arena.ofConfined()) {
            MemorySegment buf = a.allocate(ADDRESS, BATCH);
            MemorySegment infos = a.allocate(INFO_SIZE * BATCH, 8);
            MemorySegment typeInfoOut = a.allocate(ADDRESS);
            byte[] wanted = endpoint.bytes();
            int mask = NativeConstants.DDS_NOT_READ_SAMPLE_STATE | NativeConstants.DDS_ANY_VIEW_STATE
                    | NativeConstants.DDS_ANY_INSTANCE_STATE;
            while (true) {
                buf.fill((byte) 0); // NULL pointers: ask for a loan
                int n = DdsC.dds_read_mask(reader, buf, infos, BATCH, BATCH, mask);
                if (n == NativeConstants.DDS_RETCODE_NO_DATA || n == 0) {
                    return null;
                }
                Retcode.check(n, "dds_read_mask(built-in topic)");
                try {
                    for (int i = 0; i < n; i++) {
                        if (!infos.get(JAVA_BOOLEAN, i * INFO_SIZE + VALID_DATA)) {
                            continue;
                        }
                        MemorySegment s = buf.getAtIndex(ADDRESS, i).reinterpret(Layouts.BUILTIN_ENDPOINT.byteSize());
                        if (Arrays.equals(s.asSlice(KEY, 16).toArray(JAVA_BYTE), wanted)) {
                            return describe(participant, s, endpoint, typeInfoOut, timeout);
                        }
                    }
                } finally {
                    DdsC.dds_return_loan(reader, buf, n);
                }
            }
        } finally {
            DdsC.dds_delete(reader);
        }
    }

    /** Runs dds_create_topic_descriptor on the sample's type information (the loan is held by the caller). */
    private static TopicDescriptor describe(Participant participant, MemorySegment sample, Guid endpoint,
            MemorySegment typeInfoOut, Duration timeout) {
        String topic = QosReader.cString(sample.get(ADDRESS, TOPIC_NAME));
        String type = QosReader.cString(sample.get(ADDRESS, TYPE_NAME));
        typeInfoOut.set(ADDRESS, 0, MemorySegment.NULL);
        int rc = DdsC.dds_builtintopic_get_endpoint_type_info(sample, typeInfoOut);
        MemorySegment typeInfo = typeInfoOut.get(ADDRESS, 0);
        if (rc < 0 || typeInfo.equals(MemorySegment.NULL)) {
            throw new IllegalArgumentException("endpoint " + endpoint + " (topic " + topic + ", type " + type
                    + ") sent no XTypes type information: its type cannot be learned over the wire");
        }
        try (Arena a = Arena.ofConfined()) {
            MemorySegment out = a.allocate(ADDRESS);
            rc = DdsC.dds_create_topic_descriptor(NativeConstants.DDS_FIND_SCOPE_GLOBAL, participant.handle(), typeInfo,
                    QosNative.toNanos(timeout), out);
            if (rc == NativeConstants.DDS_RETCODE_TIMEOUT) {
                throw timeout(rc, endpoint, topic, type, timeout);
            }
            Retcode.check(rc, "dds_create_topic_descriptor(" + type + " of endpoint " + endpoint + ")");
            return TopicDescriptor.adopt(out.get(ADDRESS, 0));
        }
    }

    private static TypeLookupTimeoutException timeout(int rc, Guid endpoint, String topic, String type, Duration timeout) {
        Guid peer = endpoint.participantGuid();
        String vendor = switch (peer.vendorId()) {
            case 0x0110 -> "Cyclone DDS";
            case 0x010f -> "eProsima Fast DDS";
            case 0x0101 -> "RTI Connext DDS";
            default -> String.format("vendor 0x%04x", peer.vendorId());
        };
        String hint = peer.vendorId() == 0x010f
                ? " Fast DDS (and ROS 2 over rmw_fastrtps) answers only TypeLookup requests addressed to it, which"
                        + " this request is not; libddsc 0.10 addresses one only while matching a reader of another"
                        + " type, and aborts on the reply for types with nested types. Import the type's IDL or its"
                        + " ROS 2 message definition instead."
                : " The peer may be gone, not support XTypes TypeLookup, or be slow.";
        String message = "Could not learn type '" + type + "' of topic '" + topic + "': participant " + peer + " ("
                + vendor + ") did not answer the XTypes TypeLookup request within " + timeout.toMillis() + " ms."
                + hint;
        return new TypeLookupTimeoutException(rc, Retcode.text(rc), peer, type, message);
    }
}
