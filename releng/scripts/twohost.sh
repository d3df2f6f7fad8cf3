#!/usr/bin/env bash
# Two "hosts" on one machine: two private network namespaces A and B joined by a veth pair whose addresses exist
# only inside them (A = 10.77.0.1/24 on veth-a, B = 10.77.0.2/24 on veth-b; TWOHOST_NET=10.77.0 changes the
# prefix). Nothing touches the calling namespace's interfaces or routes: each namespace is held by a
# `unshare -n sleep` process, the veth pair is created from inside A with its other end put straight into B, and
# killing the holders (always, on exit or failure) deletes both namespaces and the pair with them.
# Each namespace gets loopback up with multicast routed to it (Cyclone's default discovery works inside, as in
# netns-run.sh) and a route for 224.0.0.0/4 only on lo, so multicast never crosses the pair unless asked.
#
#   releng/scripts/twohost.sh run 'CMD_IN_A' 'CMD_IN_B'
#       runs CMD_IN_A (in the background) in A and CMD_IN_B in B (bash -c), waits for B's command, stops A's
#       and removes everything; exit code: B's. Both see TWOHOST_A=10.77.0.1 TWOHOST_B=10.77.0.2 and
#       TWOHOST_CTL (this script's control file: `twohost.sh link down|up` from inside cuts/restores the link).
#   releng/scripts/twohost.sh link down|up     (inside a `run`) sets veth-b down/up: a link cut
#
# Needs root (CAP_SYS_ADMIN + CAP_NET_ADMIN) and nsenter/unshare (util-linux) and ip (iproute2).
# Java tests use the same recipe through org.ddstuner.testsupport.TwoHosts.
set -euo pipefail
NET="${TWOHOST_NET:-10.77.0}"
A_ADDR="$NET.1"
B_ADDR="$NET.2"

in_ns() { local pid="$1"; shift; nsenter -t "$pid" -n -- "$@"; }

setup_ns() {
  in_ns "$1" ip link set lo up
  in_ns "$1" ip link set lo multicast on
  in_ns "$1" ip route add 224.0.0.0/4 dev lo 2>/dev/null || true
}

case "${1:-}" in
  link)
    [ -n "${TWOHOST_CTL:-}" ] || { echo "twohost: 'link' works only inside 'twohost.sh run'" >&2; exit 2; }
    # shellcheck disable=SC1090
    . "$TWOHOST_CTL"
    case "${2:-}" in
      down) in_ns "$B_PID" ip link set veth-b down ;;
      up) in_ns "$B_PID" ip link set veth-b up ;;
      *) echo "usage: twohost.sh link down|up" >&2; exit 2 ;;
    esac
    exit 0 ;;
  run) ;;
  *) sed -n '2,20p' "$0" >&2; exit 2 ;;
esac
[ $# -eq 3 ] || { echo "usage: twohost.sh run 'CMD_IN_A' 'CMD_IN_B'" >&2; exit 2; }
CMD_A="$2"
CMD_B="$3"

WORK="$(mktemp -d /tmp/twohost.XXXXXX)"
A_PID=""; B_PID=""; A_CMD_PID=""
cleanup() {
  set +e
  [ -n "$A_CMD_PID" ] && kill -TERM -- "-$A_CMD_PID" 2>/dev/null && sleep 1 && kill -KILL -- "-$A_CMD_PID" 2>/dev/null
  [ -n "$A_PID" ] && kill "$A_PID" 2>/dev/null
  [ -n "$B_PID" ] && kill "$B_PID" 2>/dev/null
  rm -rf "$WORK"
}
trap cleanup EXIT INT TERM

unshare -n -- sleep infinity & A_PID=$!
unshare -n -- sleep infinity & B_PID=$!
# wait until each holder has its own namespace (unshare has exec'd sleep)
for _ in $(seq 100); do
  [ "$(readlink /proc/$A_PID/ns/net)" != "$(readlink /proc/self/ns/net)" ] \
    && [ "$(readlink /proc/$B_PID/ns/net)" != "$(readlink /proc/self/ns/net)" ] && break
  sleep 0.02
done
setup_ns "$A_PID"
setup_ns "$B_PID"
in_ns "$A_PID" ip link add veth-a type veth peer name veth-b netns "$B_PID"
in_ns "$A_PID" ip addr add "$A_ADDR/24" dev veth-a
in_ns "$B_PID" ip addr add "$B_ADDR/24" dev veth-b
in_ns "$A_PID" ip link set veth-a up
in_ns "$B_PID" ip link set veth-b up
printf 'A_PID=%s\nB_PID=%s\n' "$A_PID" "$B_PID" > "$WORK/ctl"
export TWOHOST_A="$A_ADDR" TWOHOST_B="$B_ADDR" TWOHOST_CTL="$WORK/ctl" DDSTUNER_IN_NETNS=1
export PATH="$(cd "$(dirname "$0")" && pwd):$PATH"   # so `twohost.sh link down` works from the commands

setsid nsenter -t "$A_PID" -n -- bash -c "$CMD_A" & A_CMD_PID=$!
set +e
nsenter -t "$B_PID" -n -- bash -c "$CMD_B"
rc=$?
exit "$rc"
