package org.ddstuner.health.remote;

import java.util.ArrayList;
import java.util.List;

import org.ddstuner.health.RuleSet;
import org.ddstuner.health.RulesFileException;
import org.ddstuner.remote.Capability;
import org.ddstuner.remote.Operation;
import org.ddstuner.remote.OperationContext;
import org.ddstuner.remote.OperationException;
import org.ddstuner.remote.Protocol;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Health watches a remote agent runs for its clients (PROTOCOL.md, "Operations"): {@code watch-start} (a rules file's
 * text and topics → a watch key held in the client's session), {@code watch-set} (new rules or topics),
 * {@code watch-events} (the watch's events and notes from position N, the problems firing now) and
 * {@code watch-stop}. Read-only: a watch only reads, so no capability is needed. The watcher's readers live in the
 * agent's domain; the client polls for what they saw.
 */
public final class WatchOperations {

    public static final String START = "watch-start";
    public static final String SET = "watch-set";
    public static final String EVENTS = "watch-events";
    public static final String STOP = "watch-stop";
    /** The code of a refusal for a watch key the session does not hold (the agent restarted, or the link was cut). */
    public static final String UNKNOWN_WATCH = "unknown-watch";

    private static final String PREFIX = "watch";

    private WatchOperations() {
    }

    /** The four operations, as {@code ddstuner serve} registers them. */
    public static List<Operation> all() {
        return List.of(op(START, WatchOperations::start), op(SET, WatchOperations::set),
                op(EVENTS, WatchOperations::events), op(STOP, WatchOperations::stop));
    }

    private interface Body {
        JsonNode run(OperationContext c, JsonNode args) throws OperationException;
    }

    private static Operation op(String name, Body body) {
        return new Operation() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public Capability needs() {
                return null;
            }

            @Override
            public JsonNode run(OperationContext context, JsonNode args) throws OperationException {
                return body.run(context, args);
            }
        };
    }

    private static JsonNode start(OperationContext c, JsonNode args) throws OperationException {
        if (c.connection() == null) {
            throw new OperationException("no-domain", "this agent serves a model only, not a domain to watch");
        }
        RuleSet given = rules(args);
        RuleSet rules = given == null ? new RuleSet(List.of()) : given;
        List<String> topics = topics(args);
        if (rules.rules().isEmpty() && (topics == null || topics.isEmpty())) {
            throw new OperationException(Protocol.MALFORMED_FRAME, "needs \"rules\" (a rules file's text) with rules, "
                    + "or \"topics\"");
        }
        String key = c.resources().newKey(PREFIX);
        ServedWatch w = new ServedWatch(c.connection(), rules, topics == null ? List.of() : topics);
        c.resources().hold(key, w);
        ObjectNode r = JsonNodeFactory.instance.objectNode();
        r.put("watch", key);
        r.put("rules", rules.rules().size());
        return r;
    }

    private static JsonNode set(OperationContext c, JsonNode args) throws OperationException {
        ServedWatch w = watch(c, args);
        w.update(rules(args), topics(args));
        ObjectNode r = JsonNodeFactory.instance.objectNode();
        r.put("watch", args.path("watch").asText());
        return r;
    }

    private static JsonNode events(OperationContext c, JsonNode args) throws OperationException {
        ServedWatch w = watch(c, args);
        JsonNode after = args.get("after");
        if (after != null && !after.canConvertToLong()) {
            throw new OperationException(Protocol.MALFORMED_FRAME, "\"after\" must be a whole number");
        }
        ObjectNode r = w.page(after == null ? 0 : after.asLong());
        r.put("watch", args.path("watch").asText());
        return r;
    }

    private static JsonNode stop(OperationContext c, JsonNode args) throws OperationException {
        String key = key(args);
        ObjectNode r = JsonNodeFactory.instance.objectNode();
        r.put("stopped", c.resources().release(key));
        return r;
    }

    private static ServedWatch watch(OperationContext c, JsonNode args) throws OperationException {
        String key = key(args);
        ServedWatch w = c.resources().get(key, ServedWatch.class);
        if (w == null) {
            throw new OperationException(UNKNOWN_WATCH, "no watch " + key + " in this session (the agent restarted or "
                    + "the link was cut: start it again)");
        }
        return w;
    }

    private static String key(JsonNode args) throws OperationException {
        JsonNode k = args.get("watch");
        if (k == null || !k.isTextual() || !k.textValue().startsWith(PREFIX + "/")) {
            throw new OperationException(Protocol.MALFORMED_FRAME, "needs \"watch\" (the key watch-start gave)");
        }
        return k.textValue();
    }

    /** The {@code rules} argument (a rules file's text), or {@code null} when absent. */
    private static RuleSet rules(JsonNode args) throws OperationException {
        JsonNode t = args.get("rules");
        if (t == null || t.isNull()) {
            return null;
        }
        if (!t.isTextual()) {
            throw new OperationException(Protocol.MALFORMED_FRAME, "\"rules\" must be a rules file's text");
        }
        try {
            return RuleSet.parse(t.textValue(), "rules", false); // several watches' rules may share names
        } catch (RulesFileException e) {
            throw new OperationException("bad-value", e.getMessage());
        }
    }

    /** The {@code topics} argument, or {@code null} when absent. */
    private static List<String> topics(JsonNode args) throws OperationException {
        JsonNode t = args.get("topics");
        if (t == null || t.isNull()) {
            return null;
        }
        if (!t.isArray()) {
            throw new OperationException(Protocol.MALFORMED_FRAME, "\"topics\" must be an array of topic names");
        }
        List<String> out = new ArrayList<>();
        for (JsonNode n : t) {
            if (!n.isTextual() || n.textValue().isBlank()) {
                throw new OperationException(Protocol.MALFORMED_FRAME, "\"topics\" must be an array of topic names");
            }
            out.add(n.textValue());
        }
        return out;
    }
}
