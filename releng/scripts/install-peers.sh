#!/usr/bin/env bash
# Installs the Python venv used by the foreign DDS test peers (tests/peers/*.py): the Cyclone DDS
# 11.0.1 Python binding and a ROS 2 node stack (rclpy + rmw_fastrtps_cpp, Fast DDS 3.2), all pinned in
# tests/peers/requirements.txt (~280 MB).
#
# Idempotent: a stamp file in the venv records the hash of requirements.txt and the python version;
# when both still match, nothing is done. Runs unattended (no prompts); works as root.
#
# Usage: releng/scripts/install-peers.sh [--force]
# Venv location: ${DDSTUNER_PEERS_VENV:-$HOME/.cache/ddstuner/peers-venv}
# Python used:   ${DDSTUNER_PEERS_PYTHON:-python3} (the pinned wheels are for CPython 3.11 on x86_64)
set -euo pipefail

script_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$script_dir/../.." && pwd)"
requirements="$repo/tests/peers/requirements.txt"
venv="${DDSTUNER_PEERS_VENV:-$HOME/.cache/ddstuner/peers-venv}"
python="${DDSTUNER_PEERS_PYTHON:-python3}"
stamp="$venv/.ddstuner-peers-stamp"

log() { echo "install-peers: $*"; }

force=0
case "${1:-}" in
  --force) force=1 ;;
  "") ;;
  *) echo "usage: $0 [--force]" >&2; exit 2 ;;
esac

if ! command -v "$python" >/dev/null 2>&1; then
  echo "install-peers: '$python' not found; install python3 (3.11) with venv support first" >&2
  exit 1
fi
py_version="$("$python" -c 'import sys; print("%d.%d" % sys.version_info[:2])')"
if [ "$py_version" != "3.11" ]; then
  log "warning: $python is $py_version; the pinned ROS 2 wheels were verified with 3.11"
fi

want="$(sha256sum "$requirements" | cut -d' ' -f1) python$py_version"
if [ "$force" = 0 ] && [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ] && [ -x "$venv/bin/python" ]; then
  log "already installed in $venv (requirements unchanged); nothing to do"
  exit 0
fi

start=$(date +%s)
if [ "$force" = 1 ] || [ -f "$stamp" ] || [ ! -x "$venv/bin/python" ]; then
  # A changed requirements file gets a clean venv, so nothing stale stays behind.
  log "creating a fresh venv at $venv with $python ($py_version)"
  rm -rf "$venv"
  mkdir -p "$(dirname "$venv")"
  "$python" -m venv "$venv"
else
  log "reusing the unfinished venv at $venv"
fi

export PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_NO_INPUT=1
log "upgrading pip in the venv"
"$venv/bin/python" -m pip install --quiet --upgrade pip
log "installing the pinned peer packages from $requirements (about 280 MB; takes a minute or so)"
"$venv/bin/python" -m pip install --quiet --requirement "$requirements"

log "checking that the peers' imports work"
"$venv/bin/python" - <<'EOF'
import cyclonedds, cyclonedds.idl, cyclonedds.domain  # noqa: F401
import rclpy, std_msgs.msg                            # noqa: F401
import mcap.reader                                    # noqa: F401  (recording tests)
import importlib.metadata as md
print("install-peers: cyclonedds", md.version("cyclonedds"), "| rclpy", md.version("ros-rclpy"),
      "| rmw_fastrtps_cpp", md.version("ros-rmw-fastrtps-cpp"), "| fastdds", md.version("ros-fastdds"))
EOF

echo "$want" > "$stamp"
log "done in $(( $(date +%s) - start )) s; venv size $(du -sh "$venv" | cut -f1)"
log "start a peer with: tests/peers/run-peer.sh cyclone_peer|ros2_talker [ARGS...] (inside releng/scripts/netns-run.sh)"
