package org.ddstuner.cli;

import java.util.LinkedHashMap;
import java.util.Map;

import org.ddstuner.agent.OverrideFile;

/**
 * The override file's text for {@code qos override}: the agent's values (as typed) made records and written by
 * {@link OverrideFile}, whose refusals are usage errors here.
 */
final class QosOverrideXml {

    private QosOverrideXml() {
    }

    static String write(String process, Map<String, String> writer, Map<String, String> reader,
            String topic, String entity) {
        try {
            return OverrideFile.write(process, records(writer), records(reader), topic, entity);
        } catch (IllegalArgumentException e) {
            throw new CliException(Main.EXIT_USAGE, e.getMessage());
        }
    }

    private static Map<String, Object> records(Map<String, String> texts) {
        if (texts == null) {
            return null;
        }
        Map<String, Object> m = new LinkedHashMap<>();
        texts.forEach((p, t) -> m.put(p, QosValues.toRecord(p, t)));
        return m;
    }
}
