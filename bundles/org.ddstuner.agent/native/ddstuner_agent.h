/* DDS Tuner agent: lets DDS Tuner list and tune the DDS entities of the application it is loaded into.
 *
 * Two ways to enable it (see README.md in the source bundle / the product's agent/ folder):
 *  - call ddstuner_agent_start() once (link with -lddstuner_agent, or dlopen it), or
 *  - no code change: LD_PRELOAD=/path/to/libddstuner_agent.so ./app
 * The agent uses the libddsc the application loaded (0.10.x or 11.x, also a Python wheel's copy) and never
 * loads one of its own. Environment:
 *  DDSTUNER_AGENT_SECRET   changes are accepted only with requests signed with this secret (HMAC-SHA256);
 *                          without it the agent only reports
 *  DDSTUNER_AGENT_LOG      file that every change and refusal is appended to (default: stderr)
 *  DDSTUNER_AGENT_DOMAIN   domain id to serve (default: the domain of the application's first participant)
 *  DDSTUNER_AGENT_STATS_MS statistics period in ms (default 1000, 0 = off)
 *  DDSTUNER_AGENT_AUTOSTART 1 = start when loaded (implied by LD_PRELOAD), 0 = never start by itself
 *  DDSTUNER_QOS_OVERRIDES  DDS-XML file of datawriter_qos/datareader_qos applied when the application creates
 *                          a matching writer/reader (by interposing dds_create_writer/dds_create_reader)
 */
#ifndef DDSTUNER_AGENT_H
#define DDSTUNER_AGENT_H

#ifdef __cplusplus
extern "C" {
#endif

#define DDSTUNER_AGENT_PROTOCOL_VERSION 1
#define DDSTUNER_AGENT_EXPORT __attribute__ ((visibility ("default")))

/* Starts the agent thread (idempotent). It waits until the application has a participant, then joins that
 * domain with a participant of its own. Returns 0, or -1 when the thread cannot be started. */
DDSTUNER_AGENT_EXPORT int ddstuner_agent_start (void);

/* Stops the agent and deletes its participant (also done at process exit). */
DDSTUNER_AGENT_EXPORT void ddstuner_agent_stop (void);

/* 1 once the agent serves requests (its participant exists), else 0. */
DDSTUNER_AGENT_EXPORT int ddstuner_agent_ready (void);

/* The agent's id in the protocol ("host:pid"). */
DDSTUNER_AGENT_EXPORT const char *ddstuner_agent_id (void);

#ifdef __cplusplus
}
#endif
#endif
