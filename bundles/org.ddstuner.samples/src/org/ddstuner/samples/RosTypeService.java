package org.ddstuner.samples;

import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.ddstuner.connection.Connection;
import org.ddstuner.dds.Guid;
import org.ddstuner.dds.Participant;
import org.ddstuner.dds.Qos;
import org.ddstuner.dds.RawReader;
import org.ddstuner.dds.RawSample;
import org.ddstuner.dds.RawTopic;
import org.ddstuner.dds.RawWriter;
import org.ddstuner.dds.TopicDescriptor;
import org.ddstuner.samples.internal.Descriptors;
import org.ddstuner.system.Endpoint;
import org.ddstuner.system.SystemSnapshot;
import org.ddstuner.types.TypeLibrary;
import org.ddstuner.types.cdr.CdrCodec;
import org.ddstuner.types.cdr.XcdrVersion;
import org.ddstuner.types.ros.RosMsgException;
import org.ddstuner.types.ros.RosTypeDescriptions;

/**
 * Asks a ROS 2 node (Iron and later) for a type through its {@code ~/get_type_description} service (REP 2011): a
 * request on {@code rq<node>/get_type_descriptionRequest} with the type's name and its hash from the endpoint's
 * USER_DATA ({@code typehash=RIHS01_…;}), the reply on {@code rr<node>/get_type_descriptionReply} with the type and
 * every type it uses.
 *
 * <p>Measured 2026-11-23 against the ROS 2 Kilted talker (rclpy, rmw_fastrtps_cpp 9.3.3, Fast DDS 3.2): the node
 * answers a plain request from libddsc 0.10.2, which cannot write the related_sample_identity inline QoS rmw_fastrtps'
 * own clients send. Without it rmw_fastrtps takes the request writer's GUID as the one to answer; a writer GUID
 * (unlike a reader GUID) makes it skip the wait for the client's reply reader, and it writes the reply to every
 * reader matched on the reply topic, ours included. The reply carries no field naming the request, so a success is
 * accepted only for the type asked for. Our endpoints on these topics carry no XTypes type information, so libddsc
 * never asks Fast DDS for the nested response type (which would abort 0.10.2, see {@link FastDdsTypes}).
 *
 * <p>Blocking: run it off the UI thread.
 */
public final class RosTypeService {

    /** The service's DDS topic names are {@code rq} + node + this + {@code Request}/{@code Reply}. */
    private static final String SERVICE = "/get_type_description";
    private static final String REQUEST_SUFFIX = SERVICE + "Request";
    private static final Pattern TYPE_HASH = Pattern.compile("typehash=(RIHS01_[0-9a-f]{64});");
    /** Ask again this often until the answer comes: the node may match our reply reader after the first request. */
    private static final Duration RESEND = Duration.ofMillis(1000);
    /** How long to wait for a node's service to be discovered after its topic's endpoints. */
    public static final Duration DISCOVERY_WAIT = Duration.ofSeconds(2);
    private static final String NO_TYPE_INFO = "the service's topics never carry type information here (libddsc "
            + "would fetch Fast DDS's nested response type and abort)";

    private RosTypeService() {
    }

    /**
     * A node that may know the type: its fully qualified name ({@code /ns/name}), the participant it lives in and
     * the type hash the endpoint announced.
     */
    public record Node(String name, Guid participant, String typeHash) {
    }

    /** Why the service gave no type (a sentence for the person). */
    public static final class Unavailable extends Exception {
        private static final long serialVersionUID = 1L;

        public Unavailable(String message) {
            super(message);
        }
    }

    /** The type hash ({@code RIHS01_<64 hex>}) a ROS 2 endpoint announces in its USER_DATA, or null. */
    public static String typeHash(Endpoint e) {
        Qos.UserData u = e.qos().userData();
        if (u == null) {
            return null;
        }
        Matcher m = TYPE_HASH.matcher(new String(u.value(), StandardCharsets.ISO_8859_1));
        return m.find() ? m.group(1) : null;
    }

    /**
     * Why a ROS 2 message definition ({@code ddsName} in {@code lib}) is not the one the ROS 2 endpoints use (a
     * sentence), or null when it is or they announce no type hash: its REP 2011 type hash is none of theirs.
     */
    public static String hashMismatch(TypeLibrary lib, String ddsName, List<Endpoint> endpoints) {
        Set<String> theirs = new LinkedHashSet<>();
        endpoints.stream().map(RosTypeService::typeHash).filter(h -> h != null).forEach(theirs::add);
        if (theirs.isEmpty()) {
            return null;
        }
        String ours;
        try {
            ours = RosTypeDescriptions.hash(RosTypeDescriptions.fromLibrary(lib, ddsName));
        } catch (RosMsgException | RuntimeException e) {
            return null; // not describable as a ROS 2 type: nothing to compare
        }
        return theirs.contains(ours) ? null : "its type hash " + ours + " differs from the " + String.join(", ", theirs)
                + " the node announces (another version of the message)";
    }

    /**
     * The nodes serving {@code ~/get_type_description} in the participants of {@code endpoints} (in their order),
     * each with its endpoint's type hash; endpoints without a hash are skipped.
     */
    public static List<Node> nodesFor(SystemSnapshot snap, List<Endpoint> endpoints) {
        Map<Guid, String> hashes = new LinkedHashMap<>();
        for (Endpoint e : endpoints) {
            String h = typeHash(e);
            if (h != null) {
                hashes.putIfAbsent(e.participantGuid(), h);
            }
        }
        Set<Node> out = new LinkedHashSet<>();
        for (Map.Entry<Guid, String> p : hashes.entrySet()) {
            for (Endpoint e : snap.endpoints()) {
                String t = e.topicName();
                if (e.alive() && e.isReader() && e.participantGuid().equals(p.getKey()) && t.startsWith("rq/")
                        && t.endsWith(REQUEST_SUFFIX) && e.typeName().equals(RosTypeDescriptions.REQUEST)) {
                    out.add(new Node(t.substring(2, t.length() - REQUEST_SUFFIX.length()), p.getKey(), p.getValue()));
                }
            }
        }
        return new ArrayList<>(out);
    }

    /**
     * {@link #nodesFor} on the connection's current model, waiting up to {@code wait} while none is known but an
     * endpoint announces a type hash (a ROS 2 node of Iron or later, which serves the service unless told not to):
     * discovery brings a node's service readers separately from its topics' writers, so right after a writer shows up
     * its node's service may not be known yet.
     */
    public static List<Node> awaitNodes(Connection c, List<Endpoint> endpoints, Duration wait) {
        long end = System.nanoTime() + wait.toNanos();
        boolean hashed = endpoints.stream().anyMatch(e -> typeHash(e) != null);
        while (true) {
            List<Node> nodes = nodesFor(c.model().snapshot(true), endpoints);
            if (!nodes.isEmpty() || !hashed || System.nanoTime() > end) {
                return nodes;
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return nodes;
            }
        }
    }

    /**
     * Asks {@code node} for {@code rosName} ({@code "pkg/msg/Name"}) and returns the type with every type it uses,
     * under their DDS names.
     *
     * @throws Unavailable when the node does not answer within {@code timeout}, answers that it does not know the
     *                     type, or sends a description that cannot be read
     */
    public static TypeLibrary ask(Participant own, Node node, String rosName, Duration timeout) throws Unavailable {
        TypeLibrary svc = RosTypeDescriptions.serviceTypes();
        CdrCodec codec = new CdrCodec(svc);
        Map<String, Object> request = new LinkedHashMap<>();
        request.put("type_name", rosName);
        request.put("type_hash", node.typeHash());
        request.put("include_type_sources", false);
        byte[] bytes = codec.encode(svc.struct(RosTypeDescriptions.REQUEST), request, XcdrVersion.XCDR1,
                ByteOrder.LITTLE_ENDIAN);
        // as rmw's services: reliable, volatile; keep every reply, others' clients may be asking too
        Qos qos = Qos.EMPTY.withReliable().withDurability(Qos.DurabilityKind.VOLATILE).withKeepLast(100)
                .with(new Qos.DataRepresentation(List.of(Qos.XCDR1)));
        long deadline = System.nanoTime() + timeout.toNanos();
        try (TopicDescriptor dq = Descriptors.fromModel(svc, RosTypeDescriptions.REQUEST, NO_TYPE_INFO).descriptor();
                TopicDescriptor dr = Descriptors.fromModel(svc, RosTypeDescriptions.RESPONSE, NO_TYPE_INFO)
                        .descriptor();
                RawTopic tq = RawTopic.create(own, "rq" + node.name() + REQUEST_SUFFIX, dq, null);
                RawTopic tr = RawTopic.create(own, "rr" + node.name() + SERVICE + "Reply", dr, null);
                RawReader reader = RawReader.create(own, tr, qos);
                RawWriter writer = RawWriter.create(own, tq, qos)) {
            while (writer.publicationMatched().currentCount() == 0 || reader.subscriptionMatched().currentCount() == 0) {
                if (System.nanoTime() > deadline) {
                    throw new Unavailable("node " + node.name() + "'s get_type_description service did not match "
                            + "within " + timeout.toMillis() + " ms");
                }
                sleep(20);
            }
            while (System.nanoTime() < deadline) {
                writer.write(bytes);
                long resendAt = Math.min(deadline, System.nanoTime() + RESEND.toNanos());
                while (System.nanoTime() < resendAt) {
                    reader.waitForData(Duration.ofNanos(Math.max(1_000_000, resendAt - System.nanoTime())));
                    for (RawSample s : reader.take(100)) {
                        TypeLibrary lib = answer(codec, svc, s, node, rosName);
                        if (lib != null) {
                            return lib;
                        }
                    }
                }
            }
            throw new Unavailable("node " + node.name() + " did not answer the get_type_description request for "
                    + rosName + " within " + timeout.toMillis() + " ms");
        } catch (RuntimeException e) {
            throw new Unavailable("node " + node.name() + ": cannot ask its get_type_description service: "
                    + TypeResolver.message(e));
        }
    }

    /** The type if the reply is the answer to our request, null if it is someone else's. */
    private static TypeLibrary answer(CdrCodec codec, TypeLibrary svc, RawSample s, Node node, String rosName)
            throws Unavailable {
        if (!s.info().validData()) {
            return null;
        }
        Object value = codec.decode(svc.struct(RosTypeDescriptions.RESPONSE), s.data()).value();
        if (!(value instanceof Map<?, ?> reply)) {
            return null;
        }
        if (!Boolean.TRUE.equals(reply.get("successful"))) {
            // no field names the request it answers; ours is the likely one
            throw new Unavailable("node " + node.name() + " answered that it cannot describe " + rosName + " ("
                    + node.typeHash() + "): " + reply.get("failure_reason"));
        }
        try {
            RosTypeDescriptions.Description d = RosTypeDescriptions.fromValue(reply.get("type_description"));
            if (!d.main().typeName().equals(rosName)) {
                return null; // the answer to another client's request
            }
            String hash = RosTypeDescriptions.hash(d);
            if (!hash.equals(node.typeHash())) {
                throw new Unavailable("node " + node.name() + " described " + rosName + " with type hash " + hash
                        + ", but its endpoint announces " + node.typeHash());
            }
            return RosTypeDescriptions.toLibrary(d);
        } catch (RosMsgException e) {
            throw new Unavailable("node " + node.name() + " sent a type description that cannot be used: "
                    + e.getMessage());
        }
    }

    private static void sleep(long millis) throws Unavailable {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new Unavailable("interrupted while waiting for the get_type_description service");
        }
    }
}
