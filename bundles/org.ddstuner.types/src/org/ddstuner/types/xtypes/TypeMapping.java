package org.ddstuner.types.xtypes;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * DDS::XTypes::TypeMapping (Cyclone's {@code type_mapping} in a topic descriptor): the type objects of a
 * type and everything it depends on, by identifier.
 */
public record TypeMapping(List<Pair> minimal, List<Pair> complete, List<IdentifierPair> completeToMinimal) {

    public record Pair(TypeIdentifier id, TypeObject object) {
    }

    public record IdentifierPair(TypeIdentifier complete, TypeIdentifier minimal) {
    }

    public TypeMapping {
        minimal = List.copyOf(minimal);
        complete = List.copyOf(complete);
        completeToMinimal = List.copyOf(completeToMinimal);
    }

    /** The COMPLETE type objects by identifier, in mapping order. */
    public Map<TypeIdentifier, TypeObject> completeObjects() {
        Map<TypeIdentifier, TypeObject> m = new LinkedHashMap<>();
        for (Pair p : complete) {
            m.put(p.id(), p.object());
        }
        return m;
    }
}
