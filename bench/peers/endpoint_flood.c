/* endpoint_flood: a discovery-scale load generator for DDS Tuner's benchmarks.
 *
 * Creates N endpoints (writers and readers) spread round-robin over T topics in one participant,
 * prints "READY n=N t_ms=..." once all exist, then idles so a monitoring tool can discover them. It
 * stops on SIGINT/SIGTERM, when its stdin (if a pipe) closes, or after -x seconds, whichever comes
 * first: it never runs unbounded.
 *
 * Config: -c (XML text, a file path or a file:// URI), else CYCLONEDDS_URI, else the built-in
 * loopback-only config below. Run it inside releng/scripts/netns-run.sh like every participant here.
 *
 * Build: bench/peers/build.sh (idlc for the type, then cc ... -lddsc against libddsc 0.10.x). */
#include <dds/dds.h>
#include <errno.h>
#include <inttypes.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "FloodSample.h"

/* Same content as bench/peers/loopback.xml: nothing leaves 127.0.0.1, no multicast. */
static const char *LOOPBACK_CONFIG =
  "<CycloneDDS xmlns=\"https://cdds.io/config\"><Domain id=\"any\">"
  "<General><Interfaces><NetworkInterface address=\"127.0.0.1\"/></Interfaces>"
  "<AllowMulticast>false</AllowMulticast></General>"
  "<Discovery><ParticipantIndex>auto</ParticipantIndex>"
  "<MaxAutoParticipantIndex>120</MaxAutoParticipantIndex>"
  "<Peers><Peer address=\"127.0.0.1\"/></Peers></Discovery>"
  "</Domain></CycloneDDS>";

struct options {
  int endpoints, topics, writer_percent, max_seconds;
  long expect_remote;
  dds_domainid_t domain;
  const char *config, *prefix, *partition;
};

static volatile sig_atomic_t stop_requested = 0;
static void on_signal (int sig) { (void) sig; stop_requested = 1; }

static void usage (const char *argv0)
{
  fprintf (stderr,
    "usage: %s [-n ENDPOINTS] [-t TOPICS] [-w WRITER_PERCENT] [-d DOMAIN] [-c CONFIG]\n"
    "          [-P TOPIC_PREFIX] [-p PARTITION] [-r EXPECTED_REMOTE_ENDPOINTS] [-x MAX_SECONDS]\n"
    "  -n  endpoints to create (default 4000)      -t  topics they are spread over (default 100)\n"
    "  -w  percentage of writers (default 50)       -d  domain id (default 0)\n"
    "  -c  Cyclone config: XML, path or file:// URI (default: CYCLONEDDS_URI, else loopback-only)\n"
    "  -P  topic name prefix (default \"flood\")      -p  partition for all endpoints (default none)\n"
    "  -r  after READY, wait until this many endpoints of other participants are discovered and\n"
    "      print \"DISCOVERED n=... t_ms=...\"        -x  exit after this many seconds (default 900)\n",
    argv0);
}

static int parse_int (const char *s, const char *what, long min, long max, long *out)
{
  char *end;
  errno = 0;
  long v = strtol (s, &end, 10);
  if (errno != 0 || *end != '\0' || v < min || v > max) {
    fprintf (stderr, "endpoint_flood: %s must be a whole number in %ld..%ld, got \"%s\"\n", what, min, max, s);
    return 0;
  }
  *out = v;
  return 1;
}

static int parse_options (int argc, char **argv, struct options *o)
{
  long v;
  int opt;
  *o = (struct options) { 4000, 100, 50, 900, -1, 0, NULL, "flood", NULL };
  while ((opt = getopt (argc, argv, "n:t:w:d:c:P:p:r:x:h")) != -1) {
    switch (opt) {
      case 'n': if (!parse_int (optarg, "-n ENDPOINTS", 1, 1000000, &v)) return 0; o->endpoints = (int) v; break;
      case 't': if (!parse_int (optarg, "-t TOPICS", 1, 100000, &v)) return 0; o->topics = (int) v; break;
      case 'w': if (!parse_int (optarg, "-w WRITER_PERCENT", 0, 100, &v)) return 0; o->writer_percent = (int) v; break;
      case 'd': if (!parse_int (optarg, "-d DOMAIN", 0, 232, &v)) return 0; o->domain = (dds_domainid_t) v; break;
      case 'x': if (!parse_int (optarg, "-x MAX_SECONDS", 1, 86400, &v)) return 0; o->max_seconds = (int) v; break;
      case 'r': if (!parse_int (optarg, "-r EXPECTED_REMOTE", 0, 100000000, &v)) return 0; o->expect_remote = v; break;
      case 'c': o->config = optarg; break;
      case 'P': o->prefix = optarg; break;
      case 'p': o->partition = optarg; break;
      default: usage (argv[0]); return 0;
    }
  }
  if (optind != argc) {
    usage (argv[0]);
    return 0;
  }
  return 1;
}

/* A bare path becomes a file:// URI; XML text and URIs pass through (dds_create_domain takes both). */
static char *config_uri (const char *config)
{
  char *uri;
  if (config[0] == '<' || strstr (config, "://") != NULL)
    return strdup (config);
  if (access (config, R_OK) != 0) {
    fprintf (stderr, "endpoint_flood: cannot read config file \"%s\": %s\n", config, strerror (errno));
    return NULL;
  }
  if ((uri = malloc (strlen (config) + 8)) != NULL)
    sprintf (uri, "file://%s", config);
  return uri;
}

static long rss_kb (void)
{
  char line[256];
  long kb = -1;
  FILE *f = fopen ("/proc/self/status", "r");
  if (f == NULL)
    return -1;
  while (fgets (line, sizeof line, f) != NULL)
    if (sscanf (line, "VmRSS: %ld kB", &kb) == 1)
      break;
  fclose (f);
  return kb;
}

static double ms_since (dds_time_t t0) { return (double) (dds_time () - t0) / 1e6; }

/* Counts newly discovered endpoints that belong to other participants. */
static long count_remote (dds_entity_t reader, const dds_guid_t *own)
{
  void *samples[256] = { NULL };
  dds_sample_info_t infos[256];
  long count = 0;
  int n;
  while ((n = dds_take (reader, samples, infos, 256, 256)) > 0) {
    for (int i = 0; i < n; i++) {
      const dds_builtintopic_endpoint_t *e = samples[i];
      if (infos[i].valid_data && infos[i].instance_state == DDS_IST_ALIVE
          && memcmp (e->participant_key.v, own->v, sizeof own->v) != 0)
        count++;
    }
    dds_return_loan (reader, samples, n);
  }
  return count;
}

/* True when stdin is a pipe that has been closed (the parent that started us went away). */
static int stdin_closed (int watch_stdin)
{
  struct pollfd p = { .fd = 0, .events = POLLIN };
  char buf[256];
  if (!watch_stdin || poll (&p, 1, 0) <= 0)
    return 0;
  return read (0, buf, sizeof buf) == 0;
}

int main (int argc, char **argv)
{
  struct options o;
  struct stat st;
  if (!parse_options (argc, argv, &o))
    return 2;
  signal (SIGINT, on_signal);
  signal (SIGTERM, on_signal);
  int watch_stdin = fstat (0, &st) == 0 && (S_ISFIFO (st.st_mode) || S_ISSOCK (st.st_mode));

  const char *config = o.config ? o.config : getenv ("CYCLONEDDS_URI");
  char *uri = config_uri (config && *config ? config : LOOPBACK_CONFIG);
  if (uri == NULL)
    return 1;
  dds_time_t t0 = dds_time ();
  dds_entity_t domain = dds_create_domain (o.domain, uri);
  free (uri);
  if (domain < 0) {
    fprintf (stderr, "endpoint_flood: dds_create_domain: %s (check the config)\n", dds_strretcode (domain));
    return 1;
  }
  dds_entity_t pp = dds_create_participant (o.domain, NULL, NULL);
  if (pp < 0) {
    fprintf (stderr, "endpoint_flood: dds_create_participant: %s\n", dds_strretcode (pp));
    return 1;
  }
  double participant_ms = ms_since (t0);
  dds_guid_t own;
  dds_get_guid (pp, &own);
  dds_entity_t rd_pub = 0, rd_sub = 0;
  if (o.expect_remote >= 0) {
    rd_pub = dds_create_reader (pp, DDS_BUILTIN_TOPIC_DCPSPUBLICATION, NULL, NULL);
    rd_sub = dds_create_reader (pp, DDS_BUILTIN_TOPIC_DCPSSUBSCRIPTION, NULL, NULL);
  }

  dds_qos_t *gqos = dds_create_qos ();
  if (o.partition)
    dds_qset_partition1 (gqos, o.partition);
  dds_entity_t pub = dds_create_publisher (pp, gqos, NULL);
  dds_entity_t sub = dds_create_subscriber (pp, gqos, NULL);
  dds_delete_qos (gqos);
  dds_qos_t *eqos = dds_create_qos ();
  dds_qset_reliability (eqos, DDS_RELIABILITY_RELIABLE, DDS_MSECS (100));

  dds_entity_t *topics = calloc ((size_t) o.topics, sizeof *topics);
  char name[256];
  for (int t = 0; t < o.topics; t++) {
    snprintf (name, sizeof name, "%s_%05d", o.prefix, t);
    if ((topics[t] = dds_create_topic (pp, &ddstuner_bench_FloodSample_desc, name, NULL, NULL)) < 0) {
      fprintf (stderr, "endpoint_flood: dds_create_topic %s: %s\n", name, dds_strretcode (topics[t]));
      return 1;
    }
  }
  double topics_ms = ms_since (t0);
  int writers = 0, readers = 0;
  /* Bresenham-style split so any writer percentage is spread evenly over the topics. */
  for (int i = 0; i < o.endpoints && !stop_requested; i++) {
    int is_writer = ((i + 1) * o.writer_percent) / 100 > (i * o.writer_percent) / 100;
    dds_entity_t topic = topics[i % o.topics];
    dds_entity_t e = is_writer ? dds_create_writer (pub, topic, eqos, NULL) : dds_create_reader (sub, topic, eqos, NULL);
    if (e < 0) {
      fprintf (stderr, "endpoint_flood: creating endpoint %d failed: %s\n", i, dds_strretcode (e));
      return 1;
    }
    if (is_writer) writers++; else readers++;
  }
  dds_delete_qos (eqos);
  printf ("READY n=%d t_ms=%.1f topics=%d writers=%d readers=%d participant_ms=%.1f topics_ms=%.1f rss_kb=%ld pid=%d\n",
          writers + readers, ms_since (t0), o.topics, writers, readers, participant_ms, topics_ms, rss_kb (), (int) getpid ());
  fflush (stdout);

  dds_time_t ready_at = dds_time ();
  dds_time_t deadline = t0 + DDS_SECS (o.max_seconds);
  long remote = 0;
  int reported = o.expect_remote < 0;
  while (!stop_requested && dds_time () < deadline && !stdin_closed (watch_stdin)) {
    if (!reported) {
      remote += count_remote (rd_pub, &own) + count_remote (rd_sub, &own);
      if (remote >= o.expect_remote) {
        printf ("DISCOVERED n=%ld t_ms=%.1f rss_kb=%ld\n", remote, ms_since (ready_at), rss_kb ());
        fflush (stdout);
        reported = 1;
      }
    }
    dds_sleepfor (DDS_MSECS (reported ? 200 : 20));
  }
  if (!reported)
    printf ("NOT_DISCOVERED n=%ld expected=%ld t_ms=%.1f\n", remote, o.expect_remote, ms_since (ready_at));
  dds_time_t td = dds_time ();
  dds_delete (domain);
  fprintf (stderr, "endpoint_flood: deleted everything in %.1f ms\n", ms_since (td));
  free (topics);
  return 0;
}
