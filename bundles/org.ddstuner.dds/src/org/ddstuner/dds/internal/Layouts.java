package org.ddstuner.dds.internal;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BOOLEAN;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemoryLayout.PathElement;
import java.lang.foreign.StructLayout;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The C struct layouts (LP64) the binding reads and writes. They are identical in libddsc 0.10.x and
 * 11.x; {@link #asMap()} feeds the layout probe test (releng/probe/layout_probe.c), which compares
 * every size and offset with what the C compiler computes from the installed headers.
 */
public final class Layouts {

    /** dds_guid_t / builtin topic keys: 16 bytes. */
    public static final MemoryLayout GUID = MemoryLayout.sequenceLayout(16, JAVA_BYTE);

    public static final StructLayout SAMPLE_INFO = MemoryLayout.structLayout(
            JAVA_INT.withName("sample_state"),
            JAVA_INT.withName("view_state"),
            JAVA_INT.withName("instance_state"),
            JAVA_BOOLEAN.withName("valid_data"),
            MemoryLayout.paddingLayout(3),
            JAVA_LONG.withName("source_timestamp"),
            JAVA_LONG.withName("instance_handle"),
            JAVA_LONG.withName("publication_handle"),
            JAVA_INT.withName("disposed_generation_count"),
            JAVA_INT.withName("no_writers_generation_count"),
            JAVA_INT.withName("sample_rank"),
            JAVA_INT.withName("generation_rank"),
            JAVA_INT.withName("absolute_generation_rank"),
            MemoryLayout.paddingLayout(4)).withName("dds_sample_info_t");

    public static final StructLayout BUILTIN_PARTICIPANT = MemoryLayout.structLayout(
            GUID.withName("key"),
            ADDRESS.withName("qos")).withName("dds_builtintopic_participant_t");

    public static final StructLayout BUILTIN_ENDPOINT = MemoryLayout.structLayout(
            GUID.withName("key"),
            GUID.withName("participant_key"),
            JAVA_LONG.withName("participant_instance_handle"),
            ADDRESS.withName("topic_name"),
            ADDRESS.withName("type_name"),
            ADDRESS.withName("qos")).withName("dds_builtintopic_endpoint_t");

    public static final StructLayout BUILTIN_TOPIC = MemoryLayout.structLayout(
            GUID.withName("key"),
            ADDRESS.withName("topic_name"),
            ADDRESS.withName("type_name"),
            ADDRESS.withName("qos")).withName("dds_builtintopic_topic_t");

    public static final StructLayout KEY_DESCRIPTOR = MemoryLayout.structLayout(
            ADDRESS.withName("m_name"),
            JAVA_INT.withName("m_offset"),
            JAVA_INT.withName("m_idx")).withName("dds_key_descriptor_t");

    public static final StructLayout TYPE_META_SER = MemoryLayout.structLayout(
            ADDRESS.withName("data"),
            JAVA_INT.withName("sz"),
            MemoryLayout.paddingLayout(4)).withName("dds_type_meta_ser");

    public static final StructLayout TOPIC_DESCRIPTOR = MemoryLayout.structLayout(
            JAVA_INT.withName("m_size"),
            JAVA_INT.withName("m_align"),
            JAVA_INT.withName("m_flagset"),
            JAVA_INT.withName("m_nkeys"),
            ADDRESS.withName("m_typename"),
            ADDRESS.withName("m_keys"),
            JAVA_INT.withName("m_nops"),
            MemoryLayout.paddingLayout(4),
            ADDRESS.withName("m_ops"),
            ADDRESS.withName("m_meta"),
            TYPE_META_SER.withName("type_information"),
            TYPE_META_SER.withName("type_mapping"),
            JAVA_INT.withName("restrict_data_representation"),
            MemoryLayout.paddingLayout(4)).withName("dds_topic_descriptor_t");

    public static final StructLayout SEQUENCE = MemoryLayout.structLayout(
            JAVA_INT.withName("_maximum"),
            JAVA_INT.withName("_length"),
            ADDRESS.withName("_buffer"),
            JAVA_BOOLEAN.withName("_release"),
            MemoryLayout.paddingLayout(7)).withName("dds_sequence_t");

    /** dds_istream_t (ddsi_cdrstream.h in 0.10.x, dds/cdr/dds_cdrstream.h in 11.x: same members). */
    public static final StructLayout ISTREAM = MemoryLayout.structLayout(
            ADDRESS.withName("m_buffer"),
            JAVA_INT.withName("m_size"),
            JAVA_INT.withName("m_index"),
            JAVA_INT.withName("m_xcdr_version"),
            MemoryLayout.paddingLayout(4)).withName("dds_istream_t");

    public static final StructLayout PUBLICATION_MATCHED_STATUS = MemoryLayout.structLayout(
            JAVA_INT.withName("total_count"),
            JAVA_INT.withName("total_count_change"),
            JAVA_INT.withName("current_count"),
            JAVA_INT.withName("current_count_change"),
            JAVA_LONG.withName("last_subscription_handle")).withName("dds_publication_matched_status_t");

    public static final StructLayout SUBSCRIPTION_MATCHED_STATUS = MemoryLayout.structLayout(
            JAVA_INT.withName("total_count"),
            JAVA_INT.withName("total_count_change"),
            JAVA_INT.withName("current_count"),
            JAVA_INT.withName("current_count_change"),
            JAVA_LONG.withName("last_publication_handle")).withName("dds_subscription_matched_status_t");

    /** dds_public_status.h: a reader's statuses ({@code org.ddstuner.dds.ReaderStatuses}). */
    public static final StructLayout REQUESTED_DEADLINE_MISSED_STATUS = MemoryLayout.structLayout(
            JAVA_INT.withName("total_count"),
            JAVA_INT.withName("total_count_change"),
            JAVA_LONG.withName("last_instance_handle")).withName("dds_requested_deadline_missed_status_t");

    public static final StructLayout LIVELINESS_CHANGED_STATUS = MemoryLayout.structLayout(
            JAVA_INT.withName("alive_count"),
            JAVA_INT.withName("not_alive_count"),
            JAVA_INT.withName("alive_count_change"),
            JAVA_INT.withName("not_alive_count_change"),
            JAVA_LONG.withName("last_publication_handle")).withName("dds_liveliness_changed_status_t");

    public static final StructLayout SAMPLE_LOST_STATUS = MemoryLayout.structLayout(
            JAVA_INT.withName("total_count"),
            JAVA_INT.withName("total_count_change")).withName("dds_sample_lost_status_t");

    public static final StructLayout SAMPLE_REJECTED_STATUS = MemoryLayout.structLayout(
            JAVA_INT.withName("total_count"),
            JAVA_INT.withName("total_count_change"),
            JAVA_INT.withName("last_reason"),
            MemoryLayout.paddingLayout(4),
            JAVA_LONG.withName("last_instance_handle")).withName("dds_sample_rejected_status_t");

    public static final StructLayout REQUESTED_INCOMPATIBLE_QOS_STATUS = MemoryLayout.structLayout(
            JAVA_INT.withName("total_count"),
            JAVA_INT.withName("total_count_change"),
            JAVA_INT.withName("last_policy_id")).withName("dds_requested_incompatible_qos_status_t");

    /** What Cyclone passes to a log sink; {@code message} is preceded by {@code hdrsize} bytes of header. */
    public static final StructLayout LOG_DATA = MemoryLayout.structLayout(
            JAVA_INT.withName("priority"),
            JAVA_INT.withName("domid"),
            ADDRESS.withName("file"),
            JAVA_INT.withName("line"),
            MemoryLayout.paddingLayout(4),
            ADDRESS.withName("function"),
            ADDRESS.withName("message"),
            JAVA_LONG.withName("size"),
            JAVA_LONG.withName("hdrsize")).withName("dds_log_data_t");

    // XTypes TypeInformation as C structs (dds_typeinfo_t is struct ddsi_typeinfo { DDS_XTypes_TypeInformation x; })
    /** A union: discriminator then 40 bytes; for hashed kinds the 14-byte equivalence hash starts the union. */
    public static final StructLayout XT_TYPE_IDENTIFIER = MemoryLayout.structLayout(
            JAVA_BYTE.withName("_d"),
            MemoryLayout.paddingLayout(7),
            MemoryLayout.sequenceLayout(40, JAVA_BYTE).withName("_u")).withName("DDS_XTypes_TypeIdentifier");

    public static final StructLayout XT_TYPE_IDENTIFIER_WITH_SIZE = MemoryLayout.structLayout(
            XT_TYPE_IDENTIFIER.withName("type_id"),
            JAVA_INT.withName("typeobject_serialized_size"),
            MemoryLayout.paddingLayout(4)).withName("DDS_XTypes_TypeIdentifierWithSize");

    public static final StructLayout XT_TYPE_IDENTIFIER_WITH_DEPENDENCIES = MemoryLayout.structLayout(
            XT_TYPE_IDENTIFIER_WITH_SIZE.withName("typeid_with_size"),
            JAVA_INT.withName("dependent_typeid_count"),
            MemoryLayout.paddingLayout(4),
            SEQUENCE.withName("dependent_typeids")).withName("DDS_XTypes_TypeIdentifierWithDependencies");

    public static final StructLayout XT_TYPE_INFORMATION = MemoryLayout.structLayout(
            XT_TYPE_IDENTIFIER_WITH_DEPENDENCIES.withName("minimal"),
            XT_TYPE_IDENTIFIER_WITH_DEPENDENCIES.withName("complete")).withName("DDS_XTypes_TypeInformation");

    /** struct dds_statistics (dds_statistics.h): the header; kv[] (a flexible array) follows at its size. */
    public static final StructLayout STATISTICS = MemoryLayout.structLayout(
            JAVA_INT.withName("entity"),
            MemoryLayout.paddingLayout(4),
            JAVA_LONG.withName("opaque"),
            JAVA_LONG.withName("time"),
            JAVA_LONG.withName("count")).withName("dds_statistics");

    /** struct dds_stat_keyvalue: name, kind (dds_stat_kind), value union (u32 or u64). */
    public static final StructLayout STAT_KEYVALUE = MemoryLayout.structLayout(
            ADDRESS.withName("name"),
            JAVA_INT.withName("kind"),
            MemoryLayout.paddingLayout(4),
            JAVA_LONG.withName("u")).withName("dds_stat_keyvalue");

    public static final List<StructLayout> ALL = List.of(SAMPLE_INFO, BUILTIN_PARTICIPANT, BUILTIN_ENDPOINT,
            BUILTIN_TOPIC, KEY_DESCRIPTOR, TYPE_META_SER, TOPIC_DESCRIPTOR, SEQUENCE, ISTREAM, PUBLICATION_MATCHED_STATUS,
            SUBSCRIPTION_MATCHED_STATUS, REQUESTED_DEADLINE_MISSED_STATUS, LIVELINESS_CHANGED_STATUS, SAMPLE_LOST_STATUS,
            SAMPLE_REJECTED_STATUS, REQUESTED_INCOMPATIBLE_QOS_STATUS, LOG_DATA, XT_TYPE_IDENTIFIER, XT_TYPE_IDENTIFIER_WITH_SIZE,
            XT_TYPE_IDENTIFIER_WITH_DEPENDENCIES, XT_TYPE_INFORMATION, STATISTICS, STAT_KEYVALUE);

    private Layouts() {
    }

    /** Byte offset of a named member. */
    public static long offset(StructLayout layout, String member) {
        return layout.byteOffset(PathElement.groupElement(member));
    }

    /**
     * Every size and offset ({@code sizeof.T}, {@code offsetof.T.member}) and every constant
     * ({@link NativeConstants}) the binding hard-codes, in the same notation as layout_probe.c prints.
     */
    public static Map<String, Long> asMap() {
        Map<String, Long> m = new LinkedHashMap<>();
        for (StructLayout s : ALL) {
            String type = s.name().orElseThrow();
            m.put("sizeof." + type, s.byteSize());
            for (MemoryLayout member : s.memberLayouts()) {
                member.name().ifPresent(n -> m.put("offsetof." + type + "." + n, offset(s, n)));
            }
        }
        m.putAll(NativeConstants.asMap());
        return m;
    }
}
