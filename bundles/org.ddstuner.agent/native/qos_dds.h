/* Between the agent's QoS text form and libddsc's dds_qos_t (through the application's libddsc). */
#ifndef DDSTUNER_QOS_DDS_H
#define DDSTUNER_QOS_DDS_H
#include "dds_api.h"
#include "qos_text.h"

/* Sets every policy of req on q. */
void dta_qos_apply (const dta_api *api, dds_qos_t *q, const dta_qos_req *req);
/* Appends every policy set in q in the text form. */
void dta_qos_format (const dta_api *api, const dds_qos_t *q, dta_buf *b);
#endif
