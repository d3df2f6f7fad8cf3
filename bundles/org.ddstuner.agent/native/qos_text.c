#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "qos_text.h"

static const char *const NAMES[P__COUNT] = {
  "durability", "deadline", "latency_budget", "liveliness", "reliability", "destination_order", "history",
  "resource_limits", "presentation", "lifespan", "ownership", "ownership_strength", "partition",
  "time_based_filter", "transport_priority", "writer_data_lifecycle", "reader_data_lifecycle", "user_data",
  "topic_data", "group_data", "entity_name"};

const char *dta_policy_name (dta_policy_id id)
{
  return (unsigned) id < P__COUNT ? NAMES[id] : "?";
}

/* ---- string buffer ---- */

static void reserve (dta_buf *b, size_t extra)
{
  if (b->len + extra + 1 > b->cap) {
    size_t cap = b->cap ? b->cap : 256;
    while (cap < b->len + extra + 1)
      cap *= 2;
    char *s = realloc (b->s, cap);
    if (s == NULL)
      abort ();
    b->s = s;
    b->cap = cap;
  }
}

void dta_buf_addn (dta_buf *b, const char *s, size_t n)
{
  reserve (b, n);
  memcpy (b->s + b->len, s, n);
  b->len += n;
  b->s[b->len] = 0;
}

void dta_buf_add (dta_buf *b, const char *s)
{
  dta_buf_addn (b, s, strlen (s));
}

void dta_buf_printf (dta_buf *b, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  int n = vsnprintf (NULL, 0, fmt, ap);
  va_end (ap);
  if (n < 0)
    return;
  reserve (b, (size_t) n);
  va_start (ap, fmt);
  vsnprintf (b->s + b->len, (size_t) n + 1, fmt, ap);
  va_end (ap);
  b->len += (size_t) n;
}

void dta_buf_add_encoded (dta_buf *b, const void *data, size_t n)
{
  const unsigned char *p = data;
  for (size_t i = 0; i < n; i++) {
    unsigned char c = p[i];
    if (c == '%' || c == ';' || c == '=' || c == ',' || c < 0x20 || c >= 0x7f)
      dta_buf_printf (b, "%%%02X", c);
    else
      dta_buf_addn (b, (const char *) &c, 1);
  }
}

void dta_buf_add_duration (dta_buf *b, int64_t ns)
{
  if (ns == DTA_INF)
    dta_buf_add (b, "inf");
  else
    dta_buf_printf (b, "%lld", (long long) ns);
}

const char *dta_buf_str (dta_buf *b)
{
  if (b->s == NULL)
    reserve (b, 0), b->s[0] = 0;
  return b->s;
}

void dta_buf_fini (dta_buf *b)
{
  free (b->s);
  b->s = NULL;
  b->len = b->cap = 0;
}

/* ---- parsing ---- */

static int hexval (int c)
{
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

/* Percent-decodes s[0..n) into a new NUL-terminated buffer; NULL on a bad escape. */
static unsigned char *decode (const char *s, size_t n, size_t *outlen)
{
  unsigned char *o = malloc (n + 1);
  size_t k = 0;
  if (o == NULL)
    return NULL;
  for (size_t i = 0; i < n; i++) {
    if (s[i] == '%') {
      int h, l;
      if (i + 2 >= n || (h = hexval ((unsigned char) s[i + 1])) < 0 || (l = hexval ((unsigned char) s[i + 2])) < 0) {
        free (o);
        return NULL;
      }
      o[k++] = (unsigned char) (h * 16 + l);
      i += 2;
    } else {
      o[k++] = (unsigned char) s[i];
    }
  }
  o[k] = 0;
  *outlen = k;
  return o;
}

static int parse_int (const char *s, int64_t lo, int64_t hi, int64_t *v)
{
  char *end;
  errno = 0;
  if (*s == 0 || isspace ((unsigned char) *s))
    return -1;
  long long x = strtoll (s, &end, 10);
  if (errno != 0 || *end != 0 || x < lo || x > hi)
    return -1;
  *v = x;
  return 0;
}

/* "inf", "123" (ns) or a number with ns|us|ms|s. */
static int parse_duration (const char *s, int64_t *v)
{
  if (strcmp (s, "inf") == 0 || strcmp (s, "infinite") == 0) {
    *v = DTA_INF;
    return 0;
  }
  char *end;
  errno = 0;
  if (*s == 0 || !isdigit ((unsigned char) *s))
    return -1;
  long long x = strtoll (s, &end, 10);
  if (errno != 0 || x < 0)
    return -1;
  int64_t mul;
  if (*end == 0 || strcmp (end, "ns") == 0) mul = 1;
  else if (strcmp (end, "us") == 0) mul = 1000;
  else if (strcmp (end, "ms") == 0) mul = 1000000;
  else if (strcmp (end, "s") == 0) mul = 1000000000;
  else return -1;
  if (x > INT64_MAX / mul - 1)
    return -1;
  *v = x * mul;
  return 0;
}

static int parse_enum (const char *s, const char *const *names, int *kind)
{
  for (int i = 0; names[i]; i++)
    if (strcmp (s, names[i]) == 0) {
      *kind = i;
      return 0;
    }
  return -1;
}

static int parse_bool (const char *s, int64_t *v)
{
  if (strcmp (s, "true") == 0 || strcmp (s, "1") == 0) { *v = 1; return 0; }
  if (strcmp (s, "false") == 0 || strcmp (s, "0") == 0) { *v = 0; return 0; }
  return -1;
}

/* Splits value at ',' into at most max parts (each percent-decoded, NUL-terminated); count or -1. */
static int split (const char *v, char **parts, int max)
{
  int n = 0;
  const char *p = v;
  for (;;) {
    const char *c = strchr (p, ',');
    size_t len = c ? (size_t) (c - p) : strlen (p);
    size_t dl;
    if (n == max)
      goto fail;
    if ((parts[n] = (char *) decode (p, len, &dl)) == NULL || strlen (parts[n]) != dl)
      goto fail_one;
    n++;
    if (c == NULL)
      return n;
    p = c + 1;
  }
fail_one:
  free (parts[n]);
fail:
  for (int i = 0; i < n; i++)
    free (parts[i]);
  return -1;
}

static const char *const DURABILITY[] = {"volatile", "transient_local", "transient", "persistent", NULL};
static const char *const RELIABILITY[] = {"best_effort", "reliable", NULL};
static const char *const HISTORY[] = {"keep_last", "keep_all", NULL};
static const char *const OWNERSHIP[] = {"shared", "exclusive", NULL};
static const char *const LIVELINESS[] = {"automatic", "manual_by_participant", "manual_by_topic", NULL};
static const char *const DESTORDER[] = {"by_reception_timestamp", "by_source_timestamp", NULL};
static const char *const PRESENTATION[] = {"instance", "topic", "group", NULL};

static int parse_value (dta_policy *p, const char *value)
{
  char *parts[DTA_MAX_PARTS];
  int np, rc = -1;
  switch (p->id) {
    case P_USER_DATA: case P_TOPIC_DATA: case P_GROUP_DATA: case P_ENTITY_NAME:
      p->bytes = decode (value, strlen (value), &p->nbytes);
      if (p->bytes == NULL)
        return -1;
      return p->id == P_ENTITY_NAME && strlen ((char *) p->bytes) != p->nbytes ? -1 : 0;
    case P_PARTITION:
      if (*value == 0) { p->nparts = 0; return 0; }
      if ((np = split (value, parts, DTA_MAX_PARTS)) < 0)
        return -1;
      for (int i = 0; i < np; i++)
        p->parts[i] = parts[i];
      p->nparts = (size_t) np;
      return 0;
    default:
      break;
  }
  if ((np = split (value, parts, 4)) < 0)
    return -1;
  switch (p->id) {
    case P_DEADLINE: case P_LATENCY_BUDGET: case P_LIFESPAN: case P_TIME_BASED_FILTER:
      rc = np == 1 ? parse_duration (parts[0], &p->n[0]) : -1;
      break;
    case P_OWNERSHIP_STRENGTH: case P_TRANSPORT_PRIORITY:
      rc = np == 1 ? parse_int (parts[0], INT32_MIN, INT32_MAX, &p->n[0]) : -1;
      break;
    case P_DURABILITY:
      rc = np == 1 ? parse_enum (parts[0], DURABILITY, &p->kind) : -1;
      break;
    case P_OWNERSHIP:
      rc = np == 1 ? parse_enum (parts[0], OWNERSHIP, &p->kind) : -1;
      break;
    case P_DESTINATION_ORDER:
      rc = np == 1 ? parse_enum (parts[0], DESTORDER, &p->kind) : -1;
      break;
    case P_WRITER_DATA_LIFECYCLE:
      rc = np == 1 ? parse_bool (parts[0], &p->n[0]) : -1;
      break;
    case P_RELIABILITY:
      p->n[0] = 100000000;
      rc = (np == 1 || np == 2) && parse_enum (parts[0], RELIABILITY, &p->kind) == 0
           && (np == 1 || parse_duration (parts[1], &p->n[0]) == 0) ? 0 : -1;
      break;
    case P_LIVELINESS:
      p->n[0] = DTA_INF;
      rc = (np == 1 || np == 2) && parse_enum (parts[0], LIVELINESS, &p->kind) == 0
           && (np == 1 || parse_duration (parts[1], &p->n[0]) == 0) ? 0 : -1;
      break;
    case P_HISTORY:
      p->n[0] = 1;
      rc = (np == 1 || np == 2) && parse_enum (parts[0], HISTORY, &p->kind) == 0
           && (np == 1 || parse_int (parts[1], -1, INT32_MAX, &p->n[0]) == 0) ? 0 : -1;
      break;
    case P_RESOURCE_LIMITS:
      rc = np == 3 && parse_int (parts[0], -1, INT32_MAX, &p->n[0]) == 0 && parse_int (parts[1], -1, INT32_MAX, &p->n[1]) == 0
           && parse_int (parts[2], -1, INT32_MAX, &p->n[2]) == 0 ? 0 : -1;
      break;
    case P_PRESENTATION:
      rc = np == 3 && parse_enum (parts[0], PRESENTATION, &p->kind) == 0 && parse_bool (parts[1], &p->n[0]) == 0
           && parse_bool (parts[2], &p->n[1]) == 0 ? 0 : -1;
      break;
    case P_READER_DATA_LIFECYCLE:
      rc = np == 2 && parse_duration (parts[0], &p->n[0]) == 0 && parse_duration (parts[1], &p->n[1]) == 0 ? 0 : -1;
      break;
    default:
      rc = -1;
  }
  for (int i = 0; i < np; i++)
    free (parts[i]);
  return rc;
}

int dta_qos_parse (const char *text, dta_qos_req *out, char *err, size_t errlen)
{
  memset (out, 0, sizeof (*out));
  const char *p = text;
  while (*p) {
    const char *semi = strchr (p, ';');
    size_t len = semi ? (size_t) (semi - p) : strlen (p);
    if (len > 0) {
      const char *eq = memchr (p, '=', len);
      if (eq == NULL) {
        snprintf (err, errlen, "malformed: \"%.*s\" is not policy=value", (int) (len > 40 ? 40 : len), p);
        return -1;
      }
      size_t nlen = (size_t) (eq - p);
      int id = -1;
      for (int i = 0; i < P__COUNT; i++)
        if (strlen (NAMES[i]) == nlen && strncmp (NAMES[i], p, nlen) == 0)
          id = i;
      if (id < 0) {
        snprintf (err, errlen, "malformed: unknown or unsettable policy \"%.*s\"", (int) (nlen > 40 ? 40 : nlen), p);
        return -1;
      }
      if (out->count == DTA_MAX_POLICIES) {
        snprintf (err, errlen, "malformed: too many policies");
        return -1;
      }
      dta_policy *pol = &out->p[out->count++];
      pol->id = (dta_policy_id) id;
      char *value = strndup (eq + 1, len - nlen - 1);
      if (value == NULL)
        return -1;
      int rc = parse_value (pol, value);
      free (value);
      if (rc != 0) {
        snprintf (err, errlen, "malformed: bad value for %s", NAMES[id]);
        return -1;
      }
    }
    if (semi == NULL)
      break;
    p = semi + 1;
  }
  if (out->count == 0) {
    snprintf (err, errlen, "malformed: no policy given");
    return -1;
  }
  return 0;
}

void dta_qos_req_fini (dta_qos_req *q)
{
  for (size_t i = 0; i < q->count; i++) {
    free (q->p[i].bytes);
    for (size_t k = 0; k < q->p[i].nparts; k++)
      free (q->p[i].parts[k]);
  }
  q->count = 0;
}
