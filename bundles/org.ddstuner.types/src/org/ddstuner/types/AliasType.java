package org.ddstuner.types;

import java.util.List;
import java.util.Objects;

/** {@code typedef T name;} (also array typedefs: {@code typedef long Matrix[3][3];}). */
public record AliasType(String name, DdsType target, List<Annotation> annotations) implements NamedType {
    public AliasType {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(target, "target");
        annotations = List.copyOf(annotations);
    }
}
