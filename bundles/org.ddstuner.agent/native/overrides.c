#define _GNU_SOURCE
#include <ctype.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "overrides.h"
#include "qos_text.h"

/* A minimal XML reader: elements, the two attributes we need, text; comments, <?...?> and <!...> are skipped.
 * Enough for hand-written and tool-written DDS-XML; not a validating parser. */
typedef struct node {
  char *name, *topic_filter, *ename, *text;
  struct node *child, *next;
} node;

static void free_node (node *n)
{
  while (n) {
    node *nx = n->next;
    free_node (n->child);
    free (n->name); free (n->topic_filter); free (n->ename); free (n->text);
    free (n);
    n = nx;
  }
}

static char *attr (const char *tag, size_t len, const char *key)
{
  size_t kl = strlen (key);
  for (size_t i = 0; i + kl + 2 < len; i++) {
    if (isspace ((unsigned char) tag[i]) && strncmp (tag + i + 1, key, kl) == 0) {
      const char *p = tag + i + 1 + kl;
      while (*p == ' ') p++;
      if (*p != '=') continue;
      p++;
      while (*p == ' ') p++;
      char q = *p;
      if (q != '"' && q != '\'') continue;
      const char *e = memchr (p + 1, q, (size_t) (tag + len - p - 1));
      if (e) return strndup (p + 1, (size_t) (e - p - 1));
    }
  }
  return NULL;
}

/* Parses children of the current element until its end tag; returns the first child. */
static node *parse (const char **pp, const char *end_name, int *err)
{
  node *first = NULL, **tail = &first;
  const char *p = *pp;
  for (;;) {
    const char *lt = strchr (p, '<');
    if (lt == NULL) {
      if (end_name) *err = 1;
      *pp = p + strlen (p);
      return first;
    }
    if (strncmp (lt, "<!--", 4) == 0) {
      const char *e = strstr (lt, "-->");
      if (!e) { *err = 1; return first; }
      p = e + 3;
      continue;
    }
    if (lt[1] == '?' || lt[1] == '!') {
      const char *e = strchr (lt, '>');
      if (!e) { *err = 1; return first; }
      p = e + 1;
      continue;
    }
    const char *gt = strchr (lt, '>');
    if (!gt) { *err = 1; return first; }
    if (lt[1] == '/') {
      *pp = gt + 1;
      size_t nl = strcspn (lt + 2, " \t\r\n>");
      if (!end_name || strlen (end_name) != nl || strncmp (lt + 2, end_name, nl) != 0)
        *err = 1;
      return first;
    }
    size_t nl = strcspn (lt + 1, " \t\r\n/>");
    node *n = calloc (1, sizeof (*n));
    n->name = strndup (lt + 1, nl);
    size_t tl = (size_t) (gt - lt);
    n->topic_filter = attr (lt, tl, "topic_filter");
    n->ename = attr (lt, tl, "name");
    *tail = n;
    tail = &n->next;
    if (gt[-1] == '/') {
      p = gt + 1;
      continue;
    }
    /* text up to the next tag */
    const char *t = gt + 1, *nt = strchr (t, '<');
    if (nt) {
      const char *a = t, *b = nt;
      while (a < b && isspace ((unsigned char) *a)) a++;
      while (b > a && isspace ((unsigned char) b[-1])) b--;
      n->text = strndup (a, (size_t) (b - a));
    }
    p = gt + 1;
    n->child = parse (&p, n->name, err);
    if (*err) { *pp = p; return first; }
  }
}

static const node *kid (const node *n, const char *name)
{
  for (const node *c = n ? n->child : NULL; c; c = c->next)
    if (strcmp (c->name, name) == 0)
      return c;
  return NULL;
}

static const char *kid_text (const node *n, const char *name)
{
  const node *c = kid (n, name);
  return c && c->text ? c->text : NULL;
}

/* <x><sec>S</sec><nanosec>N</nanosec></x> → ns text; DURATION_INFINITY(_SEC) → inf */
static int duration (const node *d, dta_buf *b)
{
  const char *s = kid_text (d, "sec"), *ns = kid_text (d, "nanosec");
  if (s == NULL && ns == NULL)
    return -1;
  if ((s && strncmp (s, "DURATION_INFINIT", 16) == 0) || (ns && strncmp (ns, "DURATION_INFINIT", 16) == 0)) {
    dta_buf_add (b, "inf");
    return 0;
  }
  long long sec = s ? atoll (s) : 0, nsec = ns ? atoll (ns) : 0;
  if (sec < 0 || nsec < 0 || sec > 9000000000LL)
    return -1;
  dta_buf_printf (b, "%lld", sec * 1000000000LL + nsec);
  return 0;
}

static int kind (const node *p, const char *const *xmlnames, const char *const *ours, dta_buf *b)
{
  const char *k = kid_text (p, "kind");
  for (int i = 0; k && xmlnames[i]; i++)
    if (strcmp (k, xmlnames[i]) == 0) {
      dta_buf_add (b, ours[i]);
      return 0;
    }
  return -1;
}

static int policy (const node *p, dta_buf *b, char *err, size_t errlen)
{
  static const char *const DUR_X[] = {"VOLATILE_DURABILITY_QOS", "TRANSIENT_LOCAL_DURABILITY_QOS", "TRANSIENT_DURABILITY_QOS", "PERSISTENT_DURABILITY_QOS", NULL};
  static const char *const DUR_O[] = {"volatile", "transient_local", "transient", "persistent"};
  static const char *const REL_X[] = {"BEST_EFFORT_RELIABILITY_QOS", "RELIABLE_RELIABILITY_QOS", NULL};
  static const char *const REL_O[] = {"best_effort", "reliable"};
  static const char *const HIS_X[] = {"KEEP_LAST_HISTORY_QOS", "KEEP_ALL_HISTORY_QOS", NULL};
  static const char *const HIS_O[] = {"keep_last", "keep_all"};
  static const char *const OWN_X[] = {"SHARED_OWNERSHIP_QOS", "EXCLUSIVE_OWNERSHIP_QOS", NULL};
  static const char *const OWN_O[] = {"shared", "exclusive"};
  static const char *const LIV_X[] = {"AUTOMATIC_LIVELINESS_QOS", "MANUAL_BY_PARTICIPANT_LIVELINESS_QOS", "MANUAL_BY_TOPIC_LIVELINESS_QOS", NULL};
  static const char *const LIV_O[] = {"automatic", "manual_by_participant", "manual_by_topic"};
  static const char *const DO_X[] = {"BY_RECEPTION_TIMESTAMP_DESTINATIONORDER_QOS", "BY_SOURCE_TIMESTAMP_DESTINATIONORDER_QOS", NULL};
  static const char *const DO_O[] = {"by_reception_timestamp", "by_source_timestamp"};
  const char *n = p->name;
  int rc = 0;
  dta_buf_add (b, n);
  dta_buf_add (b, "=");
  if (strcmp (n, "durability") == 0) rc = kind (p, DUR_X, DUR_O, b);
  else if (strcmp (n, "reliability") == 0) {
    rc = kind (p, REL_X, REL_O, b);
    const node *mb = kid (p, "max_blocking_time");
    if (rc == 0 && mb) dta_buf_add (b, ","), rc = duration (mb, b);
  } else if (strcmp (n, "history") == 0) {
    rc = kind (p, HIS_X, HIS_O, b);
    const char *d = kid_text (p, "depth");
    if (rc == 0 && d && strcmp (kid_text (p, "kind"), "KEEP_LAST_HISTORY_QOS") == 0) dta_buf_printf (b, ",%d", atoi (d));
  } else if (strcmp (n, "ownership") == 0) rc = kind (p, OWN_X, OWN_O, b);
  else if (strcmp (n, "destination_order") == 0) rc = kind (p, DO_X, DO_O, b);
  else if (strcmp (n, "liveliness") == 0) {
    rc = kind (p, LIV_X, LIV_O, b);
    const node *ld = kid (p, "lease_duration");
    if (rc == 0 && ld) dta_buf_add (b, ","), rc = duration (ld, b);
  } else if (strcmp (n, "deadline") == 0) rc = duration (kid (p, "period"), b);
  else if (strcmp (n, "latency_budget") == 0 || strcmp (n, "lifespan") == 0) rc = duration (kid (p, "duration"), b);
  else if (strcmp (n, "time_based_filter") == 0) rc = duration (kid (p, "minimum_separation"), b);
  else if (strcmp (n, "ownership_strength") == 0 || strcmp (n, "transport_priority") == 0) {
    const char *v = kid_text (p, "value");
    if (v) dta_buf_printf (b, "%d", atoi (v)); else rc = -1;
  } else if (strcmp (n, "user_data") == 0 || strcmp (n, "topic_data") == 0 || strcmp (n, "group_data") == 0) {
    const char *v = kid_text (p, "value");
    if (v) dta_buf_add_encoded (b, v, strlen (v)); else rc = -1;
  } else if (strcmp (n, "resource_limits") == 0) {
    const char *s = kid_text (p, "max_samples"), *i = kid_text (p, "max_instances"), *spi = kid_text (p, "max_samples_per_instance");
    dta_buf_printf (b, "%d,%d,%d", s ? atoi (s) : -1, i ? atoi (i) : -1, spi ? atoi (spi) : -1);
  } else {
    snprintf (err, errlen, "overrides: policy <%s> not supported", n);
    return -1;
  }
  if (rc != 0) {
    snprintf (err, errlen, "overrides: bad <%s>", n);
    return -1;
  }
  dta_buf_add (b, ";");
  return 0;
}

static int collect (const node *n, dta_overrides *out, char *err, size_t errlen)
{
  for (; n; n = n->next) {
    int w = strcmp (n->name, "datawriter_qos") == 0, r = strcmp (n->name, "datareader_qos") == 0;
    if (w || r) {
      dta_buf b = {0};
      for (const node *p = n->child; p; p = p->next)
        if (policy (p, &b, err, errlen) != 0) {
          dta_buf_fini (&b);
          return -1;
        }
      out->v = realloc (out->v, (out->n + 1) * sizeof (*out->v));
      out->v[out->n++] = (dta_override) {w, n->topic_filter ? strdup (n->topic_filter) : NULL,
                                         n->ename ? strdup (n->ename) : NULL, strdup (dta_buf_str (&b))};
      dta_buf_fini (&b);
    } else if (collect (n->child, out, err, errlen) != 0) {
      return -1;
    }
  }
  return 0;
}

int dta_overrides_parse (const char *xml, dta_overrides *out, char *err, size_t errlen)
{
  int e = 0;
  const char *p = xml;
  memset (out, 0, sizeof (*out));
  node *root = parse (&p, NULL, &e);
  if (e) {
    snprintf (err, errlen, "overrides: malformed XML near offset %ld", (long) (p - xml));
    free_node (root);
    return -1;
  }
  int rc = collect (root, out, err, errlen);
  free_node (root);
  return rc;
}

char *dta_overrides_match (const dta_overrides *o, int writer, const char *topic, const char *name)
{
  dta_buf b = {0};
  for (size_t i = 0; i < o->n; i++) {
    const dta_override *v = &o->v[i];
    if (v->writer != writer)
      continue;
    if (v->topic_filter && fnmatch (v->topic_filter, topic ? topic : "", 0) != 0)
      continue;
    if (v->name && (name == NULL || strcmp (v->name, name) != 0))
      continue;
    dta_buf_add (&b, v->qos);
  }
  return strdup (dta_buf_str (&b));
}

void dta_overrides_fini (dta_overrides *o)
{
  for (size_t i = 0; i < o->n; i++) {
    free (o->v[i].topic_filter); free (o->v[i].name); free (o->v[i].qos);
  }
  free (o->v);
  memset (o, 0, sizeof (*o));
}
