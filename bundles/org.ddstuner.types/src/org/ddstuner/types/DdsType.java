package org.ddstuner.types;

/**
 * A DDS (XTypes) data type. Anonymous types ({@link PrimitiveType}, {@link StringType},
 * {@link SequenceType}, {@link ArrayType}) are held by value; declared types ({@link NamedType}) live in
 * a {@link TypeLibrary} and are referenced from members by name with a {@link TypeRef}, which is what
 * lets types refer to each other recursively and lets every record stay immutable.
 */
public sealed interface DdsType permits PrimitiveType, StringType, SequenceType, ArrayType, TypeRef, NamedType {
}
