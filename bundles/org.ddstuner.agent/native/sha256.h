/* SHA-256 and HMAC-SHA256 (FIPS 180-4, RFC 2104), self-contained so the agent links no crypto library into
 * the application it is loaded into. */
#ifndef DDSTUNER_SHA256_H
#define DDSTUNER_SHA256_H
#include <stddef.h>
#include <stdint.h>

typedef struct {
  uint32_t h[8];
  uint64_t len;
  unsigned char buf[64];
  size_t fill;
} dta_sha256;

void dta_sha256_init (dta_sha256 *s);
void dta_sha256_update (dta_sha256 *s, const void *data, size_t n);
void dta_sha256_final (dta_sha256 *s, unsigned char out[32]);
void dta_hmac_sha256 (const void *key, size_t keylen, const void *msg, size_t msglen, unsigned char out[32]);
/* Writes 64 lower-case hex digits and a NUL. */
void dta_hex32 (const unsigned char in[32], char out[65]);
/* Constant-time comparison of two NUL-terminated strings of hex; 1 when equal. */
int dta_hex_equal (const char *a, const char *b);
#endif
