#!/usr/bin/env bash
# Starts one foreign DDS test peer with the environment it needs:
#   tests/peers/run-peer.sh cyclone_peer [--domain N] [--name NAME] [--mismatch] [...]
#   tests/peers/run-peer.sh ros2_talker  [--domain N] [...]
# Run it inside releng/scripts/netns-run.sh (or in a namespace of the two-host setup, twohost.sh / TwoHosts):
# libddsc 11.x (cyclone_peer) always sends a multicast probe, and nothing may reach the host network. The venv comes from releng/scripts/install-peers.sh.
#
# Environment it sets (the ROS 2 PyPI wheels need these; nothing else is required, no AMENT_* or
# sourcing of a setup script):
#   LD_LIBRARY_PATH     venv/lib + venv/.../site-packages/ros_*.libs, where the wheels keep librcl,
#                       libfastdds, librmw_fastrtps_cpp... (the wheels' own .pth bootstrapper would
#                       otherwise re-exec python to set it; _ROS_WHEELS_BOOTSTRAP_COMPLETE=1 skips that)
#   RMW_IMPLEMENTATION=rmw_fastrtps_cpp
#   ROS_AUTOMATIC_DISCOVERY_RANGE=SYSTEM_DEFAULT   so rmw_fastrtps leaves the XML profile alone
#   FASTDDS_DEFAULT_PROFILES_FILE=tests/peers/fastdds-loopback.xml   loopback-only Fast DDS
#   ROS_DOMAIN_ID       from --domain for ros2_talker (inherited otherwise; default 0)
#   PYTHONUNBUFFERED=1  so READY reaches a harness reading our stdout at once
#   PYTHONFAULTHANDLER=1  a peer that crashes in native code (exit 139) prints its Python stack, which the
#                       tests show with the peer's output
# Overridable: DDSTUNER_PEERS_VENV (venv), FASTDDS_DEFAULT_PROFILES_FILE, RMW_IMPLEMENTATION.
set -euo pipefail

peers_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
venv="${DDSTUNER_PEERS_VENV:-$HOME/.cache/ddstuner/peers-venv}"

if [ $# -lt 1 ]; then
  echo "usage: $0 cyclone_peer|ros2_talker [ARGS...]" >&2
  exit 2
fi
name="$1"; shift
script="$peers_dir/$name.py"
if [ ! -f "$script" ]; then
  echo "run-peer: unknown peer '$name' (have: $(cd "$peers_dir" && ls *.py | sed 's/\.py$//' | tr '\n' ' '))" >&2
  exit 2
fi
if [ ! -x "$venv/bin/python" ]; then
  echo "run-peer: no peer venv at $venv; run releng/scripts/install-peers.sh first" >&2
  exit 3
fi
# The same test as NetNs.requireIsolated() in org.ddstuner.testsupport: loopback must be alone in
# this process's network namespace. (/proc/self/net/dev is per namespace; /sys/class/net is not: it
# shows the namespace that mounted /sys, i.e. the host's, even inside unshare -n.)
interfaces="$(tail -n +3 /proc/self/net/dev | cut -d: -f1 | tr -d ' ' | sort | tr '\n' ' ')"
# One exception: a namespace of the two-host setup (releng/scripts/twohost.sh, testsupport TwoHosts), private by
# construction: loopback plus one end of the veth pair (veth-a or veth-b) with only its 10.77.0.x/24 address
# (TWOHOST_NET) and no default route, so nothing leaves the pair; its other end is in the other private namespace.
twohost_namespace() {
  case "$interfaces" in
    "lo veth-a "|"lo veth-b ") ;;
    *) return 1 ;;
  esac
  local dev="${interfaces#lo }" net="${TWOHOST_NET:-10.77.0}" addrs
  dev="${dev% }"
  addrs="$(ip -4 -o addr show dev "$dev" | awk '{print $4}' | tr '\n' ' ')"
  [ "$addrs" = "$net.1/24 " ] || [ "$addrs" = "$net.2/24 " ] || return 1
  ! ip route show | grep -q '^default'
}
if [ "$interfaces" != "lo " ] && ! twohost_namespace; then
  echo "run-peer: refusing to start a DDS peer on the host network (interfaces: $interfaces);" \
       "run it as releng/scripts/netns-run.sh $0 $name ..." >&2
  exit 4
fi

site="$(echo "$venv"/lib/python3.*/site-packages)"
ros_libs="$venv/lib"
for d in "$site"/ros_*.libs; do
  [ -d "$d" ] && ros_libs="$ros_libs:$d"
done
export LD_LIBRARY_PATH="$ros_libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
export _ROS_WHEELS_BOOTSTRAP_COMPLETE=1
export RMW_IMPLEMENTATION="${RMW_IMPLEMENTATION:-rmw_fastrtps_cpp}"
export ROS_AUTOMATIC_DISCOVERY_RANGE=SYSTEM_DEFAULT
export FASTDDS_DEFAULT_PROFILES_FILE="${FASTDDS_DEFAULT_PROFILES_FILE:-$peers_dir/fastdds-loopback.xml}"
export PYTHONUNBUFFERED=1
export PYTHONFAULTHANDLER=1
export VIRTUAL_ENV="$venv"
export PATH="$venv/bin:$PATH"

exec "$venv/bin/python" "$script" "$@"
