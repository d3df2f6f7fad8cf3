#ifndef DDSTUNER_LOG_H
#define DDSTUNER_LOG_H
/* One line to DDSTUNER_AGENT_LOG (or stderr), time and pid first: every change and refusal goes here. */
void dta_log (const char *fmt, ...) __attribute__ ((format (printf, 1, 2)));
#endif
