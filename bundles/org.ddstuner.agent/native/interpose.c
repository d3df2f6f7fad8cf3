/* Overrides for policies that cannot change live: when the application creates a reader or writer and
 * DDSTUNER_QOS_OVERRIDES names an override file, the matching datareader_qos/datawriter_qos policies are set on
 * (a copy of) the QoS the application asked for. This works by interposing dds_create_reader/dds_create_writer,
 * i.e. only where the application's calls resolve through the global symbol scope: programs linked with -lddsc
 * (C, C++, ROS 2's rmw_cyclonedds) with this library LD_PRELOADed or linked before libddsc. Python's cyclonedds
 * calls libddsc through ctypes handles, which interposition cannot reach. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "dds_api.h"
#include "log.h"
#include "overrides.h"
#include "qos_dds.h"

#define EXPORT __attribute__ ((visibility ("default")))

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int loaded;
static dta_api api;
static dta_overrides overrides;

static void load (void)
{
  const char *path = getenv ("DDSTUNER_QOS_OVERRIDES");
  char err[1200];
  if (path == NULL || *path == 0)
    return;
  if (dta_api_resolve (&api, err, sizeof (err)) != 0) {
    dta_log ("overrides not used: %s", err);
    return;
  }
  FILE *f = fopen (path, "r");
  if (f == NULL) {
    dta_log ("overrides not used: cannot read %s", path);
    return;
  }
  char *xml = NULL;
  size_t n = 0;
  FILE *m = open_memstream (&xml, &n);
  char buf[4096];
  size_t k;
  while ((k = fread (buf, 1, sizeof (buf), f)) > 0)
    fwrite (buf, 1, k, m);
  fclose (m);
  fclose (f);
  if (dta_overrides_parse (xml, &overrides, err, sizeof (err)) != 0)
    dta_log ("overrides not used: %s: %s", path, err);
  else {
    loaded = 1;
    dta_log ("overrides from %s: %zu reader/writer QoS entries", path, overrides.n);
  }
  free (xml);
}

/* The application's QoS with the matching overrides set, or NULL when none applies. */
static dds_qos_t *override (int writer, dds_entity_t topic, const dds_qos_t *qos)
{
  pthread_once (&once, load);
  if (!loaded)
    return NULL;
  char tname[256] = "", *ename = NULL;
  api.dds_get_name (topic, tname, sizeof (tname));
  if (qos)
    api.dds_qget_entity_name (qos, &ename);
  char *text = dta_overrides_match (&overrides, writer, tname, ename);
  dds_qos_t *q = NULL;
  if (*text) {
    dta_qos_req req;
    char err[512];
    if (dta_qos_parse (text, &req, err, sizeof (err)) == 0) {
      q = api.dds_create_qos ();
      if (qos)
        api.dds_copy_qos (q, qos);
      dta_qos_apply (&api, q, &req);
      dta_log ("override applied to new %s on %s%s%s: %s", writer ? "writer" : "reader", tname, ename ? " named " : "",
               ename ? ename : "", text);
    } else {
      dta_log ("override for %s not applied: %s", tname, err);
    }
    dta_qos_req_fini (&req);
  }
  free (text);
  if (ename)
    api.dds_free (ename);
  return q;
}

/* libddsc's own function: the next definition in the global scope, else (this library loaded after libddsc, or
 * libddsc not global) the one in the libddsc the application mapped. */
static void *next (const char *name)
{
  void *f = dlsym (RTLD_NEXT, name);
  if (f == NULL) {
    static dta_api own;
    char err[1200];
    if (own.handle != NULL || dta_api_resolve (&own, err, sizeof (err)) == 0)
      f = dlsym (own.handle, name);
  }
  if (f == NULL) {
    dta_log ("%s: no libddsc definition found", name);
    abort ();
  }
  return f;
}

EXPORT dds_entity_t dds_create_writer (dds_entity_t pp, dds_entity_t topic, const dds_qos_t *qos, const dds_listener_t *l)
{
  static __typeof__ (dds_create_writer) *real;
  if (real == NULL)
    *(void **) &real = next ("dds_create_writer");
  dds_qos_t *q = override (1, topic, qos);
  dds_entity_t e = real (pp, topic, q ? q : qos, l);
  if (q)
    api.dds_delete_qos (q);
  return e;
}

EXPORT dds_entity_t dds_create_reader (dds_entity_t pp, dds_entity_t topic, const dds_qos_t *qos, const dds_listener_t *l)
{
  static __typeof__ (dds_create_reader) *real;
  if (real == NULL)
    *(void **) &real = next ("dds_create_reader");
  dds_qos_t *q = override (0, topic, qos);
  dds_entity_t e = real (pp, topic, q ? q : qos, l);
  if (q)
    api.dds_delete_qos (q);
  return e;
}
