#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "entities.h"
#include "qos_dds.h"

#define MAXCHILD 4096

const char *dta_kind_name (dta_kind k)
{
  static const char *const N[] = {"participant", "publisher", "subscriber", "topic", "reader", "writer"};
  return N[k];
}

static void add (const dta_api *api, dta_entities *es, dds_entity_t h, dds_entity_t parent, dta_kind kind)
{
  if (es->n == es->cap) {
    es->cap = es->cap ? 2 * es->cap : 64;
    dta_entity *n = realloc (es->e, es->cap * sizeof (*n));
    if (n == NULL)
      abort ();
    es->e = n;
  }
  dta_entity *e = &es->e[es->n++];
  e->handle = h;
  e->parent = parent;
  e->kind = kind;
  dds_guid_t g;
  if ((kind == K_PARTICIPANT || kind == K_READER || kind == K_WRITER) && api->dds_get_guid (h, &g) == 0) {
    for (int i = 0; i < 16; i++)
      snprintf (e->id + 2 * i, 3, "%02x", g.v[i]);
  } else {
    snprintf (e->id, sizeof (e->id), "handle:%d", (int) h);
  }
}

static int children (const dta_api *api, dds_entity_t e, dds_entity_t **out)
{
  dds_entity_t *c = malloc (MAXCHILD * sizeof (*c));
  *out = c;
  if (c == NULL)
    return 0;
  int n = api->dds_get_children (e, c, MAXCHILD);
  if (n < 0)
    n = 0;
  if (n > MAXCHILD)
    n = MAXCHILD;
  *out = c;
  return n;
}

static void walk_participant (const dta_api *api, dds_entity_t pp, dta_entities *out)
{
  dds_entity_t *c, *cc;
  char name[256];
  add (api, out, pp, 0, K_PARTICIPANT);
  int n = children (api, pp, &c);
  for (int i = 0; i < n; i++) {
    if (api->dds_get_name (c[i], name, sizeof (name)) >= 0) {
      add (api, out, c[i], pp, K_TOPIC);
      continue;
    }
    /* Publisher or subscriber: DATA_ON_READERS is a status of subscribers only. */
    uint32_t st;
    dta_kind k = api->dds_read_status (c[i], &st, DDS_DATA_ON_READERS_STATUS) == 0 ? K_SUBSCRIBER : K_PUBLISHER;
    add (api, out, c[i], pp, k);
    int m = children (api, c[i], &cc);
    for (int j = 0; j < m; j++) {
      dds_entity_t x;
      if (api->dds_get_publisher (cc[j]) > 0)
        add (api, out, cc[j], c[i], K_WRITER);
      else if ((x = api->dds_get_subscriber (cc[j])) > 0)
        add (api, out, cc[j], c[i], K_READER);
    }
    free (cc);
  }
  free (c);
}

void dta_entities_walk (const dta_api *api, dds_domainid_t domain, dds_entity_t self, dta_entities *out)
{
  dds_entity_t *doms, *pps;
  memset (out, 0, sizeof (*out));
  int nd = children (api, DDS_CYCLONEDDS_HANDLE, &doms);
  for (int d = 0; d < nd; d++) {
    int np = children (api, doms[d], &pps);
    for (int p = 0; p < np; p++) {
      dds_domainid_t id;
      if (pps[p] == self || api->dds_get_domainid (pps[p], &id) != 0)
        continue;
      if (domain == DDS_DOMAIN_DEFAULT || id == domain)
        walk_participant (api, pps[p], out);
    }
    free (pps);
  }
  free (doms);
}

void dta_entities_fini (dta_entities *es)
{
  free (es->e);
  memset (es, 0, sizeof (*es));
}

void dta_normalise_id (const char *in, char *out, size_t outlen)
{
  char hex[33];
  size_t k = 0;
  for (const char *p = in; *p; p++) {
    if (isxdigit ((unsigned char) *p)) {
      if (k == 32)
        goto not_guid;
      hex[k++] = (char) tolower ((unsigned char) *p);
    } else if (*p != '.' && *p != ':' && *p != '-' && *p != ' ') {
      goto not_guid;
    }
  }
  if (k != 32)
    goto not_guid;
  hex[32] = 0;
  snprintf (out, outlen, "%s", hex);
  return;
not_guid:
  snprintf (out, outlen, "%s", in);
}

const dta_entity *dta_entities_find (const dta_entities *es, const char *id)
{
  char norm[80];
  dta_normalise_id (id, norm, sizeof (norm));
  for (size_t i = 0; i < es->n; i++)
    if (strcmp (es->e[i].id, norm) == 0)
      return &es->e[i];
  return NULL;
}

void dta_entity_qos (const dta_api *api, dds_entity_t e, dta_buf *b)
{
  dds_qos_t *q = api->dds_create_qos ();
  if (api->dds_get_qos (e, q) == 0)
    dta_qos_format (api, q, b);
  api->dds_delete_qos (q);
}

static const char *id_of (const dta_entities *es, dds_entity_t h)
{
  for (size_t i = 0; i < es->n; i++)
    if (es->e[i].handle == h)
      return es->e[i].id;
  return "";
}

void dta_entity_line (const dta_api *api, const dta_entities *es, const dta_entity *e, dta_buf *b)
{
  char name[256];
  dds_domainid_t dom = 0;
  dta_buf_printf (b, "id=%s;kind=%s;parent=%s;", e->id, dta_kind_name (e->kind), id_of (es, e->parent));
  dds_entity_t topic = e->kind == K_TOPIC ? e->handle
                       : (e->kind == K_READER || e->kind == K_WRITER) ? api->dds_get_topic (e->handle) : 0;
  if (topic > 0 && api->dds_get_name (topic, name, sizeof (name)) >= 0) {
    dta_buf_add (b, "topic="), dta_buf_add_encoded (b, name, strlen (name)), dta_buf_add (b, ";");
    if (api->dds_get_type_name (topic, name, sizeof (name)) >= 0)
      dta_buf_add (b, "type="), dta_buf_add_encoded (b, name, strlen (name)), dta_buf_add (b, ";");
  }
  if (api->dds_get_domainid (e->handle, &dom) == 0)
    dta_buf_printf (b, "domain=%u;", (unsigned) dom);
  dta_entity_qos (api, e->handle, b);
}
