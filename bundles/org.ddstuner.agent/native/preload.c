/* Starting without a code change: when the library is loaded through LD_PRELOAD (or with
 * DDSTUNER_AGENT_AUTOSTART=1) a constructor starts the agent thread, which waits until the application has
 * loaded a libddsc and created a participant. */
#include <stdlib.h>
#include <string.h>
#include "ddstuner_agent.h"

__attribute__ ((constructor)) static void ddstuner_agent_autostart (void)
{
  const char *a = getenv ("DDSTUNER_AGENT_AUTOSTART");
  const char *p = getenv ("LD_PRELOAD");
  if (a && strcmp (a, "0") == 0)
    return;
  if ((a && strcmp (a, "1") == 0) || (p && strstr (p, "libddstuner_agent")))
    ddstuner_agent_start ();
}

__attribute__ ((destructor)) static void ddstuner_agent_autostop (void)
{
  ddstuner_agent_stop ();
}
