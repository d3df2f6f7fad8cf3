package org.ddstuner.types.xtypes;

import java.util.List;

/**
 * DDS::XTypes::TypeInformation, what discovery carries for an endpoint: the MINIMAL and COMPLETE
 * identifiers of its type plus its dependencies. Either part may be {@code null} if the sender left it out.
 */
public record TypeInformation(WithDependencies minimal, WithDependencies complete) {

    public record WithSize(TypeIdentifier typeId, long serializedSize) {
    }

    public record WithDependencies(WithSize typeIdWithSize, int dependentTypeIdCount, List<WithSize> dependentTypeIds) {
        public WithDependencies {
            dependentTypeIds = List.copyOf(dependentTypeIds);
        }
    }

    /** The COMPLETE identifier of the type itself, or {@code null}. */
    public TypeIdentifier completeTypeId() {
        return complete == null ? null : complete.typeIdWithSize().typeId();
    }

    public TypeIdentifier minimalTypeId() {
        return minimal == null ? null : minimal.typeIdWithSize().typeId();
    }
}
