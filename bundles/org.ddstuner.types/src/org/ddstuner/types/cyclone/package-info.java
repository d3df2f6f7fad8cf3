/**
 * Cyclone DDS topic descriptors ({@code dds_topic_descriptor_t}) for types known only as a model: the ops
 * program, key descriptors, C sample size/alignment and flags exactly as {@code idlc -l c} of Cyclone DDS
 * 0.10.2 generates them, so libddsc can read and write native samples of a user-imported IDL, ROS 2
 * {@code .msg} or demo type.
 *
 * <pre>{@code
 * CycloneDescriptor d = OpsGenerator.generate(library, "std_msgs::msg::dds_::Header_");
 * // fill a dds_topic_descriptor_t: m_size=d.size(), m_align=d.align(),
 * // m_flagset=d.flagsWithoutTypeInformation() (no type_information given), m_nkeys=d.keys().size(),
 * // m_keys from d.keys(), m_nops=d.instructionCount() (0.10.2; 11.x wants d.ops().length), m_ops=d.ops()
 * }</pre>
 *
 * {@link org.ddstuner.types.cyclone.CLayout} gives the matching C layout (x86-64 SysV) to build samples.
 * Pure Java; nothing here calls libddsc.
 */
package org.ddstuner.types.cyclone;
