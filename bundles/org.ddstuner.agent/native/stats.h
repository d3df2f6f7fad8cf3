/* Per-endpoint statistics of the application's readers and writers (libddsc's dds_statistics API), published on
 * DDSTunerAgent_Statistics. */
#ifndef DDSTUNER_STATS_H
#define DDSTUNER_STATS_H
#include <stdint.h>
#include "dds_api.h"

typedef struct {
  size_t n, cap;
  struct dta_stat { dds_entity_t e; struct dds_statistics *s; int seen; } *v;
} dta_stats;

void dta_stats_publish (dta_stats *st, const dta_api *api, dds_domainid_t domain, dds_entity_t self, dds_entity_t writer,
                        const char *agent, int64_t now);
void dta_stats_fini (dta_stats *st, const dta_api *api);
#endif
