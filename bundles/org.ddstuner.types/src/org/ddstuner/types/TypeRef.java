package org.ddstuner.types;

import java.util.Objects;

/**
 * A reference to a declared type by its fully scoped name ({@code "geometry_msgs::msg::dds_::Point_"},
 * never with a leading {@code ::}). Resolve with {@link TypeLibrary#resolve(DdsType)}.
 */
public record TypeRef(String name) implements DdsType {
    public TypeRef {
        Objects.requireNonNull(name, "name");
        if (name.startsWith("::")) {
            name = name.substring(2);
        }
    }
}
