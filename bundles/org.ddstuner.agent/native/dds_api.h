/* The libddsc functions the agent calls, resolved at run time in the libddsc the application already loaded
 * (never a copy of our own: two libddsc in one process is a crash). The headers of the build machine give the
 * prototypes; only functions whose signature is the same in 0.10.x and 11.x are used. */
#ifndef DDSTUNER_DDS_API_H
#define DDSTUNER_DDS_API_H
#include "dds/dds.h"
#include "dds/ddsc/dds_statistics.h"

#define DTA_API_FUNCS(X) \
  X(dds_create_participant) X(dds_create_topic) X(dds_create_reader) X(dds_create_writer) \
  X(dds_create_publisher) X(dds_create_subscriber) X(dds_delete) X(dds_write) X(dds_take) X(dds_return_loan) \
  X(dds_create_waitset) X(dds_waitset_attach) X(dds_waitset_wait) X(dds_create_readcondition) \
  X(dds_get_children) X(dds_get_parent) X(dds_get_participant) X(dds_get_guid) X(dds_get_domainid) \
  X(dds_get_name) X(dds_get_type_name) X(dds_get_topic) X(dds_get_publisher) X(dds_get_subscriber) \
  X(dds_read_status) X(dds_get_qos) X(dds_set_qos) X(dds_lookup_participant) X(dds_strretcode) \
  X(dds_create_qos) X(dds_delete_qos) X(dds_copy_qos) \
  X(dds_qset_userdata) X(dds_qset_topicdata) X(dds_qset_groupdata) X(dds_qset_durability) X(dds_qset_history) \
  X(dds_qset_resource_limits) X(dds_qset_presentation) X(dds_qset_lifespan) X(dds_qset_deadline) \
  X(dds_qset_latency_budget) X(dds_qset_ownership) X(dds_qset_ownership_strength) X(dds_qset_liveliness) \
  X(dds_qset_time_based_filter) X(dds_qset_partition) X(dds_qset_reliability) X(dds_qset_transport_priority) \
  X(dds_qset_destination_order) X(dds_qset_writer_data_lifecycle) X(dds_qset_reader_data_lifecycle) \
  X(dds_qset_entity_name) X(dds_qset_prop) \
  X(dds_qget_userdata) X(dds_qget_topicdata) X(dds_qget_groupdata) X(dds_qget_durability) X(dds_qget_history) \
  X(dds_qget_resource_limits) X(dds_qget_presentation) X(dds_qget_lifespan) X(dds_qget_deadline) \
  X(dds_qget_latency_budget) X(dds_qget_ownership) X(dds_qget_ownership_strength) X(dds_qget_liveliness) \
  X(dds_qget_time_based_filter) X(dds_qget_partition) X(dds_qget_reliability) X(dds_qget_transport_priority) \
  X(dds_qget_destination_order) X(dds_qget_writer_data_lifecycle) X(dds_qget_reader_data_lifecycle) \
  X(dds_qget_entity_name) X(dds_free) \
  X(dds_create_statistics) X(dds_refresh_statistics) X(dds_delete_statistics) X(dds_lookup_statistic)

typedef struct dta_api {
#define DTA_FIELD(f) __typeof__ (f) *f;
  DTA_API_FUNCS (DTA_FIELD)
#undef DTA_FIELD
  char path[1024];      /* the application's libddsc */
  void *handle;         /* dlopen(RTLD_NOLOAD) handle of it */
} dta_api;

/* Looks for a loaded libddsc (a mapped object whose file name starts with "libddsc"); 0 and the table filled
 * when found and every function resolved, -1 (not loaded yet) or -2 (a function is missing: message in err). */
int dta_api_resolve (dta_api *api, char *err, size_t errlen);
#endif
