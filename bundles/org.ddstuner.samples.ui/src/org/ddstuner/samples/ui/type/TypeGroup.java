package org.ddstuner.samples.ui.type;

import java.util.List;

import org.ddstuner.types.xtypes.LearnedType;

/**
 * The endpoints of a topic that use one and the same type.
 *
 * @param number 1, 2, 3… as the view names it ("type 2")
 */
public record TypeGroup(int number, LearnedType type, String idl, List<EndpointType> endpoints) {

    public TypeGroup {
        endpoints = List.copyOf(endpoints);
    }

    public String typeName() {
        return type.typeName();
    }

    /** "writer w of app" for one endpoint, "writer w of app and 2 more" for several: tells same-named types apart. */
    public String who() {
        String first = endpoints.get(0).label();
        return endpoints.size() == 1 ? first : first + " and " + (endpoints.size() - 1) + " more";
    }

    /** "2 writers, 1 reader". */
    public String usage() {
        long writers = endpoints.stream().filter(e -> !e.endpoint().isReader()).count();
        long readers = endpoints.size() - writers;
        return TopicTypes.count(writers, "writer") + ", " + TopicTypes.count(readers, "reader");
    }
}
