/* Drives the agent's request checks (request.c, qos_text.c, sha256.c) without DDS, for AgentRequestCheckTest:
 * prints "name=value" lines the Java test compares with its own HMAC and the expected results. */
#include <stdio.h>
#include <string.h>
#include "request.h"
#include "sha256.h"

static const char *SECRET = "s3cret";

static void sign (dta_request *r, char hex[65])
{
  dta_buf b = {0};
  unsigned char mac[32];
  dta_request_canonical (r, &b);
  dta_hmac_sha256 (SECRET, strlen (SECRET), dta_buf_str (&b), b.len, mac);
  dta_buf_fini (&b);
  dta_hex32 (mac, hex);
  r->hmac = hex;
}

static void check (const char *name, dta_request *r, const char *secret, int64_t now, dta_nonces *seen)
{
  dta_qos_req q;
  char msg[512];
  int rc = dta_request_check (r, secret, now, seen, &q, msg, sizeof (msg));
  printf ("%s=%s policies=%zu\n", name, dta_result_name (rc), q.count);
  dta_qos_req_fini (&q);
}

int main (void)
{
  unsigned char mac[32];
  char hex[65], hex2[65];
  static dta_nonces seen;
  dta_hmac_sha256 ("Jefe", 4, "what do ya want for nothing?", 28, mac);
  dta_hex32 (mac, hex);
  printf ("rfc4231_2=%s\n", hex);
  const int64_t now = INT64_C (1700000000000000000);
  dta_request r = {1, "client-1", 7, "host:42", DTA_OP_SET_QOS, "0110aabbccddeeff0011223300000102",
                   "ownership_strength=42;user_data=a%3Bb", now, "nonce-0001", ""};
  sign (&r, hex);
  printf ("hmac=%s\n", hex);
  check ("first", &r, SECRET, now, &seen);
  check ("again", &r, SECRET, now, &seen);
  r.nonce = "nonce-0002";
  sign (&r, hex);
  check ("stale", &r, SECRET, now + INT64_C (61000000000), &seen);
  r.nonce = "nonce-0003";
  sign (&r, hex);
  check ("no_secret", &r, NULL, now, &seen);
  check ("other_secret", &r, "other", now, &seen);
  r.qos = "ownership_strength=43;user_data=a%3Bb"; /* changed after signing */
  check ("tampered", &r, SECRET, now, &seen);
  r.nonce = "short";
  sign (&r, hex2);
  check ("short_nonce", &r, SECRET, now, &seen);
  r.nonce = "nonce-0004";
  r.qos = "history=keep_last,%ZZ";
  sign (&r, hex2);
  check ("bad_escape", &r, SECRET, now, &seen);
  r.version = 2;
  check ("new_version", &r, SECRET, now, &seen);
  return 0;
}
