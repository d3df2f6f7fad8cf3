/* The application's entities as the agent sees them: walked from the library's domains down through
 * participants, publishers/subscribers and topics to readers and writers (dds_get_children), skipping the
 * agent's own participant. Handles are only meaningful inside the process, which is why tuning needs an agent. */
#ifndef DDSTUNER_ENTITIES_H
#define DDSTUNER_ENTITIES_H
#include "dds_api.h"
#include "qos_text.h"

typedef enum { K_PARTICIPANT, K_PUBLISHER, K_SUBSCRIBER, K_TOPIC, K_READER, K_WRITER } dta_kind;

typedef struct {
  dds_entity_t handle;
  dds_entity_t parent;
  dta_kind kind;
  char id[40];         /* GUID as 32 hex digits, or handle:N */
} dta_entity;

typedef struct {
  size_t n, cap;
  dta_entity *e;
} dta_entities;

const char *dta_kind_name (dta_kind k);
/* Walks the application's entities in domain `domain` (DDS_DOMAIN_DEFAULT = all), skipping participant `self`. */
void dta_entities_walk (const dta_api *api, dds_domainid_t domain, dds_entity_t self, dta_entities *out);
void dta_entities_fini (dta_entities *es);
/* The entity with this id (GUID in any common spelling, or handle:N); NULL if none. */
const dta_entity *dta_entities_find (const dta_entities *es, const char *id);
/* The entity's QoS in text form ("" when it cannot be read). */
void dta_entity_qos (const dta_api *api, dds_entity_t e, dta_buf *b);
/* One LIST line for the entity (without '\n'). */
void dta_entity_line (const dta_api *api, const dta_entities *es, const dta_entity *e, dta_buf *b);
/* Normalises an id: 32 lower-case hex digits if it is a GUID, else a copy. */
void dta_normalise_id (const char *in, char *out, size_t outlen);
#endif
