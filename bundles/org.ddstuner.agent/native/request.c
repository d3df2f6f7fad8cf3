#include <stdio.h>
#include <string.h>
#include "request.h"
#include "sha256.h"

const char *dta_result_name (int result)
{
  static const char *const N[] = {"OK", "BAD_VERSION", "NOT_AUTHORIZED", "REPLAY", "UNKNOWN_ENTITY", "MALFORMED",
                                  "IMMUTABLE_POLICY", "UNSUPPORTED", "ERROR"};
  return result >= 0 && result <= DTA_ERROR ? N[result] : "?";
}

static const char *nz (const char *s)
{
  return s ? s : "";
}

void dta_request_canonical (const dta_request *r, dta_buf *b)
{
  dta_buf_printf (b, "ddstuner-agent-request\n%d\n%s\n%s\n%lld\n%d\n%s\n%s\n%lld\n%s", (int) r->version, nz (r->agent),
                  nz (r->client), (long long) r->request_id, (int) r->op, nz (r->target), nz (r->qos),
                  (long long) r->timestamp_ns, nz (r->nonce));
}

int dta_request_check (const dta_request *r, const char *secret, int64_t now_ns, dta_nonces *seen, dta_qos_req *qos,
                       char *msg, size_t msglen)
{
  memset (qos, 0, sizeof (*qos));
  if (r->version != DTA_PROTOCOL_VERSION) {
    snprintf (msg, msglen, "protocol version %d not served: this agent speaks version %d", (int) r->version, DTA_PROTOCOL_VERSION);
    return DTA_BAD_VERSION;
  }
  if (r->op == DTA_OP_LIST)
    return DTA_OK;
  if (r->op == DTA_OP_GET_QOS) {
    if (r->target == NULL || *r->target == 0) {
      snprintf (msg, msglen, "malformed: GET_QOS needs a target");
      return DTA_MALFORMED;
    }
    return DTA_OK;
  }
  if (r->op != DTA_OP_SET_QOS) {
    snprintf (msg, msglen, "malformed: unknown op %d", (int) r->op);
    return DTA_MALFORMED;
  }
  if (secret == NULL || *secret == 0) {
    snprintf (msg, msglen, "changes refused: the application was started without DDSTUNER_AGENT_SECRET (report only)");
    return DTA_NOT_AUTHORIZED;
  }
  if (r->hmac == NULL || strlen (r->hmac) != 64) {
    snprintf (msg, msglen, "changes refused: missing or malformed HMAC");
    return DTA_NOT_AUTHORIZED;
  }
  dta_buf b = {0};
  unsigned char mac[32];
  char hex[65];
  dta_request_canonical (r, &b);
  dta_hmac_sha256 (secret, strlen (secret), dta_buf_str (&b), b.len, mac);
  dta_buf_fini (&b);
  dta_hex32 (mac, hex);
  if (!dta_hex_equal (hex, r->hmac)) {
    snprintf (msg, msglen, "changes refused: HMAC does not verify");
    return DTA_NOT_AUTHORIZED;
  }
  /* Replay: the timestamp must be recent and the nonce new (the ring remembers more nonces than the window lets
   * through at any realistic request rate). */
  int64_t skew = r->timestamp_ns - now_ns;
  if (skew > DTA_MAX_SKEW_NS || skew < -DTA_MAX_SKEW_NS) {
    snprintf (msg, msglen, "refused as a replay: timestamp %lld ns from the agent's clock", (long long) skew);
    return DTA_REPLAY;
  }
  if (r->nonce == NULL || strlen (r->nonce) < 8 || strlen (r->nonce) > 64) {
    snprintf (msg, msglen, "malformed: nonce must have 8..64 characters");
    return DTA_MALFORMED;
  }
  for (size_t i = 0; i < DTA_NONCES; i++)
    if (strcmp (seen->nonce[i], r->nonce) == 0) {
      snprintf (msg, msglen, "refused as a replay: nonce already used");
      return DTA_REPLAY;
    }
  snprintf (seen->nonce[seen->next], sizeof (seen->nonce[0]), "%s", r->nonce);
  seen->next = (seen->next + 1) % DTA_NONCES;
  if (r->target == NULL || *r->target == 0) {
    snprintf (msg, msglen, "malformed: SET_QOS needs a target");
    return DTA_MALFORMED;
  }
  if (dta_qos_parse (nz (r->qos), qos, msg, msglen) != 0) {
    dta_qos_req_fini (qos);
    return DTA_MALFORMED;
  }
  return DTA_OK;
}
