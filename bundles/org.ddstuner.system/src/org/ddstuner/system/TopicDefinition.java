package org.ddstuner.system;

import org.ddstuner.dds.Guid;
import org.ddstuner.dds.Qos;

/**
 * A topic as announced on the DCPSTopic built-in topic: its name, type name and topic QoS. Cyclone keys
 * these by a hash of name and type (not a GUID) and says nothing of who announced it, so a definition
 * belongs to the topic, not to a participant.
 *
 * @param key      Cyclone's 16-byte topic key
 * @param typeName the type name it was defined with (one topic name may have several)
 * @param qos      the topic QoS as announced
 */
public record TopicDefinition(Guid key, String topicName, String typeName, Qos qos) {
}
