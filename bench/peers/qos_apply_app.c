/* The application of bench/qos-apply.sh: one participant with one writer (exclusive ownership, strength 5) on
 * "QosApplyTopic", type tuned::Reading of tests/org.ddstuner.agent.tests/native/tuned.idl, with the DDS Tuner
 * agent embedded (ddstuner_agent_start(), linked with -lddstuner_agent). It also changes its own writer's QoS on
 * request, which is the benchmark's reference (the same change without the agent): for each line "set N" on standard
 * input it calls dds_set_qos (ownership_strength = N) and answers "set N T_NS RC", T_NS = CLOCK_MONOTONIC just before
 * the call (the JVM's System.nanoTime is the same clock on Linux). Exits when standard input closes, or after argv[1]
 * seconds (default 300). argv[2]: domain id. First line of output: "pid=P writer=GUID". */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <poll.h>
#include "dds/dds.h"
#include "tuned.h"
#include "ddstuner_agent.h"

static long long mono_ns (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (long long) ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

int main (int argc, char **argv)
{
  int seconds = argc > 1 ? atoi (argv[1]) : 300;
  dds_domainid_t domain = argc > 2 ? (dds_domainid_t) atoi (argv[2]) : DDS_DOMAIN_DEFAULT;
  dds_entity_t pp = dds_create_participant (domain, NULL, NULL);
  if (pp < 0) {
    fprintf (stderr, "participant: %s\n", dds_strretcode (pp));
    return 1;
  }
  if (ddstuner_agent_start () != 0) {
    fprintf (stderr, "agent did not start\n");
    return 1;
  }
  dds_entity_t tp = dds_create_topic (pp, &tuned_Reading_desc, "QosApplyTopic", NULL, NULL);
  dds_qos_t *q = dds_create_qos ();
  dds_qset_reliability (q, DDS_RELIABILITY_RELIABLE, DDS_MSECS (100));
  dds_qset_ownership (q, DDS_OWNERSHIP_EXCLUSIVE);
  dds_qset_ownership_strength (q, 5);
  dds_entity_t wr = dds_create_writer (pp, tp, q, NULL);
  dds_delete_qos (q);
  if (tp < 0 || wr < 0) {
    fprintf (stderr, "entities: %d %d\n", tp, wr);
    return 1;
  }
  dds_guid_t g;
  dds_get_guid (wr, &g);
  printf ("pid=%d writer=", (int) getpid ());
  for (int i = 0; i < 16; i++)
    printf ("%02x", g.v[i]);
  printf ("\n");
  fflush (stdout);

  char line[128];
  long long end = mono_ns () + (long long) seconds * 1000000000LL;
  struct pollfd pfd = {.fd = 0, .events = POLLIN};
  while (mono_ns () < end) {
    if (poll (&pfd, 1, 1000) <= 0)
      continue;
    if (fgets (line, sizeof (line), stdin) == NULL)
      break; /* stdin closed: the driver is done */
    int v;
    if (sscanf (line, "set %d", &v) != 1)
      continue;
    q = dds_create_qos ();
    dds_qset_ownership_strength (q, v);
    long long t = mono_ns ();
    dds_return_t rc = dds_set_qos (wr, q);
    dds_delete_qos (q);
    printf ("set %d %lld %d\n", v, t, (int) rc);
    fflush (stdout);
  }
  dds_delete (pp);
  return 0;
}
