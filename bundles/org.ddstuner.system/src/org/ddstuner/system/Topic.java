package org.ddstuner.system;

import java.util.List;

import org.ddstuner.dds.Guid;

/**
 * A topic name as seen through its endpoints and, where the DDS library reports it, its DCPSTopic
 * announcements (a topic seen from one side only is a topic too, and so is one known only from DCPSTopic).
 *
 * @param typeNames   every type name used by an endpoint on it or announced for it, sorted; more than one is
 *                    worth a look
 * @param definitions the DCPSTopic announcements of this name (one per type name), sorted by type name; empty
 *                    when none arrived: libddsc announces topics only when topic discovery is on at both ends
 *                    ({@code EnableTopicDiscoveryEndpoints}, off by default) and only for types with type
 *                    information, and other vendors' participants may not announce them at all
 */
public record Topic(String name, List<String> typeNames, List<Guid> writers, List<Guid> readers,
        List<TopicDefinition> definitions) {

    public Topic {
        typeNames = List.copyOf(typeNames);
        writers = List.copyOf(writers);
        readers = List.copyOf(readers);
        definitions = List.copyOf(definitions);
    }

    /** A topic known from its endpoints only. */
    public Topic(String name, List<String> typeNames, List<Guid> writers, List<Guid> readers) {
        this(name, typeNames, writers, readers, List.of());
    }

    /** The topic QoS announced on DCPSTopic (of the first definition), or {@code null} when none was. */
    public org.ddstuner.dds.Qos announcedQos() {
        return definitions.isEmpty() ? null : definitions.get(0).qos();
    }

    /** True when the topic is known from DCPSTopic but no (visible) reader or writer uses it. */
    public boolean definedOnly() {
        return writers.isEmpty() && readers.isEmpty() && !definitions.isEmpty();
    }

    public boolean hasConflictingTypeNames() {
        return typeNames.size() > 1;
    }
}
