#!/usr/bin/env bash
# Installs what building, running and testing DDS Tuner needs on a Debian/Ubuntu machine, and checks
# for Java 25. Idempotent: does nothing when everything is there. Prints the Java 25 home on stdout.
# iceoryx: its iox-roudi daemon is what Cyclone 0.10's shared memory needs (the transport comparison's tests).
set -euo pipefail
pkgs=(libddsc0debian iceoryx cyclonedds-tools cyclonedds-dev gcc g++ libc6-dev make libfastrtps-dev xvfb xauth libgtk-3-0 dbus-x11 dbus-daemon imagemagick
      iproute2 util-linux procps curl unzip python3 python3-venv x11-utils man-db groff-base)
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "install-deps: installing ${missing[*]}" >&2
  sudo=""; [ "$(id -u)" = 0 ] || sudo="sudo"
  $sudo apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
fi
"$(dirname "$0")/find-java.sh"
