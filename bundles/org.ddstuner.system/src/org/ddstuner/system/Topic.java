package org.ddstuner.system;

import java.util.List;

import org.ddstuner.dds.Guid;

/**
 * A topic name as seen through its endpoints (a topic seen from one side only is a topic too).
 *
 * @param typeNames every type name used by an endpoint on it, sorted; more than one is worth a look
 */
public record Topic(String name, List<String> typeNames, List<Guid> writers, List<Guid> readers) {

    public Topic {
        typeNames = List.copyOf(typeNames);
        writers = List.copyOf(writers);
        readers = List.copyOf(readers);
    }

    public boolean hasConflictingTypeNames() {
        return typeNames.size() > 1;
    }
}
