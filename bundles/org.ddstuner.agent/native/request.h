/* Checking a control request before anything is done with it: protocol version, operation, signature,
 * replay. Needs no libddsc, so the fuzz harness (bench/fuzz/agent) drives it with the QoS text parser. */
#ifndef DDSTUNER_REQUEST_H
#define DDSTUNER_REQUEST_H
#include <stddef.h>
#include <stdint.h>
#include "qos_text.h"

#define DTA_PROTOCOL_VERSION 1
#define DTA_MAX_SKEW_NS INT64_C(60000000000)
#define DTA_NONCES 512

enum { DTA_OP_LIST = 1, DTA_OP_SET_QOS = 2, DTA_OP_GET_QOS = 3 };
enum {
  DTA_OK = 0, DTA_BAD_VERSION = 1, DTA_NOT_AUTHORIZED = 2, DTA_REPLAY = 3, DTA_UNKNOWN_ENTITY = 4,
  DTA_MALFORMED = 5, DTA_IMMUTABLE_POLICY = 6, DTA_UNSUPPORTED = 7, DTA_ERROR = 8
};

typedef struct {
  int32_t version;
  const char *client;
  int64_t request_id;
  const char *agent;
  int32_t op;
  const char *target;
  const char *qos;
  int64_t timestamp_ns;
  const char *nonce;
  const char *hmac;
} dta_request;

typedef struct {
  char nonce[DTA_NONCES][65];
  size_t next;
} dta_nonces;

const char *dta_result_name (int result);
/* The signed text (see the IDL). */
void dta_request_canonical (const dta_request *r, dta_buf *b);
/* Checks r (secret NULL = the application gave none: every SET_QOS is refused). On success with SET_QOS the parsed
 * QoS is in qos (free with dta_qos_req_fini). Returns a DTA_* result, message in msg. */
int dta_request_check (const dta_request *r, const char *secret, int64_t now_ns, dta_nonces *seen, dta_qos_req *qos,
                       char *msg, size_t msglen);
#endif
