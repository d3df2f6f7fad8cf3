/**
 * The XTypes type representation (DDS-XTypes 1.3 Annex B): reading TypeInformation, TypeMapping,
 * TypeObject and TypeIdentifier from their XCDR2 bytes ({@link org.ddstuner.types.xtypes.TypeObjectReader})
 * and turning COMPLETE type objects into the {@link org.ddstuner.types.TypeLibrary} model
 * ({@link org.ddstuner.types.xtypes.TypeObjectConverter}). This is how a type learned over the wire
 * (Cyclone's {@code dds_create_topic_descriptor} fills {@code type_information} and {@code type_mapping})
 * becomes something the tool can show, edit and encode. The inverse,
 * {@link org.ddstuner.types.xtypes.TypeObjectWriter}, makes the TypeInformation and TypeMapping of a type
 * from the model, byte for byte as idlc 0.10.2 does, for topic descriptors built at run time.
 * Pure Java, no native code.
 */
package org.ddstuner.types.xtypes;
