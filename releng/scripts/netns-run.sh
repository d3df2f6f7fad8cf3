#!/usr/bin/env bash
# Runs a command inside a private network namespace that has only a loopback interface with
# multicast routed to it. Cyclone's default (multicast) discovery works inside, and nothing can reach
# the host network. Needs root (or CAP_SYS_ADMIN). Usage: netns-run.sh COMMAND [ARGS...]
set -euo pipefail
if [ "${DDSTUNER_IN_NETNS:-}" = 1 ]; then
  exec "$@"
fi
exec unshare -n -- bash -c '
  set -e
  ip link set lo up
  ip link set lo multicast on
  ip route add 224.0.0.0/4 dev lo 2>/dev/null || true
  export DDSTUNER_IN_NETNS=1
  exec "$@"' netns-run "$@"
