#!/usr/bin/env bash
# Remote agent: model deltas against the snapshot during a discovery flood (issue 15). In one private namespace: a
# loopback connection journaled and served by a RemoteServer, a RemoteClient connected before FLOODS endpoint_flood
# processes make ENDPOINTS endpoints on 101 shared topics (as bench/remote-agent.sh does). Probe:
# bench/java/RemoteDeltaProbe.java; "# sent again:" lines name the fields that differed when an entity was resent.
#   delta_mb / snapshot_mb / ratio   what the journal's batches carried against the complete picture
#   client_frame_mb / client_ratio   what the client received meanwhile (frames), against the same snapshot
# Usage: bench/remote-deltas.sh [--endpoints 20000] [--floods 2] [--domain 217]
# Classes: the bundles' target/classes (./mvnw -B -o verify -DskipTests -pl releng/org.ddstuner.target,bundles/org.ddstuner.remote -am).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

endpoints=20000 floods=2 domain=217
while [ $# -gt 0 ]; do
  case "$1" in
    --endpoints) endpoints="$2"; shift ;;
    --floods) floods="$2"; shift ;;
    --domain) domain="$2"; shift ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "remote-deltas: unknown option \"$1\" (see --help)" >&2; exit 2 ;;
  esac
  shift
done
for v in "$endpoints" "$floods" "$domain"; do
  [[ "$v" =~ ^[0-9]+$ ]] || { echo "remote-deltas: values must be whole numbers, got \"$v\"" >&2; exit 2; }
done
bench_enter_netns "$0" --endpoints "$endpoints" --floods "$floods" --domain "$domain"
bench_require_java
cp=""
for b in json dds system types connection samples demo remote; do
  d="$REPO_DIR/bundles/org.ddstuner.$b/target/classes"
  [ -d "$d" ] || { echo "remote-deltas: $d missing: build the bundles first (see --help)" >&2; exit 1; }
  cp="$cp${cp:+:}$d"
done
cp="$cp:$(ls "$HOME"/.m2/repository/com/fasterxml/jackson/core/jackson-{core,databind,annotations}/2.23*/jackson-*-2.23*.jar | grep -v sources | paste -sd:)"
out="$WORK/remote-deltas"
rm -rf "$out"; mkdir -p "$out/classes"
flood="$("$BENCH_DIR/peers/build.sh" "$WORK/peers" | tail -n 1)"
javac -nowarn -d "$out/classes" -cp "$cp" "$BENCH_DIR/java/RemoteDeltaProbe.java"
bench_print_env
"$JAVA_HOME/bin/java" -Xmx1g --enable-native-access=ALL-UNNAMED -cp "$out/classes:$cp" RemoteDeltaProbe \
  "$domain" "$endpoints" "$flood" "$floods" 2> "$out/probe.err" | grep -v '^WARN'
