package org.ddstuner.samples;

import java.util.Arrays;
import java.util.Optional;

import org.ddstuner.connection.Connection;
import org.ddstuner.dds.BuiltinReader;
import org.ddstuner.dds.EndpointData;
import org.ddstuner.dds.Participant;
import org.ddstuner.dds.Sample;
import org.ddstuner.system.Endpoint;
import org.ddstuner.system.SystemSnapshot;
import org.ddstuner.system.Vendor;
import org.ddstuner.types.TypeLibrary;
import org.ddstuner.types.xtypes.GeneratedTypeInfo;
import org.ddstuner.types.xtypes.TypeInformation;
import org.ddstuner.types.xtypes.TypeObjectReader;
import org.ddstuner.types.xtypes.TypeObjectWriter;

/**
 * Types of Fast DDS peers (and ROS 2 nodes over rmw_fastrtps) with libddsc 0.10.2, as measured against Fast DDS
 * 3.2 (tests/peers/ros2_talker.py):
 * <ol>
 * <li>Fast DDS answers only TypeLookup requests addressed to its participant. {@code dds_create_topic_descriptor}
 * (what {@link org.ddstuner.dds.TypeLearner} uses) addresses nobody and times out, whether or not a reader of
 * ours exists. libddsc addresses a request only while matching a reader or writer of ours that carries type
 * information with a Fast DDS endpoint of <em>another</em> type (to check assignability).</li>
 * <li>On Fast DDS's reply for a type with nested types (rcl_interfaces/Log with its builtin_interfaces/Time),
 * libddsc 0.10.2 aborts the whole process ({@code ddsi_xt_type_init_impl with invalid type object}). A flat
 * type (std_msgs/String) resolves. Fast DDS announces no dependency count ({@code -1}), so which one a type is
 * cannot be known before asking.</li>
 * <li>Fast DDS writes each TypeLookup reply to every participant matched with its reply writer, not only to the
 * one that asked, and libddsc 0.10.2 adds the type object of any reply for a type identifier it knows from
 * discovery ({@code ddsi_tl_handle_reply} checks no request). So whichever Cyclone 0.10.2 participant makes Fast DDS
 * answer for a nested type, every Cyclone 0.10.2 process that has discovered that writer aborts. Measured
 * 2026-11-23: a child JVM that made the request for rcl_interfaces/Log aborted its parent, which never asked; a
 * child process does not isolate the abort (the flat std_msgs/ColorRGBA was learned that way in 2.5 s).</li>
 * </ol>
 * Hence: Fast DDS peers are not asked ({@link #NOT_ASKED}), and a reader or writer of ours made from IDL or a ROS
 * 2 message carries type information on a topic with a Fast DDS peer only when its type identifiers equal the
 * peer's ({@link #typeInfoUnsafe}); otherwise it matches by type name and libddsc never asks. A type learned over
 * the wire from a peer with the same identifiers (e.g. after a reader of the ROS 2 message's type exists)
 * resolves locally. A ROS 2 node (Iron and later) describes its types itself through its type description service
 * ({@link RosTypeService}), which libddsc 0.10.2 can ask safely.
 * <p>Measured 2026-11-23 against the ROS 2 Kilted talker: our identifiers equal the node's for flat types of
 * floats and strings (std_msgs/String, std_msgs/ColorRGBA), so those readers keep their type information and
 * libddsc, knowing the type, asks nobody. For rcl_interfaces/Log they differ, only because of its {@code uint8
 * level}: we write uint8 as TK_BYTE (as idlc 0.10.2 does, see {@code Idlc0102Rules}), Fast DDS 3.2 as TK_UINT8
 * (XTypes 1.3); with TK_UINT8 our minimal and complete hashes equal the node's. So a ROS 2 type with a uint8
 * (ROS char too) or int8 member (TK_CHAR8 here, TK_INT8 there) matches by type name.
 * <p>libddsc 11.0.1 does not change this. Measured 2026-11-23 in a child JVM with {@code -Dddstuner.libddsc} pointing
 * at the peers' 11.0.1, against the same talker ({@code --color --unbundled}), a 0.10.2 JVM in the same domain:
 * <ol>
 * <li>{@code dds_create_topic_descriptor} and {@code dds_get_typeobj} still address nobody (instance name
 * {@code dds.builtin.TOS.} and 32 zeros; 11.0.1 has no call that addresses a request, its source says so in a TODO)
 * and time out.</li>
 * <li>A reader of ours carrying type information of another type on the topic makes matching address a request
 * for the writer's <em>minimal</em> type identifier to the Fast DDS participant. Fast DDS answers with the
 * <em>complete</em> type object (the minimal one stays unresolved, so libddsc asks again on the next match
 * attempt, and Fast DDS sends the reply again).</li>
 * <li>Flat type (type_description_interfaces/KeyValue, not bundled): the complete type resolves within
 * milliseconds of the reader's creation; {@link org.ddstuner.dds.TypeLearner} then builds the descriptor in about
 * 50 ms and samples decode ({@code {key=count, value=50}}). A 0.10.2 process in the domain survives that reply.</li>
 * <li>Nested type (rcl_interfaces/Log): 11.0.1 accepts the top-level complete type object without aborting, but
 * its dependency (builtin_interfaces/Time) is then requested only by {@code dds_create_topic_descriptor}, i.e.
 * unaddressed: it never resolves and learning times out. Neither the 11.0.1 process that asked nor another 11.0.1
 * process that knows the writer aborts. The 0.10.2 process, which asked nothing, aborts on the same reply
 * ({@code ddsi_xt_type_init_impl with invalid type object}, then the JVM crashes in libddsc, exit 134; 2 runs of
 * 2).</li>
 * </ol>
 * So Fast DDS peers are not asked on 11.x either: only flat types would be learned, whether a type is flat cannot be
 * known before asking, and asking for a nested one kills every Cyclone 0.10.x process the Fast DDS node reaches (ROS
 * 2 nodes on rmw_cyclonedds with 0.10, DDS Tuner on the system libddsc), including ones this connection cannot
 * discover (e.g. on another host while we are loopback-only).
 */
public final class FastDdsTypes {

    /** Why WIRE did not ask a Fast DDS endpoint. */
    public static final String NOT_ASKED = "not asked: Fast DDS answers only TypeLookup requests addressed to it, "
            + "which libddsc 0.10 sends only while matching a reader of ours of another type; Fast DDS sends the reply "
            + "to every participant, and for types with nested types libddsc 0.10 aborts in every process that knows "
            + "the writer (this one included, even when another process asks); the type comes from imported IDL, a "
            + "ROS 2 message definition or the ROS 2 node's type description service instead";

    private FastDdsTypes() {
    }

    /** Whether the endpoint belongs to a Fast DDS participant (GUID vendor 0x010f). */
    public static boolean isFastDds(Endpoint e) {
        return e.participantGuid().vendorId() == Vendor.FAST_DDS;
    }

    /** The endpoint's XTypes TypeInformation as discovered, or empty (none sent, endpoint gone, unreadable). */
    public static Optional<TypeInformation> typeInformation(Participant own, Endpoint e) {
        try (BuiltinReader<EndpointData> r = e.isReader() ? BuiltinReader.subscriptions(own)
                : BuiltinReader.publications(own)) {
            byte[] wanted = e.guid().bytes();
            for (Sample<EndpointData> s : r.read(4096)) {
                EndpointData d = s.data();
                if (d != null && Arrays.equals(d.key().bytes(), wanted) && d.typeInformation() != null) {
                    return Optional.of(TypeObjectReader.readTypeInformation(d.typeInformation()));
                }
            }
        } catch (RuntimeException ex) {
            return Optional.empty(); // unreadable: treated as different from ours
        }
        return Optional.empty();
    }

    /**
     * Why a reader or writer of ours of {@code typeName} (declared in {@code lib}) must carry no type information
     * on {@code topic} (a sentence for the resolution attempt), or null when it may: some Fast DDS endpoint on the
     * topic announces type identifiers other than ours, so matching would make libddsc fetch its type and maybe
     * abort on the reply.
     */
    public static String typeInfoUnsafe(Connection c, SystemSnapshot snap, String topic, TypeLibrary lib,
            String typeName) {
        GeneratedTypeInfo ours = null;
        for (Endpoint e : snap.endpoints()) {
            if (!e.alive() || e.hidden() || !e.topicName().equals(topic) || !isFastDds(e) || !e.hasTypeInformation()) {
                continue;
            }
            if (ours == null) {
                try {
                    ours = TypeObjectWriter.generate(lib, typeName);
                } catch (RuntimeException noTypeObjects) {
                    return null; // the descriptor will carry none anyway
                }
            }
            Optional<TypeInformation> theirs = typeInformation(c.ownParticipant(), e);
            if (theirs.isEmpty() || !theirs.get().minimalTypeId().equals(ours.minimal())
                    || !theirs.get().completeTypeId().equals(ours.complete())) {
                return "without XTypes type information, so matched by type name: the Fast DDS " + e.kind().text()
                        + " " + e.guid() + " announces other type identifiers, and libddsc 0.10 would fetch its type "
                        + "(and aborts on Fast DDS's reply for nested types)";
            }
        }
        return null;
    }
}
