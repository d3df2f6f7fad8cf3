/* The override file (DDSTUNER_QOS_OVERRIDES): an OMG DDS-XML qos_profile subset whose datawriter_qos /
 * datareader_qos elements are applied when the application creates a matching writer/reader. */
#ifndef DDSTUNER_OVERRIDES_H
#define DDSTUNER_OVERRIDES_H
#include <stddef.h>

typedef struct dta_override {
  int writer;            /* 1 datawriter_qos, 0 datareader_qos */
  char *topic_filter;    /* fnmatch pattern, NULL = any topic */
  char *name;            /* entity name, NULL = any */
  char *qos;             /* the policies in the agent's text form */
} dta_override;

typedef struct {
  size_t n;
  dta_override *v;
} dta_overrides;

/* Parses the XML text; 0, or -1 with a message in err. */
int dta_overrides_parse (const char *xml, dta_overrides *out, char *err, size_t errlen);
/* The policies (text form, joined in file order) for a writer/reader on topic with entity name (may be NULL);
 * "" when nothing matches. The caller frees the result. */
char *dta_overrides_match (const dta_overrides *o, int writer, const char *topic, const char *name);
void dta_overrides_fini (dta_overrides *o);
#endif
