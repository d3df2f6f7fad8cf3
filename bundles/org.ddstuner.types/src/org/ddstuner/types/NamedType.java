package org.ddstuner.types;

import java.util.List;
import java.util.Optional;

/** A declared type with a fully scoped name such as {@code "a::b::T"}. */
public sealed interface NamedType extends DdsType permits StructType, UnionType, EnumType, BitmaskType, AliasType {

    /** Fully scoped name without leading {@code ::}, e.g. {@code "std_msgs::msg::dds_::String_"}. */
    String name();

    /**
     * Annotations kept as data: everything written in the source that is not represented by a
     * dedicated field of the record (e.g. {@code @topic}, {@code @nested}, {@code @verbatim}, unknown ones).
     */
    List<Annotation> annotations();

    /** The last component of {@link #name()}. */
    default String simpleName() {
        return ScopedNames.simpleName(name());
    }

    /** The enclosing module path ({@code "a::b"} for {@code "a::b::T"}), empty at top level. */
    default String moduleName() {
        return ScopedNames.parent(name());
    }

    default Optional<Annotation> annotation(String annotationName) {
        return Annotation.find(annotations(), annotationName);
    }
}
