/*
 * Layout probe: prints, as name=value lines, every struct size/offset and every constant the Java
 * binding (bundles/org.ddstuner.dds, internal Layouts and NativeConstants) hard-codes, computed by the
 * C compiler from the installed Cyclone headers. LayoutProbeTest compiles this file, runs it and
 * compares each line with Layouts.asMap().
 *   cc -I/usr/include -o /tmp/layout_probe releng/probe/layout_probe.c && /tmp/layout_probe
 */
#include <stddef.h>
#include <stdio.h>
#include <dds/dds.h>
#include <dds/ddsc/dds_statistics.h>
#include <dds/ddsi/ddsi_xt_typeinfo.h>
#include <dds/ddsi/ddsi_cdrstream.h>

#define SIZE(name, T) printf("sizeof.%s=%zu\n", name, sizeof(T))
#define OFF(name, T, m) printf("offsetof.%s.%s=%zu\n", name, #m, offsetof(T, m))
#define CONST(c) printf("%s=%lld\n", #c, (long long) (c))

int main(void)
{
  SIZE("dds_sample_info_t", dds_sample_info_t);
  OFF("dds_sample_info_t", dds_sample_info_t, sample_state);
  OFF("dds_sample_info_t", dds_sample_info_t, view_state);
  OFF("dds_sample_info_t", dds_sample_info_t, instance_state);
  OFF("dds_sample_info_t", dds_sample_info_t, valid_data);
  OFF("dds_sample_info_t", dds_sample_info_t, source_timestamp);
  OFF("dds_sample_info_t", dds_sample_info_t, instance_handle);
  OFF("dds_sample_info_t", dds_sample_info_t, publication_handle);
  OFF("dds_sample_info_t", dds_sample_info_t, disposed_generation_count);
  OFF("dds_sample_info_t", dds_sample_info_t, no_writers_generation_count);
  OFF("dds_sample_info_t", dds_sample_info_t, sample_rank);
  OFF("dds_sample_info_t", dds_sample_info_t, generation_rank);
  OFF("dds_sample_info_t", dds_sample_info_t, absolute_generation_rank);

  SIZE("dds_builtintopic_participant_t", dds_builtintopic_participant_t);
  OFF("dds_builtintopic_participant_t", dds_builtintopic_participant_t, key);
  OFF("dds_builtintopic_participant_t", dds_builtintopic_participant_t, qos);

  SIZE("dds_builtintopic_endpoint_t", dds_builtintopic_endpoint_t);
  OFF("dds_builtintopic_endpoint_t", dds_builtintopic_endpoint_t, key);
  OFF("dds_builtintopic_endpoint_t", dds_builtintopic_endpoint_t, participant_key);
  OFF("dds_builtintopic_endpoint_t", dds_builtintopic_endpoint_t, participant_instance_handle);
  OFF("dds_builtintopic_endpoint_t", dds_builtintopic_endpoint_t, topic_name);
  OFF("dds_builtintopic_endpoint_t", dds_builtintopic_endpoint_t, type_name);
  OFF("dds_builtintopic_endpoint_t", dds_builtintopic_endpoint_t, qos);

  SIZE("dds_builtintopic_topic_t", dds_builtintopic_topic_t);
  OFF("dds_builtintopic_topic_t", dds_builtintopic_topic_t, key);
  OFF("dds_builtintopic_topic_t", dds_builtintopic_topic_t, topic_name);
  OFF("dds_builtintopic_topic_t", dds_builtintopic_topic_t, type_name);
  OFF("dds_builtintopic_topic_t", dds_builtintopic_topic_t, qos);

  SIZE("dds_key_descriptor_t", dds_key_descriptor_t);
  OFF("dds_key_descriptor_t", dds_key_descriptor_t, m_name);
  OFF("dds_key_descriptor_t", dds_key_descriptor_t, m_offset);
  OFF("dds_key_descriptor_t", dds_key_descriptor_t, m_idx);

  SIZE("dds_type_meta_ser", struct dds_type_meta_ser);
  OFF("dds_type_meta_ser", struct dds_type_meta_ser, data);
  OFF("dds_type_meta_ser", struct dds_type_meta_ser, sz);

  SIZE("dds_topic_descriptor_t", dds_topic_descriptor_t);
  OFF("dds_topic_descriptor_t", dds_topic_descriptor_t, m_size);
  OFF("dds_topic_descriptor_t", dds_topic_descriptor_t, m_align);
  OFF("dds_topic_descriptor_t", dds_topic_descriptor_t, m_flagset);
  OFF("dds_topic_descriptor_t", dds_topic_descriptor_t, m_nkeys);
  OFF("dds_topic_descriptor_t", dds_topic_descriptor_t, m_typename);
  OFF("dds_topic_descriptor_t", dds_topic_descriptor_t, m_keys);
  OFF("dds_topic_descriptor_t", dds_topic_descriptor_t, m_nops);
  OFF("dds_topic_descriptor_t", dds_topic_descriptor_t, m_ops);
  OFF("dds_topic_descriptor_t", dds_topic_descriptor_t, m_meta);
  OFF("dds_topic_descriptor_t", dds_topic_descriptor_t, type_information);
  OFF("dds_topic_descriptor_t", dds_topic_descriptor_t, type_mapping);
  OFF("dds_topic_descriptor_t", dds_topic_descriptor_t, restrict_data_representation);

  SIZE("dds_sequence_t", dds_sequence_t);
  OFF("dds_sequence_t", dds_sequence_t, _maximum);
  OFF("dds_sequence_t", dds_sequence_t, _length);
  OFF("dds_sequence_t", dds_sequence_t, _buffer);
  OFF("dds_sequence_t", dds_sequence_t, _release);

  SIZE("dds_statistics", struct dds_statistics);
  OFF("dds_statistics", struct dds_statistics, entity);
  OFF("dds_statistics", struct dds_statistics, opaque);
  OFF("dds_statistics", struct dds_statistics, time);
  OFF("dds_statistics", struct dds_statistics, count);
  SIZE("dds_stat_keyvalue", struct dds_stat_keyvalue);
  OFF("dds_stat_keyvalue", struct dds_stat_keyvalue, name);
  OFF("dds_stat_keyvalue", struct dds_stat_keyvalue, kind);
  OFF("dds_stat_keyvalue", struct dds_stat_keyvalue, u);

  SIZE("dds_istream_t", dds_istream_t);
  OFF("dds_istream_t", dds_istream_t, m_buffer);
  OFF("dds_istream_t", dds_istream_t, m_size);
  OFF("dds_istream_t", dds_istream_t, m_index);
  OFF("dds_istream_t", dds_istream_t, m_xcdr_version);

  SIZE("dds_publication_matched_status_t", dds_publication_matched_status_t);
  OFF("dds_publication_matched_status_t", dds_publication_matched_status_t, total_count);
  OFF("dds_publication_matched_status_t", dds_publication_matched_status_t, total_count_change);
  OFF("dds_publication_matched_status_t", dds_publication_matched_status_t, current_count);
  OFF("dds_publication_matched_status_t", dds_publication_matched_status_t, current_count_change);
  OFF("dds_publication_matched_status_t", dds_publication_matched_status_t, last_subscription_handle);

  SIZE("dds_requested_deadline_missed_status_t", dds_requested_deadline_missed_status_t);
  OFF("dds_requested_deadline_missed_status_t", dds_requested_deadline_missed_status_t, total_count);
  OFF("dds_requested_deadline_missed_status_t", dds_requested_deadline_missed_status_t, total_count_change);
  OFF("dds_requested_deadline_missed_status_t", dds_requested_deadline_missed_status_t, last_instance_handle);

  SIZE("dds_liveliness_changed_status_t", dds_liveliness_changed_status_t);
  OFF("dds_liveliness_changed_status_t", dds_liveliness_changed_status_t, alive_count);
  OFF("dds_liveliness_changed_status_t", dds_liveliness_changed_status_t, not_alive_count);
  OFF("dds_liveliness_changed_status_t", dds_liveliness_changed_status_t, alive_count_change);
  OFF("dds_liveliness_changed_status_t", dds_liveliness_changed_status_t, not_alive_count_change);
  OFF("dds_liveliness_changed_status_t", dds_liveliness_changed_status_t, last_publication_handle);

  SIZE("dds_sample_lost_status_t", dds_sample_lost_status_t);
  OFF("dds_sample_lost_status_t", dds_sample_lost_status_t, total_count);
  OFF("dds_sample_lost_status_t", dds_sample_lost_status_t, total_count_change);

  SIZE("dds_sample_rejected_status_t", dds_sample_rejected_status_t);
  OFF("dds_sample_rejected_status_t", dds_sample_rejected_status_t, total_count);
  OFF("dds_sample_rejected_status_t", dds_sample_rejected_status_t, total_count_change);
  OFF("dds_sample_rejected_status_t", dds_sample_rejected_status_t, last_reason);
  OFF("dds_sample_rejected_status_t", dds_sample_rejected_status_t, last_instance_handle);

  SIZE("dds_requested_incompatible_qos_status_t", dds_requested_incompatible_qos_status_t);
  OFF("dds_requested_incompatible_qos_status_t", dds_requested_incompatible_qos_status_t, total_count);
  OFF("dds_requested_incompatible_qos_status_t", dds_requested_incompatible_qos_status_t, total_count_change);
  OFF("dds_requested_incompatible_qos_status_t", dds_requested_incompatible_qos_status_t, last_policy_id);

  SIZE("dds_subscription_matched_status_t", dds_subscription_matched_status_t);
  OFF("dds_subscription_matched_status_t", dds_subscription_matched_status_t, total_count);
  OFF("dds_subscription_matched_status_t", dds_subscription_matched_status_t, total_count_change);
  OFF("dds_subscription_matched_status_t", dds_subscription_matched_status_t, current_count);
  OFF("dds_subscription_matched_status_t", dds_subscription_matched_status_t, current_count_change);
  OFF("dds_subscription_matched_status_t", dds_subscription_matched_status_t, last_publication_handle);

  SIZE("dds_log_data_t", dds_log_data_t);
  OFF("dds_log_data_t", dds_log_data_t, priority);
  OFF("dds_log_data_t", dds_log_data_t, domid);
  OFF("dds_log_data_t", dds_log_data_t, file);
  OFF("dds_log_data_t", dds_log_data_t, line);
  OFF("dds_log_data_t", dds_log_data_t, function);
  OFF("dds_log_data_t", dds_log_data_t, message);
  OFF("dds_log_data_t", dds_log_data_t, size);
  OFF("dds_log_data_t", dds_log_data_t, hdrsize);

  SIZE("DDS_XTypes_TypeIdentifier", DDS_XTypes_TypeIdentifier);
  OFF("DDS_XTypes_TypeIdentifier", DDS_XTypes_TypeIdentifier, _d);
  OFF("DDS_XTypes_TypeIdentifier", DDS_XTypes_TypeIdentifier, _u);
  /* the Java side reads the 14-byte hash at the start of the union */
  printf("DDS_XTypes_HASH_OFFSET_IN_UNION=%zu\n",
         offsetof(DDS_XTypes_TypeIdentifier, _u.equivalence_hash) - offsetof(DDS_XTypes_TypeIdentifier, _u));
  SIZE("DDS_XTypes_TypeIdentifierWithSize", DDS_XTypes_TypeIdentifierWithSize);
  OFF("DDS_XTypes_TypeIdentifierWithSize", DDS_XTypes_TypeIdentifierWithSize, type_id);
  OFF("DDS_XTypes_TypeIdentifierWithSize", DDS_XTypes_TypeIdentifierWithSize, typeobject_serialized_size);
  SIZE("DDS_XTypes_TypeIdentifierWithDependencies", DDS_XTypes_TypeIdentifierWithDependencies);
  OFF("DDS_XTypes_TypeIdentifierWithDependencies", DDS_XTypes_TypeIdentifierWithDependencies, typeid_with_size);
  OFF("DDS_XTypes_TypeIdentifierWithDependencies", DDS_XTypes_TypeIdentifierWithDependencies, dependent_typeid_count);
  OFF("DDS_XTypes_TypeIdentifierWithDependencies", DDS_XTypes_TypeIdentifierWithDependencies, dependent_typeids);
  SIZE("DDS_XTypes_TypeInformation", DDS_XTypes_TypeInformation);
  OFF("DDS_XTypes_TypeInformation", DDS_XTypes_TypeInformation, minimal);
  OFF("DDS_XTypes_TypeInformation", DDS_XTypes_TypeInformation, complete);
  CONST(DDS_XTypes_TK_NONE);
  CONST(DDS_XTypes_EK_MINIMAL);
  CONST(DDS_XTypes_EK_COMPLETE);
  printf("DDS_XTypes_EQUIVALENCE_HASH_LEN=%zu\n", sizeof(DDS_XTypes_EquivalenceHash));

  CONST(DDS_BUILTIN_TOPIC_DCPSPARTICIPANT);
  CONST(DDS_BUILTIN_TOPIC_DCPSTOPIC);
  CONST(DDS_BUILTIN_TOPIC_DCPSPUBLICATION);
  CONST(DDS_BUILTIN_TOPIC_DCPSSUBSCRIPTION);
  printf("DDS_DOMAIN_DEFAULT=%lld\n", (long long) (int32_t) DDS_DOMAIN_DEFAULT); /* Java int: -1 */
  CONST(DDS_INFINITY);
  CONST(DDS_LENGTH_UNLIMITED);

  CONST(DDS_READ_SAMPLE_STATE);
  CONST(DDS_NOT_READ_SAMPLE_STATE);
  CONST(DDS_ANY_SAMPLE_STATE);
  CONST(DDS_NEW_VIEW_STATE);
  CONST(DDS_NOT_NEW_VIEW_STATE);
  CONST(DDS_ANY_VIEW_STATE);
  CONST(DDS_ALIVE_INSTANCE_STATE);
  CONST(DDS_NOT_ALIVE_DISPOSED_INSTANCE_STATE);
  CONST(DDS_NOT_ALIVE_NO_WRITERS_INSTANCE_STATE);
  CONST(DDS_ANY_INSTANCE_STATE);
  CONST(DDS_ANY_STATE);

  CONST(DDS_DATA_AVAILABLE_STATUS);
  CONST(DDS_PUBLICATION_MATCHED_STATUS);
  CONST(DDS_SUBSCRIPTION_MATCHED_STATUS);

  CONST(DDS_RETCODE_OK);
  CONST(DDS_RETCODE_ERROR);
  CONST(DDS_RETCODE_UNSUPPORTED);
  CONST(DDS_RETCODE_BAD_PARAMETER);
  CONST(DDS_RETCODE_PRECONDITION_NOT_MET);
  CONST(DDS_RETCODE_OUT_OF_RESOURCES);
  CONST(DDS_RETCODE_NOT_ENABLED);
  CONST(DDS_RETCODE_IMMUTABLE_POLICY);
  CONST(DDS_RETCODE_INCONSISTENT_POLICY);
  CONST(DDS_RETCODE_ALREADY_DELETED);
  CONST(DDS_RETCODE_TIMEOUT);
  CONST(DDS_RETCODE_NO_DATA);
  CONST(DDS_RETCODE_ILLEGAL_OPERATION);
  CONST(DDS_RETCODE_NOT_ALLOWED_BY_SECURITY);

  CONST(DDS_OP_RTS);
  CONST(DDS_OP_ADR);
  CONST(DDS_OP_JSR);
  CONST(DDS_OP_JEQ);
  CONST(DDS_OP_DLC);
  CONST(DDS_OP_PLC);
  CONST(DDS_OP_PLM);
  CONST(DDS_OP_KOF);
  CONST(DDS_OP_JEQ4);
  printf("DDS_OP_MASK=%lld\n", (long long) (int32_t) DDS_OP_MASK); /* Java int: negative */
  CONST(DDS_OP_TYPE_1BY);
  CONST(DDS_OP_TYPE_2BY);
  CONST(DDS_OP_TYPE_4BY);
  CONST(DDS_OP_TYPE_8BY);
  CONST(DDS_OP_TYPE_STR);
  CONST(DDS_OP_TYPE_BLN);
  CONST(DDS_OP_FLAG_KEY);
  CONST(DDS_OP_FLAG_FP);
  CONST(DDS_OP_FLAG_SGN);
  CONST(DDS_OP_FLAG_MU);
  CONST(DDS_TOPIC_FIXED_KEY);
  CONST(DDS_TOPIC_FIXED_SIZE);
  CONST(DDS_TOPIC_FIXED_KEY_XCDR2);
  CONST(DDS_TOPIC_XTYPES_METADATA);
  CONST(DDS_TOPIC_RESTRICT_DATA_REPRESENTATION);
  CONST(DDS_FIXED_KEY_MAX_SIZE);

  CONST(DDS_FREE_CONTENTS);

  CONST(DDS_DATA_REPRESENTATION_XCDR1);
  CONST(DDS_DATA_REPRESENTATION_XML);
  CONST(DDS_DATA_REPRESENTATION_XCDR2);

  CONST(DDS_DURABILITY_VOLATILE);
  CONST(DDS_DURABILITY_TRANSIENT_LOCAL);
  CONST(DDS_DURABILITY_TRANSIENT);
  CONST(DDS_DURABILITY_PERSISTENT);
  CONST(DDS_HISTORY_KEEP_LAST);
  CONST(DDS_HISTORY_KEEP_ALL);
  CONST(DDS_OWNERSHIP_SHARED);
  CONST(DDS_OWNERSHIP_EXCLUSIVE);
  CONST(DDS_LIVELINESS_AUTOMATIC);
  CONST(DDS_LIVELINESS_MANUAL_BY_PARTICIPANT);
  CONST(DDS_LIVELINESS_MANUAL_BY_TOPIC);
  CONST(DDS_RELIABILITY_BEST_EFFORT);
  CONST(DDS_RELIABILITY_RELIABLE);
  CONST(DDS_DESTINATIONORDER_BY_RECEPTION_TIMESTAMP);
  CONST(DDS_DESTINATIONORDER_BY_SOURCE_TIMESTAMP);
  CONST(DDS_PRESENTATION_INSTANCE);
  CONST(DDS_PRESENTATION_TOPIC);
  CONST(DDS_PRESENTATION_GROUP);
  CONST(DDS_IGNORELOCAL_NONE);
  CONST(DDS_IGNORELOCAL_PARTICIPANT);
  CONST(DDS_IGNORELOCAL_PROCESS);
  CONST(DDS_TYPE_CONSISTENCY_DISALLOW_TYPE_COERCION);
  CONST(DDS_TYPE_CONSISTENCY_ALLOW_TYPE_COERCION);

  CONST(DDS_LC_FATAL);
  CONST(DDS_LC_ERROR);
  CONST(DDS_LC_WARNING);
  CONST(DDS_LC_INFO);
  CONST(DDS_LC_CONFIG);
  CONST(DDS_LC_DISCOVERY);
  CONST(DDS_LC_TRACE);
  CONST(DDS_LC_PLIST);
  CONST(DDS_LOG_MASK);

  CONST(DDS_FIND_SCOPE_GLOBAL);
  CONST(DDS_FIND_SCOPE_LOCAL_DOMAIN);
  return 0;
}
