/* Writes one sample per type with dds_write in XCDR1 and XCDR2 and prints what libddsc serialized:
   "<Type> <XCDR1|XCDR2> <hex of serdata incl. encapsulation header> <hex of key hash>". */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "dds/dds.h"
#include "dds/ddsi/ddsi_serdata.h"
#include "dds/ddsi/ddsi_keyhash.h"
#include "interop.h"

static dds_entity_t pp;

static void hex (const unsigned char *p, size_t n) {
  for (size_t i = 0; i < n; i++) printf ("%02x", p[i]);
}

static int roundtrip (const dds_topic_descriptor_t *desc, const char *name, const void *sample, int xcdr) {
  char topic_name[64];
  snprintf (topic_name, sizeof topic_name, "cdr_%s_%d", name, xcdr);
  dds_qos_t *qos = dds_create_qos ();
  dds_qset_reliability (qos, DDS_RELIABILITY_RELIABLE, DDS_SECS (1));
  dds_qset_history (qos, DDS_HISTORY_KEEP_ALL, 0);
  dds_qset_data_representation (qos, 1, (dds_data_representation_id_t[]) { xcdr == 1 ? DDS_DATA_REPRESENTATION_XCDR1 : DDS_DATA_REPRESENTATION_XCDR2 });
  dds_entity_t tp = dds_create_topic (pp, desc, topic_name, qos, NULL);
  if (tp < 0) { printf ("%s XCDR%d unsupported %s\n", name, xcdr, dds_strretcode (tp)); dds_delete_qos (qos); return 0; }
  dds_entity_t rd = dds_create_reader (pp, tp, qos, NULL);
  dds_entity_t wr = dds_create_writer (pp, tp, qos, NULL);
  dds_delete_qos (qos);
  if (rd < 0 || wr < 0) { printf ("%s XCDR%d unsupported %s\n", name, xcdr, dds_strretcode (rd < 0 ? rd : wr)); return 0; }
  dds_return_t rc = dds_write (wr, sample);
  if (rc < 0) { fprintf (stderr, "dds_write %s: %s\n", name, dds_strretcode (rc)); return 1; }
  struct ddsi_serdata *sd = NULL;
  dds_sample_info_t si;
  for (int i = 0; i < 200; i++) {
    rc = dds_takecdr (rd, &sd, 1, &si, DDS_ANY_STATE);
    if (rc > 0) break;
    dds_sleepfor (DDS_MSECS (10));
  }
  if (rc <= 0) { fprintf (stderr, "no data for %s\n", name); return 1; }
  uint32_t sz = ddsi_serdata_size (sd);
  unsigned char *buf = malloc (sz);
  ddsi_serdata_to_ser (sd, 0, sz, buf);
  struct ddsi_keyhash kh;
  ddsi_serdata_get_keyhash (sd, &kh, false);
  printf ("%s XCDR%d ", name, xcdr);
  hex (buf, sz);
  printf (" ");
  hex (kh.value, sizeof kh.value);
  printf ("\n");
  free (buf);
  ddsi_serdata_unref (sd);
  dds_delete (wr); dds_delete (rd); dds_delete (tp);
  return 0;
}

static M_Inner inner (int16_t s, double d) { M_Inner x = { s, d }; return x; }

int main (void) {
  pp = dds_create_participant (DDS_DOMAIN_DEFAULT, NULL, NULL);
  if (pp < 0) { fprintf (stderr, "participant: %s\n", dds_strretcode (pp)); return 2; }
  int fails = 0;

  M_F f;
  memset (&f, 0, sizeof f);
  f.id = 7; f.o = 0xfe; f.c = 'x'; f.b = true; f.i8 = -5; f.u8 = 200; f.sh = -1234; f.ush = 65000;
  f.l = -100000; f.ul = 4000000000u; f.ll = -1234567890123LL; f.ull = 18000000000000000000ULL;
  f.fl = 1.5f; f.d = -2.25;
  f.s = "hello"; strcpy (f.bs, "bounded");
  f.col = M_BLUE; f.sm = M_S_C; f.p = (1u << 0) | (1u << 9);
  f.in = inner (3, 0.5);
  f.der.parent.s = 4; f.der.parent.d = 8.0; f.der.x = 99;
  f.u._d = 2; f.u._u.b = "branch";
  for (int i = 0; i < 2; i++) for (int j = 0; j < 3; j++) f.m[i][j] = i * 10 + j;
  int32_t sl[] = { 1, -2, 3 };
  f.sl._length = f.sl._maximum = 3; f.sl._buffer = sl;
  M_Inner si[] = { inner (1, 1.0), inner (2, 2.0) };
  f.si._length = f.si._maximum = 2; f.si._buffer = si;
  char *ss[] = { "a", "", "ccc" };
  f.ss._length = f.ss._maximum = 3; f.ss._buffer = ss;
  M_Color sc[] = { M_GREEN, M_RED };
  f.sc._length = f.sc._maximum = 2; f.sc._buffer = sc;
  int16_t s0[] = { 5 }, s1[] = { 6, 7 };
  dds_sequence_short sss[] = { { 1, 1, s0, false }, { 0, 0, NULL, false }, { 2, 2, s1, false } };
  f.sss._length = f.sss._maximum = 3; f.sss._buffer = sss;
  f.ia[0] = inner (10, 10.5); f.ia[1] = inner (11, 11.5);
  f.sa[0] = "p"; f.sa[1] = "qq";
  M_Small ssm[] = { M_S_B, M_S_C, M_S_A };
  f.ssm._length = f.ssm._maximum = 3; f.ssm._buffer = ssm;

  M_App app;
  memset (&app, 0, sizeof app);
  int32_t ol = 42;
  app.id = 8; app.s = "app"; app.ol = &ol; app.os = NULL; app.in = inner (-1, 3.75);
  M_Inner asi[] = { inner (5, 5.5) };
  app.si._length = app.si._maximum = 1; app.si._buffer = asi;
  app.sm = M_S_B;

  M_Mut mut;
  memset (&mut, 0, sizeof mut);
  double od = 6.5;
  mut.id = 9; mut.s = "mutable"; mut.od = &od; mut.absent = NULL; mut.in = inner (12, -0.125);
  int32_t msl[] = { 100, 200 };
  mut.sl._length = mut.sl._maximum = 2; mut.sl._buffer = msl;
  mut.u._d = 5; mut.u._u.c = 1e100;
  mut.app = app;

  M_KeyStr ks = { 11, "a key string longer than sixteen bytes", 12 };
  M_KeyFixed kf = { 13, 14, 15 };
  M_KeyNested kn = { { 16, 17.5 }, "nested" };

  for (int x = 1; x <= 2; x++) {
    fails += roundtrip (&M_F_desc, "F", &f, x);
    fails += roundtrip (&M_App_desc, "App", &app, x);
    fails += roundtrip (&M_Mut_desc, "Mut", &mut, x);
    fails += roundtrip (&M_KeyStr_desc, "KeyStr", &ks, x);
    fails += roundtrip (&M_KeyFixed_desc, "KeyFixed", &kf, x);
    fails += roundtrip (&M_KeyNested_desc, "KeyNested", &kn, x);
  }
  dds_delete (pp);
  return fails ? 1 : 0;
}
