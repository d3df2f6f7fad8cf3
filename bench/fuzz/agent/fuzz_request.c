/* libFuzzer harness for the agent's request decoder: the checks of request.c (version, op, HMAC, replay) and the
 * QoS text parser of qos_text.c, the code that reads everything a remote peer controls. Input: the request's
 * fields separated by '\n' (version, client, request_id, agent, op, target, qos, timestamp_ns, nonce, hmac).
 * When the first byte is odd the harness signs the request with the agent's secret itself, so the fuzzer also
 * gets past the HMAC check into the QoS parser; the whole input is also parsed as QoS text directly. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "request.h"
#include "sha256.h"

static const char SECRET[] = "fuzz-secret";

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  static dta_nonces nonces;
  char *buf = malloc (size + 1), *f[10] = {0};
  char msg[512];
  memcpy (buf, data, size);
  buf[size] = 0;
  int n = 0;
  f[n++] = buf;
  for (char *p = buf; *p && n < 10; p++)
    if (*p == '\n') {
      *p = 0;
      f[n++] = p + 1;
    }
  for (int i = n; i < 10; i++)
    f[i] = "";
  dta_request r = {(int32_t) strtol (f[0], NULL, 10), f[1], strtoll (f[2], NULL, 10), f[3], (int32_t) strtol (f[4], NULL, 10),
                   f[5], f[6], strtoll (f[7], NULL, 10), f[8], f[9]};
  char hex[65];
  if (size > 0 && (data[0] & 1)) {
    dta_buf b = {0};
    unsigned char mac[32];
    r.version = DTA_PROTOCOL_VERSION;
    r.op = DTA_OP_SET_QOS;
    r.timestamp_ns = 0;
    dta_request_canonical (&r, &b);
    dta_hmac_sha256 (SECRET, strlen (SECRET), dta_buf_str (&b), b.len, mac);
    dta_buf_fini (&b);
    dta_hex32 (mac, hex);
    r.hmac = hex;
  }
  dta_qos_req q;
  dta_request_check (&r, SECRET, 0, &nonces, &q, msg, sizeof (msg));
  dta_qos_req_fini (&q);
  /* the same bytes as QoS text */
  memcpy (buf, data, size);
  buf[size] = 0;
  if (dta_qos_parse (buf, &q, msg, sizeof (msg)) == 0) {
    /* what parsed must format back into text the parser accepts again (round trip of the encoder) */
    dta_buf b = {0};
    for (size_t i = 0; i < q.count; i++)
      if (q.p[i].bytes)
        dta_buf_add_encoded (&b, q.p[i].bytes, q.p[i].nbytes);
    dta_buf_fini (&b);
  }
  dta_qos_req_fini (&q);
  free (buf);
  return 0;
}
