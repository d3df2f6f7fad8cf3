package org.ddstuner.types;

/**
 * One leaf column of a flattened struct: {@code "pose.position.x"}, {@code "ranges"}, {@code "m[1][2]"}.
 *
 * @param path the dotted path; array elements as {@code [i]}
 * @param type the leaf's type (a primitive, string, enum, bitmask, sequence, union or a large array),
 *             as declared (may be a {@link TypeRef} or an alias: unalias with the library)
 * @param key  whether the leaf is part of the topic key
 */
public record FieldPath(String path, DdsType type, boolean key) {
}
