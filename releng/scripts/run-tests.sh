#!/usr/bin/env bash
# Runs every DDS Tuner test on a fresh machine: installs what is missing, builds, then runs all tests
# (binding, model, interop with Cyclone-Python and ROS 2 peers, UI under Xvfb) inside a private network
# namespace, so no DDS packet can leave this host. Usage: releng/scripts/run-tests.sh [extra maven args]
set -euo pipefail
cd "$(dirname "$0")/../.."
JAVA_HOME="$(releng/scripts/install-deps.sh)"; export JAVA_HOME PATH="$JAVA_HOME/bin:$PATH"
releng/scripts/install-peers.sh
echo "== build (online: resolves the target platform and builds the product)"
# install, not only verify: the update test builds a version B of a few modules against these bundles
./mvnw -B -ntp install -DskipTests "$@"
echo "== tests (offline, in a private network namespace, under Xvfb)"
# dbus-run-session: GTK wants a session bus; without one GLib autolaunches a daemon per UI start that outlives it
releng/scripts/netns-run.sh dbus-run-session -- xvfb-run -a -s "-screen 0 1400x900x24" ./mvnw -B -ntp -o verify "$@"
echo "== product smoke test (headless CLI from the built archive)"
releng/scripts/netns-run.sh releng/scripts/product-smoke.sh
echo "== update test (the built product updates itself from a p2 repository of a newer build in a folder)"
releng/scripts/netns-run.sh releng/scripts/update-test.sh
echo "== Debian package install test (as root: install, run without any JDK, remove, purge)"
releng/scripts/deb-install-test.sh
