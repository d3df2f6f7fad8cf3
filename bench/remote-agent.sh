#!/usr/bin/env bash
# Remote agent at scale (issue 15): two "hosts" (releng/scripts/twohost.sh: namespaces A and B joined by a veth
# pair, 10.77.0.1 / 10.77.0.2, nothing else reachable). In A: the agent (what `ddstuner serve` runs: a loopback-only
# connection and RemoteServer.serve on 10.77.0.1), then PEERS endpoint_flood processes with PER endpoints each, then
# `ddsperf -T K32 pub RATEHz`. In B: a RemoteClient connected before the load, a second one joining once it is all
# there, and a sample stream of ddsperf's topic. Probe: bench/java/RemoteAgentBench.java.
#   agent_complete_s  flood READY (last) → the agent's own model holds every endpoint
#   client_complete_s the same → the client's mirrored model holds them (lag_s = client − agent)
#   frame_mb          frame bytes the client received meanwhile; wire_mb: what veth-a sent (TLS, TCP, all)
#   late_join_s/_mb   a client connecting to the complete agent: connect → model in (snapshot), its bytes
#   local_sps / remote_sps  K32 samples per second read by a local reader in the agent's process / received by the
#                     client through the agent (the agent caps a stream at 10,000/s; drops are counted)
# Usage: bench/remote-agent.sh [--peers 2] [--per 10000] [--topics 101] [--seconds 10] [--rate 5000]
#        [--timeout 240] [--domain 215]
# Classes: DDSTUNER_CLASSES (a class path) or the bundles' target/classes (build them first:
# ./mvnw -B -o verify -DskipTests -pl releng/org.ddstuner.target,bundles/org.ddstuner.remote -am).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

peers=2 per=10000 topics=101 seconds=10 rate=5000 timeout=240 domain=215
bench_options remote-agent "peers per topics seconds rate timeout domain" "" "$@"
bench_require_java
if [ -n "${DDSTUNER_CLASSES:-}" ]; then
  cp="$DDSTUNER_CLASSES"
else
  cp=""
  for b in json dds system types connection samples demo remote; do
    d="$REPO_DIR/bundles/org.ddstuner.$b/target/classes"
    [ -d "$d" ] || { echo "remote-agent: $d missing: build the bundles first (see --help)" >&2; exit 1; }
    cp="$cp${cp:+:}$d"
  done
  cp="$cp:$(ls "$HOME"/.m2/repository/com/fasterxml/jackson/core/jackson-{core,databind,annotations}/2.23*/jackson-*-2.23*.jar | grep -v sources | paste -sd:)"
fi
out="$WORK/remote-agent"
rm -rf "$out"; mkdir -p "$out/classes" "$out/run"
flood="$("$BENCH_DIR/peers/build.sh" "$WORK/peers" | tail -n 1)"
javac -nowarn -d "$out/classes" -cp "$cp" "$BENCH_DIR/java/RemoteAgentBench.java"
bench_print_env
echo "# load: $peers x $per endpoints over $topics topics/peer, then ddsperf K32 at ${rate} Hz for ${seconds} s"
JAVA="$JAVA_HOME/bin/java -Xmx1g --enable-native-access=ALL-UNNAMED -cp $out/classes:$cp RemoteAgentBench"
export REMOTE_BENCH_RATE="$rate" REMOTE_BENCH_DDSPERF_URI="file://$BENCH_DIR/peers/loopback.xml"
"$REPO_DIR/releng/scripts/twohost.sh" run \
  "$JAVA agent $out/run $domain $peers $per $topics $flood $seconds $timeout > $out/agent.txt 2> $out/agent.err" \
  "$JAVA client $out/run $peers $per $seconds $timeout > $out/client.txt 2> $out/client.err" \
  || { echo "# client failed: $(tail -n 5 "$out/client.err")" >&2; }
sleep 1
v() { bench_value "$1" "$2"; }
ready="$(v last_ready_ms "$out/agent.txt")"
agent="$(v agent_complete_ms "$out/agent.txt")"
client="$(v client_complete_ms "$out/client.txt")"
if [[ "$agent" =~ ^[0-9]+$ && "$client" =~ ^[0-9]+$ && "$ready" =~ ^[0-9]+$ ]]; then
  a_s="$(awk -v a="$agent" -v r="$ready" 'BEGIN{printf "%.3f", (a-r)/1000}')"
  c_s="$(awk -v c="$client" -v r="$ready" 'BEGIN{printf "%.3f", (c-r)/1000}')"
  lag="$(awk -v c="$client" -v a="$agent" 'BEGIN{printf "%.3f", (c-a)/1000}')"
else
  a_s=na c_s=na lag=na
  echo "# incomplete: agent=$agent client=$client ready=$ready; $(tail -n 3 "$out/agent.err")" >&2
fi
mb() { awk -v b="$1" 'BEGIN{ if (b ~ /^[0-9]+$/) printf "%.2f", b/1048576; else print "na" }'; }
echo "remote_agent endpoints=$((peers * per)) agent_complete_s=$a_s client_complete_s=$c_s lag_s=$lag" \
  "frame_mb=$(mb "$(v client_frame_bytes "$out/client.txt")") wire_mb=$(mb "$(v veth_a_tx_bytes "$out/agent.txt")")" \
  "late_join_s=$(awk -v m="$(v late_join_ms "$out/client.txt")" 'BEGIN{printf "%.3f", m/1000}')" \
  "late_join_mb=$(mb "$(v late_join_bytes "$out/client.txt")")" \
  "local_sps=$(v local_samples_per_s "$out/agent.txt") remote_sps=$(v remote_samples_per_s "$out/client.txt")" \
  "remote_drops=queue:$(v remote_drops_queue "$out/client.txt"),rate:$(v remote_drops_rate "$out/client.txt"),local:$(v remote_drops_local "$out/client.txt")"
