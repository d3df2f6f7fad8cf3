#!/usr/bin/env bash
# Time from "Apply" to the change seen in discovery by another process (issue 14): a C application with the
# DDS Tuner agent embedded (bench/peers/qos_apply_app.c, ddstuner_agent_start(), started with a secret) and one JVM
# (bench/java/QosApplyBench.java) that is both the driver (AgentClient, signed SET_QOS ownership_strength=N, a new N
# each time) and the observer (a participant of its own reading DCPSPublication on a thread, noting when each N first
# appears for the application's writer). Per round:
#   agent:  request -> reply (reply_ms) and request -> new value seen by the observer (seen_ms)
#   direct: the application's own dds_set_qos, no agent, -> seen by the observer (direct_seen_ms): the reference
# in alternating order, warm-up rounds dropped. One clock: the JVM's System.nanoTime and the application's
# CLOCK_MONOTONIC are the same clock on Linux, so the direct case starts at the application's timestamp just before
# dds_set_qos (not when the JVM wrote the "set N" line; that pipe delay is printed apart).
# Why a Java observer: it is what DDS Tuner itself sees (the binding's built-in reader, take + decode included), and
# in the driver's JVM it needs no cross-process clock; the observer is still another process than the application,
# so the change travels as SEDP over loopback like to any remote participant.
#
# The agent library and jars: the built product's agent/ folder and plugins (DDSTUNER_PRODUCT_DIR) if they have
# the agent, else bundles/org.ddstuner.{dds,agent}/target (built offline with -DskipTests if missing).
# CPUs: the application on CPU $QOS_APPLY_APP_CPU (default 1), the JVM on $QOS_APPLY_JVM_CPU (default 0): two
# processes that would not share a CPU on a real system; both cases run under the same pinning. QOS_APPLY_PIN=0: none.
# Usage: bench/qos-apply.sh [ROUNDS] [WARMUP]   (default 50 measured rounds after 5 warm-up rounds)
# Last line:
#   qos_apply n=N reply_ms_p50=… reply_ms_p90=… seen_ms_p50=… seen_ms_p90=… direct_seen_ms_p50=… direct_seen_ms_p90=… ratio=…
# ratio = seen_ms_p50 / direct_seen_ms_p50 (the agent's request path on top of the application's own change).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

rounds="${1:-50}" warmup="${2:-5}"
for v in "$rounds" "$warmup"; do
  [[ "$v" =~ ^[0-9]+$ ]] || { echo "qos-apply: ROUNDS and WARMUP must be whole numbers, got \"$v\"" >&2; exit 2; }
done
bench_enter_netns "$0" "$rounds" "$warmup"
trap bench_cleanup EXIT
trap 'exit 130' INT TERM
bench_require_java

# the agent library + header and the jars: product first, else the bundles' build output
agent_dir="$PRODUCT_DIR/agent"
if [ -f "$agent_dir/libddstuner_agent.so" ] && ls "$PRODUCT_DIR"/plugins/org.ddstuner.agent_*.jar >/dev/null 2>&1; then
  cp_jars="$(ls "$PRODUCT_DIR"/plugins/org.ddstuner.{dds,agent}_*.jar | paste -sd:)"
  from="product $PRODUCT_DIR"
else
  agent_dir="$REPO_DIR/bundles/org.ddstuner.agent/target/native"
  jars() { ls "$REPO_DIR"/bundles/org.ddstuner.{dds,agent}/target/org.ddstuner.*.jar 2>/dev/null | grep -v sources; }
  if [ ! -f "$agent_dir/libddstuner_agent.so" ] || [ "$(jars | wc -l)" -lt 2 ]; then
    echo "qos-apply: agent not built yet; building bundles/org.ddstuner.agent (offline, no tests)..." >&2
    (cd "$REPO_DIR" && ./mvnw -B -q -o verify -DskipTests -pl releng/org.ddstuner.target,bundles/org.ddstuner.agent -am) >&2
  fi
  cp_jars="$(jars | paste -sd:)"
  from="bundles' target/ (no product with the agent)"
fi
[ -f "$agent_dir/libddstuner_agent.so" ] || { echo "qos-apply: no libddstuner_agent.so in $agent_dir" >&2; exit 1; }

out="$WORK/qos-apply"
rm -rf "$out" && mkdir -p "$out"
idlc -o "$out" "$REPO_DIR/tests/org.ddstuner.agent.tests/native/tuned.idl"
cc -O2 -Wall -I "$out" -I "$agent_dir" -o "$out/qos_apply_app" "$BENCH_DIR/peers/qos_apply_app.c" "$out/tuned.c" \
  -L "$agent_dir" -Wl,-rpath,"$agent_dir" -lddstuner_agent -lddsc
javac -d "$out/classes" -cp "$cp_jars" "$BENCH_DIR/java/QosApplyBench.java"

jvm=("$JAVA_HOME/bin/java") app_cpu=""
if [ "${QOS_APPLY_PIN:-1}" = 1 ]; then
  jvm=(taskset -c "${QOS_APPLY_JVM_CPU:-0}" "${jvm[@]}") app_cpu="${QOS_APPLY_APP_CPU:-1}"
fi
echo "# qos-apply: $rounds rounds (+$warmup warm-up), agent and jars from $from;" \
     "pinning: $([ -n "$app_cpu" ] && echo "app CPU $app_cpu, JVM CPU ${QOS_APPLY_JVM_CPU:-0}" || echo none)"
bench_print_env
cd "$out" # a JVM crash report (hs_err) lands here, not in the repository
secret="bench-$RANDOM$RANDOM"
# bound: the driver's DDS waits have 10-30 s timeouts; the whole run (also a hung application) at most 10 minutes
timeout --kill-after=10 600 "${jvm[@]}" --enable-native-access=ALL-UNNAMED -cp "$out/classes:$cp_jars" \
  QosApplyBench "$out/qos_apply_app" "$rounds" "$warmup" 171 "$secret" $app_cpu > "$out/samples.txt" &
BENCH_PIDS+=("$!")
wait "$!" || { echo "qos-apply: driver failed (app stderr: $out/app.err, agent log: $out/agent.log)" >&2; exit 1; }

# nearest-rank percentile P of column C of the lines starting with KIND
pct() {
  awk -v k="$1" -v c="$2" '$1 == k { print $c }' "$out/samples.txt" | sort -g |
    awk -v p="$3" '{ v[NR] = $1 } END { if (NR == 0) { print "na"; exit } i = int((p * NR + 99) / 100); if (i < 1) i = 1; print v[i] }'
}
n="$(awk '$1 == "agent"' "$out/samples.txt" | wc -l)"
reply50="$(pct agent 3 50)" reply90="$(pct agent 3 90)"
seen50="$(pct agent 4 50)" seen90="$(pct agent 4 90)" seenmax="$(pct agent 4 100)"
direct50="$(pct direct 3 50)" direct90="$(pct direct 3 90)" directmax="$(pct direct 3 100)"
pipe50="$(pct direct 4 50)"
echo "# max: agent seen_ms=$seenmax direct_seen_ms=$directmax; JVM -> application pipe (not in direct_seen) p50 ${pipe50} ms"
echo "# samples: $out/samples.txt (agent I reply_ms seen_ms / direct I seen_ms pipe_ms)"
ratio="$(awk -v a="$seen50" -v b="$direct50" 'BEGIN { if (b + 0 > 0) printf "%.2f", a / b; else print "na" }')"
echo "qos_apply n=$n reply_ms_p50=$reply50 reply_ms_p90=$reply90 seen_ms_p50=$seen50 seen_ms_p90=$seen90" \
     "direct_seen_ms_p50=$direct50 direct_seen_ms_p90=$direct90 ratio=$ratio"
