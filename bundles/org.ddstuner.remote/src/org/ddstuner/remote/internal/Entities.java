package org.ddstuner.remote.internal;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import org.ddstuner.dds.Guid;
import org.ddstuner.system.DiscoveryEvent;
import org.ddstuner.system.Endpoint;
import org.ddstuner.system.EndpointKind;
import org.ddstuner.system.Participant;
import org.ddstuner.system.Problem;
import org.ddstuner.system.TopicDefinition;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The entities the protocol carries, as JSON objects with a unique {@code "key"}: what discovery said about each
 * participant, endpoint, DCPSTopic definition and unreadable announcement — the model's <em>input</em>. Matches,
 * partitions, topics-from-endpoints and problems are derived again by the client's own {@code SystemModel}, so
 * both sides run the same rules. This class turns the server's snapshot objects into entities and, on the client,
 * a change of one entity into the {@link DiscoveryEvent}s that make its model say the same.
 */
public final class Entities {

    public static final String PARTICIPANT = "participant";
    public static final String TOPIC = "topic";
    public static final String UNREADABLE = "unreadable";

    /** Order within a batch: participants before the endpoints that name them, so no placeholders appear. */
    public static final Comparator<JsonNode> ORDER = Comparator.comparingInt(Entities::rank);

    private Entities() {
    }

    public static String participantKey(Guid g) {
        return "p:" + g;
    }

    public static String endpointKey(Guid g) {
        return "e:" + g;
    }

    public static String topicKey(Guid g) {
        return "t:" + g;
    }

    /** {@code null} for a placeholder (a participant known only through its endpoints): the client makes its own. */
    public static ObjectNode of(Participant p) {
        if (!p.known()) {
            return null;
        }
        ObjectNode o = Frames.JSON.createObjectNode();
        o.put("key", participantKey(p.guid()));
        o.put("kind", PARTICIPANT);
        o.put("guid", p.guid().toString());
        o.set("qos", QosJson.encode(p.qos()));
        o.put("alive", p.alive());
        return o;
    }

    public static ObjectNode of(Endpoint e) {
        ObjectNode o = Frames.JSON.createObjectNode();
        o.put("key", endpointKey(e.guid()));
        o.put("kind", e.kind().text());
        o.put("guid", e.guid().toString());
        o.put("participant", e.participantGuid().toString());
        o.put("topic", e.topicName());
        o.put("type", e.typeName());
        o.put("typeInformation", e.hasTypeInformation());
        o.set("qos", QosJson.encode(e.qos()));
        o.put("alive", e.alive());
        return o;
    }

    public static ObjectNode of(TopicDefinition d) {
        ObjectNode o = Frames.JSON.createObjectNode();
        o.put("key", topicKey(d.key()));
        o.put("kind", TOPIC);
        o.put("guid", d.key().toString());
        o.put("topic", d.topicName());
        o.put("type", d.typeName());
        o.set("qos", QosJson.encode(d.qos()));
        return o;
    }

    /** Only {@link Problem.Kind#DISCOVERY_UNREADABLE} problems are input; {@code null} for the derived ones. */
    public static ObjectNode of(Problem p) {
        if (p.kind() != Problem.Kind.DISCOVERY_UNREADABLE) {
            return null;
        }
        ObjectNode o = Frames.JSON.createObjectNode();
        o.put("key", "x:" + (p.subject() != null ? p.subject() + ": " : "") + p.message());
        o.put("kind", UNREADABLE);
        o.put("subject", p.subject());
        o.put("text", p.message());
        return o;
    }

    /** A removal as the protocol writes it. */
    public static ObjectNode removed(String key) {
        ObjectNode o = Frames.JSON.createObjectNode();
        o.put("key", key);
        o.put("removed", true);
        return o;
    }

    public static boolean isRemoval(JsonNode change) {
        return change.path("removed").asBoolean(false);
    }

    private static int rank(JsonNode change) {
        if (isRemoval(change)) {
            return 4;
        }
        return switch (change.path("kind").asText()) {
            case PARTICIPANT -> 0;
            case TOPIC -> 1;
            case UNREADABLE -> 3;
            default -> 2;
        };
    }

    /**
     * The events that turn the client's model from {@code old} (null: unknown) to {@code now} (null: removed) for one
     * key. A removed participant or endpoint becomes "lost" (the client's model purges it after its own retention,
     * as the server's did); a removed unreadable announcement stays listed until the client's model drops it.
     *
     * @throws IllegalArgumentException for an entity this protocol version does not describe
     */
    public static List<DiscoveryEvent> events(JsonNode old, JsonNode now) {
        List<DiscoveryEvent> out = new ArrayList<>(2);
        JsonNode any = now != null ? now : old;
        if (any == null || (now != null && now.equals(old))) {
            return out;
        }
        String kind = text(any, "kind");
        boolean wasAlive = old != null && old.path("alive").asBoolean(true);
        boolean alive = now != null && now.path("alive").asBoolean(true);
        Guid guid = kind.equals(UNREADABLE) ? null : guid(any, "guid");
        switch (kind) {
            case PARTICIPANT -> {
                if (now != null && (alive || old == null)) {
                    out.add(new DiscoveryEvent.ParticipantSeen(guid, QosJson.decode(now.get("qos"))));
                }
                if (!alive && (wasAlive || old == null)) {
                    out.add(new DiscoveryEvent.ParticipantLost(guid));
                }
            }
            case TOPIC -> {
                if (now != null) {
                    out.add(new DiscoveryEvent.TopicSeen(guid, text(now, "topic"), text(now, "type"),
                            QosJson.decode(now.get("qos"))));
                } else {
                    out.add(new DiscoveryEvent.TopicLost(guid));
                }
            }
            case UNREADABLE -> {
                if (now != null) {
                    String subject = now.path("subject").isTextual() ? now.get("subject").textValue() : null;
                    Guid g = null;
                    try {
                        g = subject == null ? null : Guid.parse(subject);
                    } catch (IllegalArgumentException notAGuid) {
                        // a subject that is no GUID stays in the text
                    }
                    out.add(new DiscoveryEvent.Unreadable(g, text(now, "text")));
                }
            }
            case "reader", "writer" -> {
                if (now != null && (alive || old == null)) {
                    out.add(new DiscoveryEvent.EndpointSeen(guid, kind.equals("reader") ? EndpointKind.READER
                            : EndpointKind.WRITER, guid(now, "participant"), text(now, "topic"), text(now, "type"),
                            QosJson.decode(now.get("qos")), now.path("typeInformation").asBoolean(false)));
                }
                if (!alive && (wasAlive || old == null)) {
                    out.add(new DiscoveryEvent.EndpointLost(guid));
                }
            }
            default -> throw new IllegalArgumentException("unknown entity kind \"" + kind + "\"");
        }
        return out;
    }

    private static String text(JsonNode o, String field) {
        JsonNode v = o.get(field);
        if (v == null || !v.isTextual()) {
            throw new IllegalArgumentException("entity " + o.path("key").asText("?") + " lacks the text field " + field);
        }
        return v.textValue();
    }

    private static Guid guid(JsonNode o, String field) {
        return Guid.parse(text(o, field));
    }
}
