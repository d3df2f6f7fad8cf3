package org.ddstuner.agent;

import java.util.Map;

/**
 * One entity of an application, as its agent lists it.
 *
 * @param id     GUID as 32 hex digits, or "handle:N" for entities without one (publisher, subscriber, topic)
 * @param kind   participant, publisher, subscriber, topic, reader or writer
 * @param parent id of the parent ("" for a participant)
 * @param qos    policy name → value in the agent's text form
 */
public record AgentEntity(String id, String kind, String parent, String topic, String type, Map<String, String> qos) {
}
