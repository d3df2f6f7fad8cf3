/**
 * The XTypes type model shared by the IDL parser/printer ({@code org.ddstuner.types.idl}), the ROS 2
 * {@code .msg} parser ({@code org.ddstuner.types.ros}) and the XCDR codec ({@code org.ddstuner.types.cdr}).
 *
 * <h2>Types</h2>
 * {@link org.ddstuner.types.DdsType} is sealed: anonymous types are held by value
 * ({@link org.ddstuner.types.PrimitiveType} enum, {@link org.ddstuner.types.StringType},
 * {@link org.ddstuner.types.SequenceType}, {@link org.ddstuner.types.ArrayType}); declared types
 * ({@link org.ddstuner.types.NamedType}: struct, union, enum, bitmask, alias) live in a
 * {@link org.ddstuner.types.TypeLibrary} under their fully scoped name ({@code "a::b::T"}, no leading
 * {@code ::}) and are always referenced from members, elements, discriminators and alias targets through a
 * {@link org.ddstuner.types.TypeRef}. {@code library.unalias(type)} turns any type into a non-ref,
 * non-alias one. All records are immutable and compare by value, so a parsed and a re-printed-then-parsed
 * library are {@code equals}.
 *
 * <p>Annotations that change meaning are fields ({@code @key}, {@code @optional}, extensibility,
 * {@code @autoid}, {@code @bit_bound}, {@code @position}, {@code @value}, {@code @default_literal}); every
 * other annotation is kept as data in {@code annotations()} ({@code @id}, {@code @hashid},
 * {@code @default}, {@code @min}, {@code @max}, {@code @unit}, {@code @topic}, {@code @nested},
 * {@code @verbatim}, unknown ones). {@link org.ddstuner.types.Member#id()} always holds the computed
 * XTypes member id. Struct members do not include the base's: use
 * {@link org.ddstuner.types.TypeLibrary#allMembers}.
 *
 * <h2>Sample values</h2>
 * Values of these types (what the codec produces and consumes, what editors show) are plain Java objects:
 * <ul>
 * <li>boolean → {@code Boolean}; int8 → {@code Byte}; octet, uint8, int16 → {@code Short}; uint16, int32 →
 * {@code Integer}; uint32, int64 → {@code Long}; uint64 → {@code BigInteger}; float → {@code Float};
 * double → {@code Double}; long double → {@code BigDecimal}; char, wchar → {@code Character}
 * (see {@link org.ddstuner.types.DefaultValues#zero});</li>
 * <li>string, wstring → {@code String};</li>
 * <li>enum → {@link org.ddstuner.types.Enumerator} (a value with no enumerator decodes to
 * {@code new Enumerator(String.valueOf(v), v)}); bitmask → {@code Long} (the bits);</li>
 * <li>sequence, array → {@code List<Object>} (multi-dimensional arrays as nested lists, outermost first);</li>
 * <li>struct → {@code Map<String,Object>} in member order, base members first; an absent optional
 * member maps to {@code null};</li>
 * <li>union → {@link org.ddstuner.types.UnionValue}; alias → the value of its target.</li>
 * </ul>
 * {@link org.ddstuner.types.FieldPaths} flattens a struct to leaf paths ({@code "pose.position.x"},
 * {@code "m[1][2]"}) and reads them from such values; {@link org.ddstuner.types.DefaultValues} makes a
 * fresh value.
 */
package org.ddstuner.types;
