package org.ddstuner.health;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.ddstuner.health.internal.JsonLocations;
import org.ddstuner.json.JsonSyntaxException;
import org.ddstuner.json.StrictJson;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The rules of a rules file, a JSON document a person writes and shares:
 *
 * <pre>
 * { "rules": [
 *     { "name": "sensor-deadline", "when": "deadline-missed", "topic": "SensorData", "participant": "*",
 *       "threshold": 1, "window": 2, "severity": "error" } ] }
 * </pre>
 *
 * {@code when} is a {@link Condition} id; {@code topic}/{@code participant} are {@link Glob}s (default {@code *});
 * {@code threshold} defaults per condition; {@code window} is seconds (default 2); {@code severity} info, warning
 * or error (default warning); a sample-lost rule may name a {@code sequenceField} (see {@link Rule}). Unknown
 * members are refused (a typo would silently disable a rule otherwise).
 */
public record RuleSet(List<Rule> rules) {

    private static final Set<String> TOP = Set.of("rules", "version");
    private static final Set<String> MEMBERS = Set.of("name", "when", "topic", "participant", "threshold", "window",
            "severity", "sequenceField");

    public RuleSet {
        rules = List.copyOf(rules);
    }

    public static RuleSet read(Path file) throws RulesFileException {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new RulesFileException(file + ": cannot read the rules file: " + e.getMessage());
        }
        return parse(text, file.toString());
    }

    /** Parses the text of a rules file; {@code source} names it in messages. */
    public static RuleSet parse(String text, String source) throws RulesFileException {
        return parse(text, source, true);
    }

    /**
     * Parses rules as {@link #parse(String, String)} does; with {@code uniqueNames} false a name may come again, as in
     * the rules of a connection's several watches (each topic watch names its rules alike, the topics differ), which a
     * remote agent receives as one text ({@link #toJson}).
     */
    public static RuleSet parse(String text, String source, boolean uniqueNames) throws RulesFileException {
        ObjectNode root;
        try {
            root = StrictJson.parseObject(text);
        } catch (JsonSyntaxException e) {
            throw new RulesFileException(source, e.line(), e.column(), "not valid JSON: " + e.problem());
        }
        Parser p = new Parser(new JsonLocations(text), source);
        p.onlyKnown(root, "", TOP);
        JsonNode version = root.get("version");
        if (version != null && !(version.isIntegralNumber() && version.intValue() == 1)) {
            throw p.error("/version", "only version 1 is known");
        }
        JsonNode rules = root.get("rules");
        if (rules == null || !rules.isArray()) {
            throw p.error(rules == null ? "" : "/rules", "expected \"rules\": [ … ], an array of rules");
        }
        List<Rule> out = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (int i = 0; i < rules.size(); i++) {
            Rule r = p.rule(rules.get(i), "/rules/" + i, i);
            if (!names.add(r.name()) && uniqueNames) {
                throw p.error("/rules/" + i + "/name", "a second rule named \"" + r.name() + "\"");
            }
            out.add(r);
        }
        return new RuleSet(out);
    }

    /** The rules as a rules file (what {@link #parse} reads back). */
    public String toJson() {
        return StrictJson.write(g -> {
            g.writeStartObject();
            g.writeNumberField("version", 1);
            g.writeArrayFieldStart("rules");
            for (Rule r : rules) {
                write(g, r);
            }
            g.writeEndArray();
            g.writeEndObject();
        });
    }

    private static void write(JsonGenerator g, Rule r) throws IOException {
        g.writeStartObject();
        g.writeStringField("name", r.name());
        g.writeStringField("when", r.condition().id());
        g.writeStringField("topic", r.topic().text());
        g.writeStringField("participant", r.participant().text());
        g.writeNumberField("threshold", r.threshold());
        g.writeNumberField("window", r.window().toMillis() / 1000.0);
        g.writeStringField("severity", r.severity().id());
        if (r.sequenceField() != null) {
            g.writeStringField("sequenceField", r.sequenceField());
        }
        g.writeEndObject();
    }

    private record Parser(JsonLocations at, String source) {

        RulesFileException error(String pointer, String problem) {
            JsonLocations.At a = at.of(pointer);
            return new RulesFileException(source, a.line(), a.column(), problem);
        }

        void onlyKnown(JsonNode o, String pointer, Set<String> known) throws RulesFileException {
            for (Iterator<Map.Entry<String, JsonNode>> it = o.properties().iterator(); it.hasNext();) {
                String k = it.next().getKey();
                if (!known.contains(k)) {
                    throw error(pointer + "/" + k, "unknown member \"" + k + "\" (known: " + String.join(", ",
                            known.stream().sorted().toList()) + ")");
                }
            }
        }

        Rule rule(JsonNode n, String ptr, int index) throws RulesFileException {
            if (!n.isObject()) {
                throw error(ptr, "a rule is an object { \"when\": …, … }, not " + StrictJson.kind(n));
            }
            onlyKnown(n, ptr, MEMBERS);
            String when = text(n, ptr, "when", null);
            if (when == null) {
                throw error(ptr, "the rule has no \"when\" (one of " + Condition.ids() + ")");
            }
            Condition c = Condition.of(when);
            if (c == null) {
                throw error(ptr + "/when", "unknown condition \"" + when + "\" (known: " + Condition.ids() + ")");
            }
            String name = text(n, ptr, "name", c.id() + "-" + (index + 1));
            String sev = text(n, ptr, "severity", "warning");
            Severity s = Severity.of(sev);
            if (s == null) {
                throw error(ptr + "/severity", "unknown severity \"" + sev + "\" (info, warning or error)");
            }
            double threshold = number(n, ptr, "threshold", c.defaultThreshold());
            double window = number(n, ptr, "window", Rule.DEFAULT_WINDOW.toMillis() / 1000.0);
            if (window <= 0 || window > 86_400) {
                throw error(ptr + "/window", "window must be more than 0 and at most 86400 seconds");
            }
            String seq = text(n, ptr, "sequenceField", null);
            if (seq != null && c != Condition.SAMPLE_LOST) {
                throw error(ptr + "/sequenceField", "\"sequenceField\" belongs to a sample-lost rule, not " + c.id());
            }
            return new Rule(name, c, Glob.of(text(n, ptr, "topic", "*")), Glob.of(text(n, ptr, "participant", "*")),
                    threshold, s, Duration.ofMillis(Math.round(window * 1000)), seq);
        }

        private String text(JsonNode n, String ptr, String member, String dflt) throws RulesFileException {
            JsonNode v = n.get(member);
            if (v == null) {
                return dflt;
            }
            if (!v.isTextual() || v.textValue().isEmpty()) {
                throw error(ptr + "/" + member, "\"" + member + "\" must be a non-empty string, not " + StrictJson.kind(v));
            }
            return v.textValue();
        }

        private double number(JsonNode n, String ptr, String member, double dflt) throws RulesFileException {
            JsonNode v = n.get(member);
            if (v == null) {
                return dflt;
            }
            if (!v.isNumber() || v.decimalValue().compareTo(BigDecimal.ZERO) < 0) {
                throw error(ptr + "/" + member, "\"" + member + "\" must be a number ≥ 0, not " + StrictJson.kind(v)
                        + (v.isNumber() ? " " + v : ""));
            }
            return v.doubleValue();
        }
    }
}
