/* Lists what libddsc discovers on a domain: participants (GUID vendor, properties such as
 * __Hostname/__ProcessName or fastdds.physical_data.*, entity name) and endpoints (topic, type name,
 * main QoS, whether XTypes type information came with it). Used to check by hand that the foreign
 * test peers in tests/peers are visible to the libddsc the tool uses (0.10.x).
 *
 * Build: cc -O1 -o /tmp/discovery_dump tests/peers/check/discovery_dump.c -lddsc
 * Run:   releng/scripts/netns-run.sh /tmp/discovery_dump [-d DOMAIN] [-t SECONDS] [-c CONFIG_XML]
 * Without -c it uses CYCLONEDDS_URI or Cyclone's built-in default (multicast discovery), which is
 * only acceptable inside the private namespace netns-run.sh makes. */
#include <dds/dds.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *vendor_name (const unsigned char *guid)
{
  unsigned v = ((unsigned) guid[0] << 8) | guid[1];
  switch (v) {
    case 0x0110: return "Eclipse Cyclone DDS";
    case 0x010f: return "eProsima Fast DDS";
    case 0x0101: return "RTI Connext";
    case 0x0102: return "OpenSplice";
    default: return "unknown";
  }
}

static void print_guid (const char *label, const unsigned char *g)
{
  printf ("%s", label);
  for (int i = 0; i < 16; i++)
    printf ("%02x%s", g[i], (i == 3 || i == 7 || i == 11) ? ":" : "");
}

static void print_properties (const dds_qos_t *qos)
{
  uint32_t n = 0;
  char **names = NULL;
  if (qos == NULL || !dds_qget_propnames (qos, &n, &names))
    return;
  for (uint32_t i = 0; i < n; i++) {
    char *value = NULL;
    if (dds_qget_prop (qos, names[i], &value)) {
      printf ("    property %s = %s\n", names[i], value);
      dds_free (value);
    }
    dds_free (names[i]);
  }
  dds_free (names);
}

static const char *durability_name (dds_durability_kind_t k)
{
  switch (k) {
    case DDS_DURABILITY_VOLATILE: return "volatile";
    case DDS_DURABILITY_TRANSIENT_LOCAL: return "transient-local";
    case DDS_DURABILITY_TRANSIENT: return "transient";
    case DDS_DURABILITY_PERSISTENT: return "persistent";
  }
  return "?";
}

static void print_endpoint_qos (const dds_qos_t *qos)
{
  dds_reliability_kind_t rel;
  dds_duration_t blocking, deadline;
  dds_durability_kind_t dur;
  uint32_t np = 0;
  char **parts = NULL;
  char *name = NULL;
  printf ("   ");
  if (dds_qget_reliability (qos, &rel, &blocking))
    printf (" %s", rel == DDS_RELIABILITY_RELIABLE ? "reliable" : "best-effort");
  if (dds_qget_durability (qos, &dur))
    printf (" %s", durability_name (dur));
  if (dds_qget_deadline (qos, &deadline) && deadline != DDS_INFINITY)
    printf (" deadline=%" PRId64 "ms", deadline / DDS_MSECS (1));
  if (dds_qget_partition (qos, &np, &parts)) {
    printf (" partition=[");
    for (uint32_t i = 0; i < np; i++) {
      printf ("%s\"%s\"", i ? "," : "", parts[i]);
      dds_free (parts[i]);
    }
    printf ("]");
    dds_free (parts);
  }
  if (dds_qget_entity_name (qos, &name)) {
    printf (" entity_name=\"%s\"", name);
    dds_free (name);
  }
  printf ("\n");
}

static void dump_participants (dds_entity_t reader)
{
  void *samples[64] = { NULL };
  dds_sample_info_t infos[64];
  int n = dds_take (reader, samples, infos, 64, 64);
  for (int i = 0; i < n; i++) {
    if (!infos[i].valid_data)
      continue;
    const dds_builtintopic_participant_t *p = samples[i];
    char *name = NULL;
    print_guid ("PARTICIPANT ", p->key.v);
    printf (" vendor=%s", vendor_name (p->key.v));
    if (dds_qget_entity_name (p->qos, &name)) {
      printf (" entity_name=\"%s\"", name);
      dds_free (name);
    }
    printf ("\n");
    print_properties (p->qos);
  }
  if (n > 0)
    dds_return_loan (reader, samples, n);
}

static void dump_endpoints (dds_entity_t reader, const char *kind)
{
  void *samples[64] = { NULL };
  dds_sample_info_t infos[64];
  int n = dds_take (reader, samples, infos, 64, 64);
  for (int i = 0; i < n; i++) {
    if (!infos[i].valid_data)
      continue;
    const dds_builtintopic_endpoint_t *e = samples[i];
    const dds_typeinfo_t *typeinfo = NULL;
    dds_return_t rc = dds_builtintopic_get_endpoint_type_info ((dds_builtintopic_endpoint_t *) e, &typeinfo);
    printf ("%s topic=\"%s\" type=\"%s\" vendor=%s typeinfo=%s", kind, e->topic_name, e->type_name,
            vendor_name (e->key.v), (rc == DDS_RETCODE_OK && typeinfo != NULL) ? "yes" : "no");
    print_guid (" participant=", e->participant_key.v);
    printf ("\n");
    print_endpoint_qos (e->qos);
  }
  if (n > 0)
    dds_return_loan (reader, samples, n);
}

int main (int argc, char **argv)
{
  dds_domainid_t domain = 0;
  int seconds = 3;
  const char *config = NULL;
  int opt;
  while ((opt = getopt (argc, argv, "d:t:c:")) != -1) {
    switch (opt) {
      case 'd': domain = (dds_domainid_t) atoi (optarg); break;
      case 't': seconds = atoi (optarg); break;
      case 'c': config = optarg; break;
      default:
        fprintf (stderr, "usage: %s [-d DOMAIN] [-t SECONDS] [-c CONFIG_XML]\n", argv[0]);
        return 2;
    }
  }
  if (config != NULL && dds_create_domain (domain, config) < 0) {
    fprintf (stderr, "discovery_dump: cannot create domain %u with the given config\n", (unsigned) domain);
    return 1;
  }
  dds_entity_t pp = dds_create_participant (domain, NULL, NULL);
  if (pp < 0) {
    fprintf (stderr, "discovery_dump: dds_create_participant: %s\n", dds_strretcode (pp));
    return 1;
  }
  dds_entity_t rp = dds_create_reader (pp, DDS_BUILTIN_TOPIC_DCPSPARTICIPANT, NULL, NULL);
  dds_entity_t rw = dds_create_reader (pp, DDS_BUILTIN_TOPIC_DCPSPUBLICATION, NULL, NULL);
  dds_entity_t rr = dds_create_reader (pp, DDS_BUILTIN_TOPIC_DCPSSUBSCRIPTION, NULL, NULL);
  if (rp < 0 || rw < 0 || rr < 0) {
    fprintf (stderr, "discovery_dump: cannot create built-in topic readers\n");
    return 1;
  }
  /* Discovery on loopback takes tens of milliseconds; wait, then print everything once. */
  dds_sleepfor (DDS_SECS (seconds));
  dump_participants (rp);
  dump_endpoints (rw, "WRITER");
  dump_endpoints (rr, "READER");
  dds_delete (DDS_CYCLONEDDS_HANDLE);
  return 0;
}
