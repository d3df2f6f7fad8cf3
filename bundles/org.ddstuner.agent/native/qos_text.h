/* The agent's QoS text form "policy=value;..." (see idl/ddstuner_agent.idl and README.md): parsing into a
 * plain description (no libddsc needed, so the fuzz harness can drive it alone) and percent-encoding. */
#ifndef DDSTUNER_QOS_TEXT_H
#define DDSTUNER_QOS_TEXT_H
#include <stddef.h>
#include <stdint.h>

#define DTA_INF INT64_MAX
#define DTA_MAX_POLICIES 32
#define DTA_MAX_PARTS 16

typedef enum {
  P_DURABILITY, P_DEADLINE, P_LATENCY_BUDGET, P_LIVELINESS, P_RELIABILITY, P_DESTINATION_ORDER, P_HISTORY,
  P_RESOURCE_LIMITS, P_PRESENTATION, P_LIFESPAN, P_OWNERSHIP, P_OWNERSHIP_STRENGTH, P_PARTITION,
  P_TIME_BASED_FILTER, P_TRANSPORT_PRIORITY, P_WRITER_DATA_LIFECYCLE, P_READER_DATA_LIFECYCLE, P_USER_DATA,
  P_TOPIC_DATA, P_GROUP_DATA, P_ENTITY_NAME, P__COUNT
} dta_policy_id;

typedef struct {
  dta_policy_id id;
  int kind;              /* enum value of the policy's kind, when it has one */
  int64_t n[3];          /* numbers / durations (ns, DTA_INF) */
  size_t nparts;         /* partition names */
  char *parts[DTA_MAX_PARTS];
  unsigned char *bytes;  /* user/topic/group data, entity name (NUL-terminated as well) */
  size_t nbytes;
} dta_policy;

typedef struct {
  size_t count;
  dta_policy p[DTA_MAX_POLICIES];
} dta_qos_req;

const char *dta_policy_name (dta_policy_id id);
/* Parses text; 0 on success, else -1 with a message in err. Free with dta_qos_req_fini either way. */
int dta_qos_parse (const char *text, dta_qos_req *out, char *err, size_t errlen);
void dta_qos_req_fini (dta_qos_req *q);

/* Growable string buffer. */
typedef struct { char *s; size_t len, cap; } dta_buf;
void dta_buf_add (dta_buf *b, const char *s);
void dta_buf_addn (dta_buf *b, const char *s, size_t n);
void dta_buf_printf (dta_buf *b, const char *fmt, ...) __attribute__ ((format (printf, 2, 3)));
/* Appends bytes percent-encoded (%XX for '%', ';', '=', ',', whitespace other than ' ' and non-printables). */
void dta_buf_add_encoded (dta_buf *b, const void *data, size_t n);
void dta_buf_add_duration (dta_buf *b, int64_t ns);
const char *dta_buf_str (dta_buf *b);
void dta_buf_fini (dta_buf *b);
#endif
