package org.ddstuner.health;

import java.io.IOException;
import java.time.Instant;

import org.ddstuner.json.StrictJson;

import com.fasterxml.jackson.core.JsonGenerator;

/**
 * A problem fired or cleared: what {@code ddstuner watch --json} prints one per line, the Alerts view keeps and the
 * Problems view shows.
 *
 * @param participantGuid the writers' participant when the topic has one, else {@code null}
 * @param participant     its name (or the names of several, comma separated), else {@code null}
 * @param firedAt         when the problem fired (equal to {@code time} for a fired event)
 */
public record HealthEvent(Kind kind, String rule, Condition condition, Severity severity, String topic,
        String participantGuid, String participant, Instant time, Instant firedAt, String detail) {

    public enum Kind {
        FIRED, CLEARED;

        public String id() {
            return this == FIRED ? "fired" : "cleared";
        }
    }

    /** The problem this event is about: one per rule and topic. */
    public String key() {
        return rule + "\u0000" + topic;
    }

    /** One JSON object, no newline. */
    public String toJson() {
        return StrictJson.write(this::write);
    }

    public void write(JsonGenerator g) throws IOException {
        g.writeStartObject();
        g.writeStringField("event", kind.id());
        g.writeStringField("rule", rule);
        g.writeStringField("condition", condition.id());
        g.writeStringField("severity", severity.id());
        g.writeStringField("topic", topic);
        g.writeStringField("participantGuid", participantGuid);
        g.writeStringField("participant", participant);
        g.writeStringField("time", time.toString());
        g.writeStringField("firedAt", firedAt.toString());
        g.writeStringField("detail", detail);
        g.writeEndObject();
    }

    /** Reads back what {@link #write} wrote (the Alerts history file). */
    public static HealthEvent fromJson(com.fasterxml.jackson.databind.JsonNode n) {
        Condition c = Condition.of(n.path("condition").asText());
        Severity s = Severity.of(n.path("severity").asText());
        if (c == null || s == null) {
            throw new IllegalArgumentException("not a health event: " + n);
        }
        return new HealthEvent(n.path("event").asText().equals("cleared") ? Kind.CLEARED : Kind.FIRED,
                n.path("rule").asText(), c, s, n.path("topic").asText(), text(n, "participantGuid"),
                text(n, "participant"), Instant.parse(n.path("time").asText()), Instant.parse(n.path("firedAt").asText()),
                n.path("detail").asText());
    }

    private static String text(com.fasterxml.jackson.databind.JsonNode n, String f) {
        var v = n.get(f);
        return v == null || v.isNull() ? null : v.asText();
    }

    /** One line for people: {@code 12:00:01 ERROR fired sensor-deadline SensorData (peer): detail}. */
    public String toText() {
        return time + " " + severity.name() + " " + kind.id() + " " + rule + " " + topic
                + (participant != null ? " (" + participant + ")" : "") + ": " + detail;
    }
}
