#include <string.h>
#include "qos_dds.h"

static dds_duration_t dur (int64_t v)
{
  return v == DTA_INF ? DDS_INFINITY : (dds_duration_t) v;
}

void dta_qos_apply (const dta_api *api, dds_qos_t *q, const dta_qos_req *req)
{
  for (size_t i = 0; i < req->count; i++) {
    const dta_policy *p = &req->p[i];
    switch (p->id) {
      case P_DURABILITY: api->dds_qset_durability (q, (dds_durability_kind_t) p->kind); break;
      case P_DEADLINE: api->dds_qset_deadline (q, dur (p->n[0])); break;
      case P_LATENCY_BUDGET: api->dds_qset_latency_budget (q, dur (p->n[0])); break;
      case P_LIVELINESS: api->dds_qset_liveliness (q, (dds_liveliness_kind_t) p->kind, dur (p->n[0])); break;
      case P_RELIABILITY: api->dds_qset_reliability (q, (dds_reliability_kind_t) p->kind, dur (p->n[0])); break;
      case P_DESTINATION_ORDER: api->dds_qset_destination_order (q, (dds_destination_order_kind_t) p->kind); break;
      case P_HISTORY: api->dds_qset_history (q, (dds_history_kind_t) p->kind, (int32_t) p->n[0]); break;
      case P_RESOURCE_LIMITS:
        api->dds_qset_resource_limits (q, (int32_t) p->n[0], (int32_t) p->n[1], (int32_t) p->n[2]);
        break;
      case P_PRESENTATION:
        api->dds_qset_presentation (q, (dds_presentation_access_scope_kind_t) p->kind, p->n[0] != 0, p->n[1] != 0);
        break;
      case P_LIFESPAN: api->dds_qset_lifespan (q, dur (p->n[0])); break;
      case P_OWNERSHIP: api->dds_qset_ownership (q, (dds_ownership_kind_t) p->kind); break;
      case P_OWNERSHIP_STRENGTH: api->dds_qset_ownership_strength (q, (int32_t) p->n[0]); break;
      case P_PARTITION: api->dds_qset_partition (q, (uint32_t) p->nparts, (const char **) p->parts); break;
      case P_TIME_BASED_FILTER: api->dds_qset_time_based_filter (q, dur (p->n[0])); break;
      case P_TRANSPORT_PRIORITY: api->dds_qset_transport_priority (q, (int32_t) p->n[0]); break;
      case P_WRITER_DATA_LIFECYCLE: api->dds_qset_writer_data_lifecycle (q, p->n[0] != 0); break;
      case P_READER_DATA_LIFECYCLE: api->dds_qset_reader_data_lifecycle (q, dur (p->n[0]), dur (p->n[1])); break;
      case P_USER_DATA: api->dds_qset_userdata (q, p->bytes, p->nbytes); break;
      case P_TOPIC_DATA: api->dds_qset_topicdata (q, p->bytes, p->nbytes); break;
      case P_GROUP_DATA: api->dds_qset_groupdata (q, p->bytes, p->nbytes); break;
      case P_ENTITY_NAME: api->dds_qset_entity_name (q, (const char *) p->bytes); break;
      case P__COUNT: break;
    }
  }
}

static void key (dta_buf *b, dta_policy_id id)
{
  dta_buf_add (b, dta_policy_name (id));
  dta_buf_add (b, "=");
}

static void add_dur (dta_buf *b, dds_duration_t d)
{
  dta_buf_add_duration (b, d == DDS_INFINITY ? DTA_INF : d);
}

void dta_qos_format (const dta_api *api, const dds_qos_t *q, dta_buf *b)
{
  static const char *const DURABILITY[] = {"volatile", "transient_local", "transient", "persistent"};
  static const char *const RELIABILITY[] = {"best_effort", "reliable"};
  static const char *const OWNERSHIP[] = {"shared", "exclusive"};
  static const char *const LIVELINESS[] = {"automatic", "manual_by_participant", "manual_by_topic"};
  static const char *const DESTORDER[] = {"by_reception_timestamp", "by_source_timestamp"};
  static const char *const PRESENTATION[] = {"instance", "topic", "group"};
  int32_t i1, i2, i3;
  bool b1, b2;
  dds_duration_t d1, d2;
  void *data;
  size_t sz;
  char *s;
  dds_durability_kind_t dk;
  dds_reliability_kind_t rk;
  dds_history_kind_t hk;
  dds_ownership_kind_t ok;
  dds_liveliness_kind_t lk;
  dds_destination_order_kind_t dok;
  dds_presentation_access_scope_kind_t pk;
  uint32_t np;
  char **ps;

  if (api->dds_qget_durability (q, &dk) && (unsigned) dk < 4)
    key (b, P_DURABILITY), dta_buf_printf (b, "%s;", DURABILITY[dk]);
  if (api->dds_qget_deadline (q, &d1))
    key (b, P_DEADLINE), add_dur (b, d1), dta_buf_add (b, ";");
  if (api->dds_qget_latency_budget (q, &d1))
    key (b, P_LATENCY_BUDGET), add_dur (b, d1), dta_buf_add (b, ";");
  if (api->dds_qget_liveliness (q, &lk, &d1) && (unsigned) lk < 3)
    key (b, P_LIVELINESS), dta_buf_printf (b, "%s,", LIVELINESS[lk]), add_dur (b, d1), dta_buf_add (b, ";");
  if (api->dds_qget_reliability (q, &rk, &d1) && (unsigned) rk < 2)
    key (b, P_RELIABILITY), dta_buf_printf (b, "%s,", RELIABILITY[rk]), add_dur (b, d1), dta_buf_add (b, ";");
  if (api->dds_qget_destination_order (q, &dok) && (unsigned) dok < 2)
    key (b, P_DESTINATION_ORDER), dta_buf_printf (b, "%s;", DESTORDER[dok]);
  if (api->dds_qget_history (q, &hk, &i1)) {
    key (b, P_HISTORY);
    if (hk == DDS_HISTORY_KEEP_ALL)
      dta_buf_add (b, "keep_all;");
    else
      dta_buf_printf (b, "keep_last,%d;", (int) i1);
  }
  if (api->dds_qget_resource_limits (q, &i1, &i2, &i3))
    key (b, P_RESOURCE_LIMITS), dta_buf_printf (b, "%d,%d,%d;", (int) i1, (int) i2, (int) i3);
  if (api->dds_qget_presentation (q, &pk, &b1, &b2) && (unsigned) pk < 3)
    key (b, P_PRESENTATION), dta_buf_printf (b, "%s,%s,%s;", PRESENTATION[pk], b1 ? "true" : "false", b2 ? "true" : "false");
  if (api->dds_qget_lifespan (q, &d1))
    key (b, P_LIFESPAN), add_dur (b, d1), dta_buf_add (b, ";");
  if (api->dds_qget_ownership (q, &ok) && (unsigned) ok < 2)
    key (b, P_OWNERSHIP), dta_buf_printf (b, "%s;", OWNERSHIP[ok]);
  if (api->dds_qget_ownership_strength (q, &i1))
    key (b, P_OWNERSHIP_STRENGTH), dta_buf_printf (b, "%d;", (int) i1);
  if (api->dds_qget_partition (q, &np, &ps)) {
    key (b, P_PARTITION);
    for (uint32_t k = 0; k < np; k++) {
      if (k > 0)
        dta_buf_add (b, ",");
      dta_buf_add_encoded (b, ps[k], strlen (ps[k]));
      api->dds_free (ps[k]);
    }
    if (ps)
      api->dds_free (ps);
    dta_buf_add (b, ";");
  }
  if (api->dds_qget_time_based_filter (q, &d1))
    key (b, P_TIME_BASED_FILTER), add_dur (b, d1), dta_buf_add (b, ";");
  if (api->dds_qget_transport_priority (q, &i1))
    key (b, P_TRANSPORT_PRIORITY), dta_buf_printf (b, "%d;", (int) i1);
  if (api->dds_qget_writer_data_lifecycle (q, &b1))
    key (b, P_WRITER_DATA_LIFECYCLE), dta_buf_printf (b, "%s;", b1 ? "true" : "false");
  if (api->dds_qget_reader_data_lifecycle (q, &d1, &d2))
    key (b, P_READER_DATA_LIFECYCLE), add_dur (b, d1), dta_buf_add (b, ","), add_dur (b, d2), dta_buf_add (b, ";");
  if (api->dds_qget_userdata (q, &data, &sz)) {
    key (b, P_USER_DATA), dta_buf_add_encoded (b, data, sz), dta_buf_add (b, ";");
    api->dds_free (data);
  }
  if (api->dds_qget_topicdata (q, &data, &sz)) {
    key (b, P_TOPIC_DATA), dta_buf_add_encoded (b, data, sz), dta_buf_add (b, ";");
    api->dds_free (data);
  }
  if (api->dds_qget_groupdata (q, &data, &sz)) {
    key (b, P_GROUP_DATA), dta_buf_add_encoded (b, data, sz), dta_buf_add (b, ";");
    api->dds_free (data);
  }
  if (api->dds_qget_entity_name (q, &s)) {
    key (b, P_ENTITY_NAME), dta_buf_add_encoded (b, s, strlen (s)), dta_buf_add (b, ";");
    api->dds_free (s);
  }
}
