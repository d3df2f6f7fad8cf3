#include <stdlib.h>
#include <string.h>
#include "stats.h"
#include "entities.h"
#include "idl/ddstuner_agent.h"

static struct dta_stat *lookup (dta_stats *st, const dta_api *api, dds_entity_t e)
{
  for (size_t i = 0; i < st->n; i++)
    if (st->v[i].e == e)
      return &st->v[i];
  struct dds_statistics *s = api->dds_create_statistics (e);
  if (s == NULL)
    return NULL;
  if (st->n == st->cap) {
    st->cap = st->cap ? 2 * st->cap : 32;
    st->v = realloc (st->v, st->cap * sizeof (*st->v));
    if (st->v == NULL)
      abort ();
  }
  st->v[st->n] = (struct dta_stat) {e, s, 0};
  return &st->v[st->n++];
}

void dta_stats_publish (dta_stats *st, const dta_api *api, dds_domainid_t domain, dds_entity_t self, dds_entity_t writer,
                        const char *agent, int64_t now)
{
  static const char *const WRITER_KEYS[] = {"rexmit_bytes", "throttle_count", "time_throttle", "time_rexmit", NULL};
  static const char *const READER_KEYS[] = {"discarded_bytes", NULL};
  dta_entities es;
  char name[256];
  for (size_t i = 0; i < st->n; i++)
    st->v[i].seen = 0;
  dta_entities_walk (api, domain, self, &es);
  for (size_t i = 0; i < es.n; i++) {
    const dta_entity *e = &es.e[i];
    if (e->kind != K_READER && e->kind != K_WRITER)
      continue;
    struct dta_stat *s = lookup (st, api, e->handle);
    if (s == NULL || api->dds_refresh_statistics (s->s) != 0)
      continue;
    s->seen = 1;
    dta_buf counters = {0};
    for (const char *const *k = e->kind == K_WRITER ? WRITER_KEYS : READER_KEYS; *k; k++) {
      const struct dds_stat_keyvalue *kv = api->dds_lookup_statistic (s->s, *k);
      if (kv == NULL)
        continue;
      unsigned long long v = kv->kind == DDS_STAT_KIND_UINT32 ? kv->u.u32 : kv->kind == DDS_STAT_KIND_UINT64 ? kv->u.u64 : 0;
      dta_buf_printf (&counters, "%s=%llu;", *k, v);
    }
    name[0] = 0;
    api->dds_get_name (api->dds_get_topic (e->handle), name, sizeof (name));
    ddstuner_agent_Statistics m = {.agent = (char *) agent, .entity = (char *) e->id,
                                   .kind = (char *) dta_kind_name (e->kind), .topic = name, .timestamp_ns = now,
                                   .counters = (char *) dta_buf_str (&counters)};
    api->dds_write (writer, &m);
    dta_buf_fini (&counters);
  }
  dta_entities_fini (&es);
  /* Forget the statistics of entities the application deleted. */
  size_t k = 0;
  for (size_t i = 0; i < st->n; i++) {
    if (st->v[i].seen)
      st->v[k++] = st->v[i];
    else
      api->dds_delete_statistics (st->v[i].s);
  }
  st->n = k;
}

void dta_stats_fini (dta_stats *st, const dta_api *api)
{
  for (size_t i = 0; i < st->n; i++)
    api->dds_delete_statistics (st->v[i].s);
  free (st->v);
  memset (st, 0, sizeof (*st));
}
