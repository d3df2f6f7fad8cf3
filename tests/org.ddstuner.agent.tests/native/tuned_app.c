/* A small DDS application for the agent tests: one participant with a writer and a reader on topic "TunedTopic".
 * Built by the tests with gcc against cyclonedds-dev: with -DEXPLICIT_START it calls ddstuner_agent_start() (linked
 * with -lddstuner_agent); without, it knows nothing of the agent (started by LD_PRELOAD). It writes a sample every
 * 100 ms and exits when its standard input closes (or after argv[1] seconds, default 120). argv[2]: domain id.
 * For the health tests' retransmission and throttling alerts: TUNED_BURST=n writes n samples per 100 ms,
 * TUNED_TEXT_BYTES=n makes each sample's text n bytes, TUNED_HISTORY=all|n gives the writer KEEP_ALL or KEEP_LAST n
 * history (measured with 0.10.2 and a burst of 50 x 3000 bytes: a reader process stopped for 2 s overflows its socket
 * buffer; on resume it NACKs, and a KEEP_LAST 100 writer retransmits ~800 kB; a KEEP_ALL writer throttles instead). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <poll.h>
#include "dds/dds.h"
#include "tuned.h"
#ifdef EXPLICIT_START
#include "ddstuner_agent.h"
#endif

int main (int argc, char **argv)
{
  int seconds = argc > 1 ? atoi (argv[1]) : 120;
  dds_domainid_t domain = argc > 2 ? (dds_domainid_t) atoi (argv[2]) : DDS_DOMAIN_DEFAULT;
  dds_entity_t pp = dds_create_participant (domain, NULL, NULL);
  if (pp < 0) {
    fprintf (stderr, "participant: %s\n", dds_strretcode (pp));
    return 1;
  }
#ifdef EXPLICIT_START
  if (ddstuner_agent_start () != 0) {
    fprintf (stderr, "agent did not start\n");
    return 1;
  }
#endif
  dds_entity_t tp = dds_create_topic (pp, &tuned_Reading_desc, "TunedTopic", NULL, NULL);
  dds_qos_t *q = dds_create_qos ();
  dds_qset_reliability (q, DDS_RELIABILITY_RELIABLE, DDS_MSECS (100));
  dds_qset_ownership (q, DDS_OWNERSHIP_EXCLUSIVE);
  dds_qset_ownership_strength (q, 5);
  dds_qset_entity_name (q, "tuned_writer");
  const char *history = getenv ("TUNED_HISTORY");
  if (history && strcmp (history, "all") == 0)
    dds_qset_history (q, DDS_HISTORY_KEEP_ALL, 0);
  else if (history)
    dds_qset_history (q, DDS_HISTORY_KEEP_LAST, atoi (history));
  dds_entity_t wr = dds_create_writer (pp, tp, q, NULL);
  dds_delete_qos (q);
  q = dds_create_qos ();
  dds_qset_reliability (q, DDS_RELIABILITY_RELIABLE, DDS_MSECS (100));
  dds_qset_ownership (q, DDS_OWNERSHIP_EXCLUSIVE);
  dds_qset_entity_name (q, "tuned_reader");
  dds_entity_t rd = dds_create_reader (pp, tp, q, NULL);
  dds_delete_qos (q);
  if (tp < 0 || wr < 0 || rd < 0) {
    fprintf (stderr, "entities: %d %d %d\n", tp, wr, rd);
    return 1;
  }
  dds_guid_t g;
  dds_get_guid (wr, &g);
  printf ("pid=%d writer=", (int) getpid ());
  for (int i = 0; i < 16; i++)
    printf ("%02x", g.v[i]);
  dds_get_guid (rd, &g);
  printf (" reader=");
  for (int i = 0; i < 16; i++)
    printf ("%02x", g.v[i]);
  printf ("\n");
  fflush (stdout);
  struct pollfd pfd = {.fd = 0, .events = POLLIN};
  int burst = getenv ("TUNED_BURST") ? atoi (getenv ("TUNED_BURST")) : 1;
  int text_bytes = getenv ("TUNED_TEXT_BYTES") ? atoi (getenv ("TUNED_TEXT_BYTES")) : 0;
  char *text = "hello";
  if (text_bytes > 0) {
    text = malloc ((size_t) text_bytes + 1);
    memset (text, 'x', (size_t) text_bytes);
    text[text_bytes] = 0;
  }
  int64_t n = 0;
  for (int64_t tick = 0; tick < (int64_t) seconds * 10; tick++) {
    for (int i = 0; i < burst; i++) {
      tuned_Reading r = {.id = 1, .seq = n++, .text = text};
      dds_write (wr, &r);
    }
    if (poll (&pfd, 1, 100) > 0) {
      char b[64];
      if (read (0, b, sizeof (b)) <= 0)
        break;
    }
  }
  dds_delete (pp);
  return 0;
}
