/* The agent thread: waits for the application's libddsc and first participant, joins that domain with a
 * participant of its own and serves the control topics of idl/ddstuner_agent.idl. */
#define _GNU_SOURCE
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "ddstuner_agent.h"
#include "dds_api.h"
#include "entities.h"
#include "idl/ddstuner_agent.h"
#include "qos_dds.h"
#include "request.h"
#include "stats.h"
#include "log.h"

#define PARTITION "ddstuner.agent"
#define MARKER "ddstuner.tool=1;ddstuner.agent=1;"

static struct {
  pthread_mutex_t lock;
  int started;
  volatile int stop;
  volatile int ready;
  pthread_t thread;
  dta_api api;
  char id[128];
  const char *secret;
  FILE *log;
  int stats_ms;
  dds_domainid_t domain;
  dds_entity_t pp, rd_req, wr_rep, wr_ann, wr_stat, ws;
  dta_nonces nonces;
  dta_stats stats;
} G = {.lock = PTHREAD_MUTEX_INITIALIZER};

static int64_t now_ns (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_REALTIME, &ts);
  return (int64_t) ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static void sleep_ms (int ms)
{
  struct timespec ts = {ms / 1000, (long) (ms % 1000) * 1000000};
  nanosleep (&ts, NULL);
}

/* Every change and refusal goes here: one line, time first. */
void dta_log (const char *fmt, ...)
{
  char t[32];
  time_t now = time (NULL);
  struct tm tm;
  gmtime_r (&now, &tm);
  strftime (t, sizeof (t), "%Y-%m-%dT%H:%M:%SZ", &tm);
  static pthread_mutex_t open_lock = PTHREAD_MUTEX_INITIALIZER;
  pthread_mutex_lock (&open_lock); /* the agent thread and the application's (overrides) both log */
  if (G.log == NULL) {
    const char *lf = getenv ("DDSTUNER_AGENT_LOG");
    G.log = lf && *lf ? fopen (lf, "a") : NULL;
  }
  FILE *f = G.log ? G.log : stderr;
  pthread_mutex_unlock (&open_lock);
  va_list ap;
  va_start (ap, fmt);
  flockfile (f);
  fprintf (f, "%s ddstuner-agent[%d]: ", t, (int) getpid ());
  vfprintf (f, fmt, ap);
  fputc ('\n', f);
  fflush (f);
  funlockfile (f);
  va_end (ap);
}

static void process_name (char *out, size_t n)
{
  /* argv[0]'s base name, as Cyclone announces __ProcessName (comm is cut at 15 characters: "takes effect when
     <process> restarts" must name the program people know) */
  FILE *c = fopen ("/proc/self/cmdline", "r");
  out[0] = 0;
  if (c) {
    char argv0[512];
    size_t m = fread (argv0, 1, sizeof (argv0) - 1, c);
    fclose (c);
    argv0[m] = 0;
    const char *slash = strrchr (argv0, '/');
    const char *base = slash ? slash + 1 : argv0;
    if (*base) {
      size_t len = strlen (base);
      if (len >= n)
        len = n - 1; /* a long name is cut, as intended */
      memcpy (out, base, len);
      out[len] = 0;
      return;
    }
  }
  FILE *f = fopen ("/proc/self/comm", "r");
  if (f) {
    if (fgets (out, (int) n, f))
      out[strcspn (out, "\n")] = 0;
    fclose (f);
  }
}

static void announce (const char *state)
{
  char host[128] = "", proc[64], ver[80] = "";
  gethostname (host, sizeof (host) - 1);
  process_name (proc, sizeof (proc));
  /* The library's version is not in its API in 0.10; its file name says it for Debian's and wheels' copies. */
  const char *base = strrchr (G.api.path, '/');
  snprintf (ver, sizeof (ver), "%.63s", base ? base + 1 : G.api.path);
  ddstuner_agent_Announcement a = {
    .agent = G.id, .version = DTA_PROTOCOL_VERSION, .pid = getpid (), .host = host, .process = proc,
    .library = G.api.path, .library_version = ver, .writable = G.secret != NULL, .state = (char *) state,
    .timestamp_ns = now_ns ()};
  G.api.dds_write (G.wr_ann, &a);
}

static int map_rc (dds_return_t rc)
{
  switch (rc) {
    case DDS_RETCODE_OK: return DTA_OK;
    case DDS_RETCODE_IMMUTABLE_POLICY: return DTA_IMMUTABLE_POLICY;
    case DDS_RETCODE_UNSUPPORTED: return DTA_UNSUPPORTED;
    case DDS_RETCODE_BAD_PARAMETER: case DDS_RETCODE_INCONSISTENT_POLICY: return DTA_MALFORMED;
    default: return DTA_ERROR;
  }
}

static void handle (const ddstuner_agent_Request *in)
{
  dta_request r = {in->version, in->client, in->request_id, in->agent, in->op, in->target, in->qos,
                   in->timestamp_ns, in->nonce, in->hmac};
  if (in->agent && in->agent[0] && strcmp (in->agent, G.id) != 0)
    return; /* for another agent */
  char msg[512] = "";
  dta_qos_req req;
  dta_buf qos = {0}, body = {0};
  dta_entities es;
  const dta_entity *e = NULL;
  int result;
  if ((in->agent == NULL || in->agent[0] == 0) && in->op == DTA_OP_SET_QOS) {
    /* a change must name its agent: never apply one to every process at once */
    memset (&req, 0, sizeof (req));
    result = DTA_MALFORMED;
    snprintf (msg, sizeof (msg), "malformed: SET_QOS must name its agent");
  } else {
    result = dta_request_check (&r, G.secret, now_ns (), &G.nonces, &req, msg, sizeof (msg));
  }
  dta_entities_walk (&G.api, G.domain, G.pp, &es);
  if (r.op != DTA_OP_LIST && r.target && r.target[0])
    e = dta_entities_find (&es, r.target);
  if (result == DTA_OK && r.op != DTA_OP_LIST && e == NULL) {
    result = DTA_UNKNOWN_ENTITY;
    snprintf (msg, sizeof (msg), "no entity %s in this process", r.target);
  }
  if (result == DTA_OK && r.op == DTA_OP_LIST) {
    for (size_t i = 0; i < es.n; i++) {
      dta_entity_line (&G.api, &es, &es.e[i], &body);
      dta_buf_add (&body, "\n");
    }
    snprintf (msg, sizeof (msg), "%zu entities", es.n);
  } else if (result == DTA_OK && r.op == DTA_OP_SET_QOS) {
    dds_qos_t *q = G.api.dds_create_qos ();
    dta_qos_apply (&G.api, q, &req);
    dds_return_t rc = G.api.dds_set_qos (e->handle, q);
    G.api.dds_delete_qos (q);
    result = map_rc (rc);
    if (rc != 0)
      snprintf (msg, sizeof (msg), "libddsc refused: %s", G.api.dds_strretcode (rc));
    else
      snprintf (msg, sizeof (msg), "applied");
  }
  if (e != NULL)
    dta_entity_qos (&G.api, e->handle, &qos);
  if (r.op == DTA_OP_SET_QOS || result != DTA_OK)
    dta_log ("%s request %lld from %s: %s %s [%s] -> %s: %s", r.op == DTA_OP_SET_QOS ? "SET_QOS" : "request",
           (long long) r.request_id, in->client ? in->client : "", in->target ? in->target : "",
           e ? dta_kind_name (e->kind) : "", in->qos ? in->qos : "", dta_result_name (result), msg);
  ddstuner_agent_Reply rep = {
    .version = DTA_PROTOCOL_VERSION, .agent = G.id, .client = in->client ? in->client : "", .request_id = in->request_id,
    .result = result, .message = msg, .target = in->target ? in->target : "", .qos = (char *) dta_buf_str (&qos),
    .body = (char *) dta_buf_str (&body)};
  G.api.dds_write (G.wr_rep, &rep);
  dta_qos_req_fini (&req);
  dta_entities_fini (&es);
  dta_buf_fini (&qos);
  dta_buf_fini (&body);
}

static dds_entity_t topic (const dds_topic_descriptor_t *d, const char *name)
{
  return G.api.dds_create_topic (G.pp, d, name, NULL, NULL);
}

static int setup (void)
{
  const char *parts[] = {PARTITION};
  dds_qos_t *q = G.api.dds_create_qos ();
  G.api.dds_qset_userdata (q, MARKER, strlen (MARKER));
  G.api.dds_qset_entity_name (q, "ddstuner.agent");
  G.pp = G.api.dds_create_participant (G.domain, q, NULL);
  G.api.dds_delete_qos (q);
  if (G.pp < 0)
    return -1;
  q = G.api.dds_create_qos ();
  G.api.dds_qset_partition (q, 1, parts);
  dds_entity_t pub = G.api.dds_create_publisher (G.pp, q, NULL);
  dds_entity_t sub = G.api.dds_create_subscriber (G.pp, q, NULL);
  G.api.dds_delete_qos (q);
  q = G.api.dds_create_qos ();
  G.api.dds_qset_reliability (q, DDS_RELIABILITY_RELIABLE, DDS_SECS (1));
  G.api.dds_qset_history (q, DDS_HISTORY_KEEP_LAST, 64);
  G.rd_req = G.api.dds_create_reader (sub, topic (&ddstuner_agent_Request_desc, "DDSTunerAgent_Request"), q, NULL);
  G.wr_rep = G.api.dds_create_writer (pub, topic (&ddstuner_agent_Reply_desc, "DDSTunerAgent_Reply"), q, NULL);
  G.api.dds_qset_durability (q, DDS_DURABILITY_TRANSIENT_LOCAL);
  G.api.dds_qset_history (q, DDS_HISTORY_KEEP_LAST, 1);
  G.wr_ann = G.api.dds_create_writer (pub, topic (&ddstuner_agent_Announcement_desc, "DDSTunerAgent_Announcement"), q, NULL);
  G.api.dds_delete_qos (q);
  q = G.api.dds_create_qos ();
  G.api.dds_qset_reliability (q, DDS_RELIABILITY_BEST_EFFORT, 0);
  G.wr_stat = G.api.dds_create_writer (pub, topic (&ddstuner_agent_Statistics_desc, "DDSTunerAgent_Statistics"), q, NULL);
  G.api.dds_delete_qos (q);
  if (G.rd_req < 0 || G.wr_rep < 0 || G.wr_ann < 0 || G.wr_stat < 0)
    return -1;
  G.ws = G.api.dds_create_waitset (G.pp);
  G.api.dds_waitset_attach (G.ws, G.api.dds_create_readcondition (G.rd_req, DDS_ANY_STATE), 0);
  return 0;
}

/* The application's first participant's domain (or DDSTUNER_AGENT_DOMAIN); -1 while there is none. */
static int find_domain (void)
{
  dta_entities es;
  const char *env = getenv ("DDSTUNER_AGENT_DOMAIN");
  dds_domainid_t want = env && *env ? (dds_domainid_t) strtoul (env, NULL, 10) : DDS_DOMAIN_DEFAULT;
  dta_entities_walk (&G.api, want, 0, &es);
  int found = -1;
  for (size_t i = 0; i < es.n && found < 0; i++)
    if (es.e[i].kind == K_PARTICIPANT && G.api.dds_get_domainid (es.e[i].handle, &G.domain) == 0)
      found = 0;
  dta_entities_fini (&es);
  return found;
}

static void *run (void *arg)
{
  (void) arg;
  char err[1200];
  int rc, warned = 0;
  while (!G.stop && (rc = dta_api_resolve (&G.api, err, sizeof (err))) != 0) {
    if (rc == -2) {
      dta_log ("not started: %s", err);
      return NULL;
    }
    sleep_ms (100);
  }
  while (!G.stop && find_domain () != 0) {
    if (!warned++)
      dta_log ("waiting for the application's first participant (libddsc %s)", G.api.path);
    sleep_ms (100);
  }
  if (G.stop)
    return NULL;
  if (setup () != 0) {
    dta_log ("not started: cannot create the agent's participant/endpoints in domain %u", (unsigned) G.domain);
    return NULL;
  }
  dta_log ("serving domain %u as %s (libddsc %s, %s)", (unsigned) G.domain, G.id, G.api.path,
         G.secret ? "changes allowed with a signed request" : "report only: no DDSTUNER_AGENT_SECRET");
  announce ("running");
  G.ready = 1;
  int64_t next_ann = now_ns () + INT64_C (5000000000), next_stat = now_ns () + (int64_t) G.stats_ms * 1000000;
  while (!G.stop) {
    dds_attach_t xs[1];
    G.api.dds_waitset_wait (G.ws, xs, 1, DDS_MSECS (100));
    void *buf[16] = {NULL};
    dds_sample_info_t si[16];
    int n;
    while ((n = G.api.dds_take (G.rd_req, buf, si, 16, 16)) > 0) {
      for (int i = 0; i < n; i++)
        if (si[i].valid_data)
          handle (buf[i]);
      G.api.dds_return_loan (G.rd_req, buf, n);
      buf[0] = NULL;
    }
    int64_t t = now_ns ();
    if (t >= next_ann) {
      announce ("running");
      next_ann = t + INT64_C (5000000000);
    }
    if (G.stats_ms > 0 && t >= next_stat) {
      dta_stats_publish (&G.stats, &G.api, G.domain, G.pp, G.wr_stat, G.id, t);
      next_stat = t + (int64_t) G.stats_ms * 1000000;
    }
  }
  announce ("stopped");
  dta_stats_fini (&G.stats, &G.api);
  G.api.dds_delete (G.pp);
  G.ready = 0;
  return NULL;
}

int ddstuner_agent_start (void)
{
  int rc = 0;
  pthread_mutex_lock (&G.lock);
  if (!G.started) {
    char host[100] = "";
    gethostname (host, sizeof (host) - 1);
    snprintf (G.id, sizeof (G.id), "%s:%d", host, (int) getpid ());
    const char *s = getenv ("DDSTUNER_AGENT_SECRET");
    G.secret = s && *s ? strdup (s) : NULL;
    const char *st = getenv ("DDSTUNER_AGENT_STATS_MS");
    G.stats_ms = st && *st ? atoi (st) : 1000;
    G.stop = 0;
    /* The thread keeps no signal mask of the application's: block all so signals go to the application. */
    sigset_t all, old;
    sigfillset (&all);
    pthread_sigmask (SIG_SETMASK, &all, &old);
    if (pthread_create (&G.thread, NULL, run, NULL) == 0)
      G.started = 1;
    else
      rc = -1;
    pthread_sigmask (SIG_SETMASK, &old, NULL);
  }
  pthread_mutex_unlock (&G.lock);
  return rc;
}

void ddstuner_agent_stop (void)
{
  pthread_mutex_lock (&G.lock);
  if (G.started) {
    G.stop = 1;
    pthread_join (G.thread, NULL);
    G.started = 0;
    if (G.log)
      fclose (G.log), G.log = NULL;
  }
  pthread_mutex_unlock (&G.lock);
}

int ddstuner_agent_ready (void)
{
  return G.ready;
}

const char *ddstuner_agent_id (void)
{
  return G.id;
}
