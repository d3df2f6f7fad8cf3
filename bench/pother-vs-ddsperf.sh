#!/usr/bin/env bash
# Pother against Cyclone's own ddsperf, like with like, in ONE run (the ddsperf rounds of the run are the
# reference for both Pother stages):
#   latency:    ddsperf ping/pong (64 B, reliable, listener)  vs  transceiver/transponder (64 B, same QoS)
#   throughput: ddsperf pub/sub (1 KiB, as fast as possible)   vs  transmitter/receiver (1 KiB, same QoS)
# Pother runs in two ways:
#   agents (what the issue measures, and what a user runs): two agent processes of the BUILT PRODUCT
#     (`ddstuner pother --app-id 1|2` latency, `3|4` throughput; fresh per run; $PRODUCT_DIR or DDSTUNER_PRODUCT_DIR) given the pair's definitions
#     over the command topics by a controller (bench/java/PotherAgentDriver.java, PotherController, the same
#     path as the Benchmarks view and `ddstuner pother-run`); values from the agents' 1 s period reports.
#     The controller runs on another CPU: it only sends definitions and reads reports, so its CPU is not
#     part of the pair's. The agents' receiver takes from its waitset thread (the agent's default; the
#     protocol has no trigger field), the engine's and ddsperf's from the listener.
#   engine: the engine classes (the product's jars; compiled from the sources with POTHER_MODE=engine) in a
#     bare JVM per side (bench/java/PotherBench.java),
#     no agent, no protocol, no reports: what the agents would cost without their own work.
# Both processes of each pair are pinned to ONE CPU (taskset -c $POTHER_CPU, default 1); all use the same
# loopback-only Cyclone configuration, inside a private network namespace.
#
# Comparison rules (the same code aggregates every side):
# - ddsperf prints RTT/2 ("half the round trip"); we DOUBLE ddsperf's numbers to get the RTT, ours are
#   full round trips (send time -> echo back, Cyclone's clock).
# - Each side gives one value set per second: median and 99th percentile of that second's round trips
#   (ddsperf: of the first 20,000 of the second; Pother: the transceiver's TRIP column, nearest rank over
#   all of them, the agent's report carries the same p50/p99 on the wire), or that second's sample rate.
#   The first POTHER_WARMUP seconds (agents: report periods) of EVERY run of EVERY side (default 3:
#   discovery, and our JVM's JIT compiling the echo path, which on a busy box takes 2-4 s) and, for
#   ddsperf's and the engine's throughput, the last (a partial second) are dropped; each run lasts that
#   much longer, so SECONDS are measured. The summary is the median over the measured seconds; the
#   medians of the dropped seconds 2..POTHER_WARMUP are printed too ("warm-up").
# - CPU per round trip / per sample: (median CPU % of one process + median of the other) / rate; ddsperf
#   from its per-thread "rss:" lines, the engine from getProcessCpuTime, the agents from the user+sys CPU
#   every agent report carries (/proc/self/stat over the agent's last second, 1 % resolution).
# - Sizes are serialized sample sizes: ddsperf "size 64" = 12 fixed + 52 octets; ours 36 fixed + 28 octets.
#
# Usage: bench/pother-vs-ddsperf.sh [SECONDS]   (default 10 per run)
#   POTHER_ROUNDS=K   run every pair K times (default 3), interleaved with ddsperf (the first tool rotates);
#                     medians over all seconds
#   POTHER_CPU=N      the CPU both processes of each pair run on (default 1; pick the less busy one)
#   POTHER_MODE=all|engine|agent   which Pother stages run besides ddsperf (default all; engine: the quick
#                     run without the product, agent: without the bare-engine stage)
#   POTHER_BYSTANDER=1|0   1 (default with the product): ddsperf and the engine run beside an idle controller
#                     process on the other CPU, as the agents do (they need one): on a busy box that third
#                     participant more than doubled ddsperf's and the engine's throughput (bench/results/
#                     2026-11-23-pother-agents-in-the-same-run.md), so without it the sides would not share
#                     their conditions. 0: the old way.
#   POTHER_TRIGGER=waitset   the ENGINE's receiver takes from its own waitset thread instead of the listener
#   POTHER_WARMUP=W   seconds dropped at the start of every run of every side (default 3, at least 1)
# Output, last lines (ratios ours / ddsperf's; RTT: lower is better, <= 1.05 / 1.10 is the target;
# throughput: higher is better, >= 0.95 is the target; CPU per operation: lower is better):
#   engine_cpu_per_round_trip_ratio=… engine_cpu_per_sample_ratio=…      (modes all, engine)
#   engine_rtt_median_ratio=X engine_rtt_p99_ratio=Y engine_tput_ratio=Z  (modes all, engine)
#   cpu_per_round_trip_ratio=… cpu_per_sample_ratio=…                    (agents; modes all, agent)
#   rtt_median_ratio=X rtt_p99_ratio=Y tput_ratio=Z                       (AGENTS; modes all, agent)
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
bench_enter_netns "$0" "$@"
trap bench_cleanup EXIT
bench_require_java

SECS="${1:-10}"
ROUNDS="${POTHER_ROUNDS:-3}"
[[ "$ROUNDS" =~ ^[1-9][0-9]*$ ]] || { echo "pother-vs-ddsperf: POTHER_ROUNDS needs a positive whole number" >&2; exit 2; }
CPU="${POTHER_CPU:-1}"
WARM="${POTHER_WARMUP:-3}"
[[ "$WARM" =~ ^[1-9][0-9]*$ ]] || { echo "pother-vs-ddsperf: POTHER_WARMUP needs a whole number >= 1" >&2; exit 2; }
MODE="${POTHER_MODE:-all}"
case "$MODE" in all) STAGES=(dd po ag) ;; engine) STAGES=(dd po) ;; agent) STAGES=(dd ag) ;;
  *) echo "pother-vs-ddsperf: POTHER_MODE is all, engine or agent, not \"$MODE\"" >&2; exit 2 ;; esac
OUT="$WORK/pother"
mkdir -p "$OUT"
command -v ddsperf >/dev/null || { echo "bench: ddsperf not found (apt install cyclonedds-tools)" >&2; exit 1; }

CLS="$OUT/classes"
rm -rf "$CLS"; mkdir -p "$CLS"
if [ "$MODE" = engine ]; then
  # quick run without the product: the binding, the engine (with the JSON of its run files) and the probe from the sources
  javac -nowarn -d "$CLS" $(find "$REPO_DIR/bundles/org.ddstuner.dds/src" "$REPO_DIR/bundles/org.ddstuner.pother/src" \
    "$REPO_DIR/bundles/org.ddstuner.system/src/org/ddstuner/system/json" -name '*.java') \
    "$BENCH_DIR/java/PotherBench.java"
  CP="$CLS"
  SOURCE="engine compiled from the sources"
else
  # the engine stage and the controller run on the product's own jars, so both Pother stages run the same classes
  bench_require_product
  CP="$CLS"
  for b in dds system pother; do CP="$CP:$(ls "$PRODUCT_DIR"/plugins/org.ddstuner.${b}_*.jar | head -n 1)"; done
  javac -nowarn -d "$CLS" -cp "$CP" "$BENCH_DIR/java/PotherBench.java" "$BENCH_DIR/java/PotherAgentDriver.java"
  SOURCE="engine and agents from the product at $PRODUCT_DIR"
fi
# the product's loopback-only configuration (CycloneConfig.loopbackOnly()), for every tool (the agents' default)
"$JAVA_HOME/bin/java" -cp "$CP" PotherBench loopback-config > "$OUT/loopback.xml"
export CYCLONEDDS_URI="file://$OUT/loopback.xml"
# receiver: from the data-available listener like ddsperf sub (POTHER_TRIGGER=waitset: our waitset thread)
TRIGGER="${POTHER_TRIGGER:-listener}"
JAVA=(taskset -c "$CPU" "$JAVA_HOME/bin/java" --enable-native-access=ALL-UNNAMED -Dpother.trigger="$TRIGGER" -cp "$CP" PotherBench)
# agent stage: the product's start script (it execs the JVM, so taskset pins the agent itself), domain 0 like
# the other tools (this namespace holds nothing else); the controller on a CPU other than $CPU
AGENT=(taskset -c "$CPU" "$PRODUCT_DIR/ddstuner" pother --domain 0)
CTL_CPU=""
for c in $(seq 0 $(($(nproc) - 1))); do [ "$c" != "$CPU" ] && { CTL_CPU="$c"; break; }; done
CTL=("$JAVA_HOME/bin/java" --enable-native-access=ALL-UNNAMED -cp "$CP" PotherAgentDriver)
[ -n "$CTL_CPU" ] && CTL=(taskset -c "$CTL_CPU" "${CTL[@]}")
if [ "$MODE" = engine ]; then BYSTANDER="${POTHER_BYSTANDER:-0}"; else BYSTANDER="${POTHER_BYSTANDER:-1}"; fi
[ "$BYSTANDER" = 1 ] && [ "$MODE" = engine ] && { echo "pother-vs-ddsperf: POTHER_BYSTANDER=1 needs the product (POTHER_MODE all or agent)" >&2; exit 2; }

bench_print_env
echo "# measured seconds per run: $SECS after $WARM dropped (every side), rounds: $ROUNDS (the first tool rotates), both processes of a pair on CPU $CPU${CTL_CPU:+, agent controller on CPU $CTL_CPU}, mode: $MODE ($SOURCE), bystander for ddsperf and engine: $BYSTANDER, engine receiver trigger: $TRIGGER; ddsperf $(dpkg-query -W -f '${Version}' cyclonedds-tools 2>/dev/null || echo '?')"

# median of stdin numbers
med() { bench_stats | cut -d' ' -f1; }
# ddsperf's per-second CPU lines ("rss:… vcsw:… recvUC:7%+8% pub:9%+11% others:0%+1%", every thread
# above 0.5 % plus the rest as "others"): the process's CPU in percent of one core, one value per line
dd_cpu_pct() { grep ' rss:' "$1" | tail -n +$((WARM + 1)) | awk '{ c = 0; for (i = 1; i <= NF; i++) if ($i ~ /:[0-9]+%\+[0-9]+%$/) {
  split($i, a, ":"); split(a[length(a)], b, "+"); c += b[1] + b[2] } print c }'; }
# ours: per-second deltas of cpu_ms=… (whole-process CPU) in percent of one core, first line dropped
po_cpu_pct() { grep "$2" "$1" | sed -n 's/.*cpu_ms=\([0-9.]*\).*/\1/p' | awk 'NR > 1 { print (($1 - p) / 10) } { p = $1 }' | tail -n +$WARM; }
# CPU microseconds per sample (or round trip) of a pair: (median % of A + median % of B) * 10^4 / rate
cpu_us() { awk -v a="$1" -v b="$2" -v r="$3" 'BEGIN { if (a == "na" || b == "na" || r == "na" || r == 0) print "na"; else printf "%.2f", (a + b) * 1e4 / r }'; }

# One pair per function; round R appends its per-second lines (first/partial seconds dropped per run) to
# $OUT/NAME.lines and the per-second CPU percentages to $OUT/NAME.cpu, so the summary is the median over
# every measured second of every round.
dd_latency() {
  taskset -c "$CPU" ddsperf -D $((SECS + WARM + 2)) pong > "$OUT/ddsperf-pong.r$1.txt" 2>&1 & BENCH_PIDS+=($!)
  taskset -c "$CPU" ddsperf -D $((SECS + WARM)) ping size 64 > "$OUT/ddsperf-ping.r$1.txt" 2>&1 || true
  wait "${BENCH_PIDS[-1]}" || true
  grep ' size 64 mean' "$OUT/ddsperf-ping.r$1.txt" | tail -n +$((WARM + 1)) >> "$OUT/ddsperf-ping.lines" || true
  grep ' size 64 mean' "$OUT/ddsperf-ping.r$1.txt" | sed -n "2,${WARM}p" >> "$OUT/ddsperf-ping.warm" || true
  dd_cpu_pct "$OUT/ddsperf-ping.r$1.txt" >> "$OUT/ddsperf-ping.cpu"
  dd_cpu_pct "$OUT/ddsperf-pong.r$1.txt" >> "$OUT/ddsperf-pong.cpu"
}
po_latency() {
  "${JAVA[@]}" transponder "$OUT/loopback.xml" $((SECS + WARM + 7)) > "$OUT/transponder.r$1.txt" 2>&1 & BENCH_PIDS+=($!)
  "${JAVA[@]}" transceiver "$OUT/loopback.xml" $((SECS + WARM)) 64 > "$OUT/transceiver.r$1.txt" 2>&1 || true
  kill "${BENCH_PIDS[-1]}" 2>/dev/null || true; wait "${BENCH_PIDS[-1]}" 2>/dev/null || true
  grep '^rtt_us ' "$OUT/transceiver.r$1.txt" | tail -n +$((WARM + 1)) >> "$OUT/transceiver.lines" || true
  grep '^rtt_us ' "$OUT/transceiver.r$1.txt" | sed -n "2,${WARM}p" >> "$OUT/transceiver.warm" || true
  po_cpu_pct "$OUT/transceiver.r$1.txt" '^rtt_us ' >> "$OUT/transceiver.cpu"
  po_cpu_pct "$OUT/transponder.r$1.txt" '^echo ' >> "$OUT/transponder.cpu"
}
dd_tput() {
  taskset -c "$CPU" ddsperf -D $((SECS + WARM)) sub > "$OUT/ddsperf-sub.r$1.txt" 2>&1 & BENCH_PIDS+=($!)
  taskset -c "$CPU" ddsperf -D $((SECS + WARM + 2)) pub size 1k > "$OUT/ddsperf-pub.r$1.txt" 2>&1 || true
  wait "${BENCH_PIDS[-1]}" || true
  grep ' size 1024 total' "$OUT/ddsperf-sub.r$1.txt" | tail -n +$((WARM + 1)) | sed '$d' >> "$OUT/ddsperf-sub.lines" || true
  dd_lost=$(sed -n 's/.* total [0-9]* lost \([0-9]*\).*/\1/p' "$OUT/ddsperf-sub.r$1.txt" | tail -n 1)
  dd_cpu_pct "$OUT/ddsperf-sub.r$1.txt" >> "$OUT/ddsperf-sub.cpu"
  dd_cpu_pct "$OUT/ddsperf-pub.r$1.txt" >> "$OUT/ddsperf-pub.cpu"
}
po_tput() {
  "${JAVA[@]}" receiver "$OUT/loopback.xml" $((SECS + WARM)) > "$OUT/receiver.r$1.txt" 2>&1 & BENCH_PIDS+=($!)
  "${JAVA[@]}" transmitter "$OUT/loopback.xml" $((SECS + WARM + 3)) 1024 > "$OUT/transmitter.r$1.txt" 2>&1 || true
  wait "${BENCH_PIDS[-1]}" || true
  grep '^tput ' "$OUT/receiver.r$1.txt" | tail -n +$((WARM + 1)) | sed '$d' >> "$OUT/receiver.lines" || true
  po_lost=$(sed -n 's/.* lost=\([0-9]*\).*/\1/p' "$OUT/receiver.r$1.txt" | tail -n 1)
  po_sent=$(tail -n 1 "$OUT/transmitter.r$1.txt")
  po_cpu_pct "$OUT/receiver.r$1.txt" '^tput ' >> "$OUT/receiver.cpu"
  po_cpu_pct "$OUT/transmitter.r$1.txt" '^tx ' >> "$OUT/transmitter.cpu"
}

# values of KEY=… on the lines of FILE starting with PREFIX whose period=… is above the warm-up (agents)
ag_values() { grep "^$2 " "$1" | awk -v k="$3" -v w="$WARM" '{ p = -1; v = ""
  for (i = 1; i <= NF; i++) { split($i, kv, "="); if (kv[1] == "period") p = kv[2]; if (kv[1] == k) v = kv[2] }
  if (p > w && v != "") print v }'; }
# the same for the warm-up periods 2..WARM
ag_warm_values() { grep "^$2 " "$1" | awk -v k="$3" -v w="$WARM" '{ p = -1; v = ""
  for (i = 1; i <= NF; i++) { split($i, kv, "="); if (kv[1] == "period") p = kv[2]; if (kv[1] == k) v = kv[2] }
  if (p >= 2 && p <= w && v != "") print v }'; }
# Starts agent APP of the product (pinned to $CPU) with its log in FILE; sets AG_PID
ag_start() {
  "${AGENT[@]}" --app-id "$1" > "$2" 2>&1 & AG_PID=$!; BENCH_PIDS+=("$AG_PID")
}
# Stops the agents PID... (TERM: they remove their tests and say "stopped") and waits for them
ag_stop() {
  kill -TERM "$@" 2>/dev/null || true
  for pid in "$@"; do wait "$pid" 2>/dev/null || true; done
}
ag_latency() {
  local a b
  ag_start 1 "$OUT/agent-transceiver.r$1.txt"; a=$AG_PID
  ag_start 2 "$OUT/agent-transponder.r$1.txt"; b=$AG_PID
  "${CTL[@]}" latency "$OUT/loopback.xml" 0 $((SECS + WARM)) 64 1 2 > "$OUT/agent-latency.r$1.txt" 2>&1 \
    || echo "# agent latency round $1 failed: $(tail -n 3 "$OUT/agent-latency.r$1.txt")"
  ag_stop "$a" "$b"
  local f="$OUT/agent-latency.r$1.txt"
  ag_values "$f" rtt_us p50 >> "$OUT/agent-rtt.p50"; ag_values "$f" rtt_us p99 >> "$OUT/agent-rtt.p99"
  ag_values "$f" rtt_us per_s >> "$OUT/agent-rtt.rate"; ag_warm_values "$f" rtt_us p50 >> "$OUT/agent-rtt.warm"
  ag_values "$f" rtt_us cpu_pct >> "$OUT/agent-transceiver.cpu"; ag_values "$f" echo cpu_pct >> "$OUT/agent-transponder.cpu"
}
ag_tput() {
  local a b
  ag_start 3 "$OUT/agent-transmitter.r$1.txt"; a=$AG_PID
  ag_start 4 "$OUT/agent-receiver.r$1.txt"; b=$AG_PID
  "${CTL[@]}" throughput "$OUT/loopback.xml" 0 $((SECS + WARM)) 1024 3 4 > "$OUT/agent-tput.r$1.txt" 2>&1 \
    || echo "# agent throughput round $1 failed: $(tail -n 3 "$OUT/agent-tput.r$1.txt")"
  ag_stop "$a" "$b"
  local f="$OUT/agent-tput.r$1.txt"
  ag_values "$f" tput per_s >> "$OUT/agent-tput.rate"
  ag_values "$f" tput cpu_pct >> "$OUT/agent-receiver.cpu"; ag_values "$f" tx cpu_pct >> "$OUT/agent-transmitter.cpu"
  ag_lost=$(ag_values "$f" tput lost | tail -n 1)
}

rm -f "$OUT"/*.lines "$OUT"/*.warm "$OUT"/*.cpu "$OUT"/*.r[0-9]*.txt "$OUT"/agent-*
touch "$OUT"/{ddsperf-ping,transceiver}.{lines,warm} "$OUT"/{ddsperf-sub,receiver}.lines \
  "$OUT"/{ddsperf-ping,ddsperf-pong,ddsperf-sub,ddsperf-pub,transceiver,transponder,receiver,transmitter}.cpu \
  "$OUT"/agent-rtt.{p50,p99,rate,warm} "$OUT"/agent-tput.rate "$OUT"/agent-{transceiver,transponder,receiver,transmitter}.cpu
# Rounds rotate which tool goes first, so a neighbour's busy spell (this box has them) falls on every
# tool alike instead of on whichever ran last.
n=${#STAGES[@]}
for r in $(seq 1 "$ROUNDS"); do
  order=()
  for i in $(seq 0 $((n - 1))); do order+=("${STAGES[$(( (i + r - 1) % n ))]}"); done
  echo "# round $r of $ROUNDS ($(date -u +%H:%M:%S), load $(cut -d' ' -f1 /proc/loadavg)), order: ${order[*]}"
  for kind in latency tput; do
    for st in "${order[@]}"; do
      if [ "$BYSTANDER" = 1 ] && [ "$st" != ag ]; then
        "${CTL[@]}" idle "$OUT/loopback.xml" 0 600 > /dev/null 2>&1 & by=$!; BENCH_PIDS+=("$by"); sleep 1
        "${st}_$kind" "$r"
        kill "$by" 2>/dev/null || true; wait "$by" 2>/dev/null || true
      else
        "${st}_$kind" "$r"
      fi
    done
  done
done

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a == "na" || b == "na" || a == "" || b == "" || b == 0) print "na"; else printf "%.3f", a / b }'; }

echo "## latency: ddsperf ping/pong, size 64, reliable"
# RTT/2 -> RTT: double
dp_p50=$(sed -n 's/.* 50% \([0-9.]*\)us.*/\1/p' "$OUT/ddsperf-ping.lines" | awk '{print 2*$1}' | med)
dp_p99=$(sed -n 's/.* 99% \([0-9.]*\)us.*/\1/p' "$OUT/ddsperf-ping.lines" | awk '{print 2*$1}' | med)
dp_rts=$(sed -n 's/.* cnt \([0-9]*\).*/\1/p' "$OUT/ddsperf-ping.lines" | med)
dp_rt_cpu=$(cpu_us "$(med < "$OUT/ddsperf-ping.cpu")" "$(med < "$OUT/ddsperf-pong.cpu")" "$dp_rts")
echo "ddsperf rtt_us (doubled RTT/2, median of $(wc -l < "$OUT/ddsperf-ping.lines") s): p50=$dp_p50 p99=$dp_p99  round trips/s=$dp_rts cpu_us/round_trip=$dp_rt_cpu"

if [ "$MODE" != agent ]; then
  echo "## latency: Pother engine (bare JVMs) transceiver/transponder, size 64, reliable keep-last 1"
  po_p50=$(sed -n 's/.* p50=\([0-9.]*\).*/\1/p' "$OUT/transceiver.lines" | med)
  po_p99=$(sed -n 's/.* p99=\([0-9.]*\).*/\1/p' "$OUT/transceiver.lines" | med)
  po_rts=$(sed -n 's/.* count=\([0-9]*\).*/\1/p' "$OUT/transceiver.lines" | med)
  po_rt_cpu=$(cpu_us "$(med < "$OUT/transceiver.cpu")" "$(med < "$OUT/transponder.cpu")" "$po_rts")
  echo "engine  rtt_us (median of $(wc -l < "$OUT/transceiver.lines") s): p50=$po_p50 p99=$po_p99  round trips/s=$po_rts cpu_us/round_trip=$po_rt_cpu"
fi
if [ "$MODE" != engine ]; then
  echo "## latency: Pother agents (ddstuner pother, driven over the command topics) transceiver/transponder, size 64, reliable keep-last 1"
  ag_p50=$(med < "$OUT/agent-rtt.p50"); ag_p99=$(med < "$OUT/agent-rtt.p99"); ag_rts=$(med < "$OUT/agent-rtt.rate")
  ag_rt_cpu=$(cpu_us "$(med < "$OUT/agent-transceiver.cpu")" "$(med < "$OUT/agent-transponder.cpu")" "$ag_rts")
  echo "agents  rtt_us (median of $(wc -l < "$OUT/agent-rtt.p50") periods): p50=$ag_p50 p99=$ag_p99  round trips/s=$ag_rts cpu_us/round_trip=$ag_rt_cpu"
fi
if (( WARM > 1 )); then
  echo "warm-up seconds 2..$WARM (dropped above), median p50 rtt_us: ddsperf $(sed -n 's/.* 50% \([0-9.]*\)us.*/\1/p' "$OUT/ddsperf-ping.warm" | awk '{print 2*$1}' | med)" \
       "engine $(sed -n 's/.* p50=\([0-9.]*\).*/\1/p' "$OUT/transceiver.warm" | med) agents $(med < "$OUT/agent-rtt.warm")"
fi
if [ "$MODE" = engine ]; then
  echo "  (the last round's engine report:)"
  sed -n '/^# period/,$p' "$OUT/transceiver.r$ROUNDS.txt" | sed 's/^/  /'
else
  echo "  (the last round's agent report, last period:)"
  sed -n '/^# period/,$p' "$OUT/agent-latency.r$ROUNDS.txt" | sed 's/^/  /'
fi

echo "## throughput: ddsperf pub/sub, size 1k, reliable keep-all"
dp_tput=$(sed -n 's/.* rate \([0-9.]*\) kS\/s.*/\1/p' "$OUT/ddsperf-sub.lines" | awk '{print $1*1000}' | med)
dp_s_cpu=$(cpu_us "$(med < "$OUT/ddsperf-sub.cpu")" "$(med < "$OUT/ddsperf-pub.cpu")" "$dp_tput")
echo "ddsperf samples/s (median of $(wc -l < "$OUT/ddsperf-sub.lines") s): $dp_tput lost=${dd_lost:-?} (last round) cpu_us/sample=$dp_s_cpu"

if [ "$MODE" != agent ]; then
  echo "## throughput: Pother engine transmitter/receiver, size 1024, reliable keep-all, write batching, receiver: $TRIGGER"
  po_tput=$(sed -n 's/.* per_s=\([0-9.]*\).*/\1/p' "$OUT/receiver.lines" | med)
  po_s_cpu=$(cpu_us "$(med < "$OUT/receiver.cpu")" "$(med < "$OUT/transmitter.cpu")" "$po_tput")
  echo "engine  samples/s (median of $(wc -l < "$OUT/receiver.lines") s): $po_tput lost=${po_lost:-?} (last round) cpu_us/sample=$po_s_cpu; $po_sent"
fi
if [ "$MODE" != engine ]; then
  echo "## throughput: Pother agents transmitter/receiver, size 1024, reliable keep-all, write batching, receiver: waitset (the agent's)"
  ag_tput=$(med < "$OUT/agent-tput.rate")
  ag_s_cpu=$(cpu_us "$(med < "$OUT/agent-receiver.cpu")" "$(med < "$OUT/agent-transmitter.cpu")" "$ag_tput")
  echo "agents  samples/s (median of $(wc -l < "$OUT/agent-tput.rate") periods): $ag_tput lost=${ag_lost:-?} (last round) cpu_us/sample=$ag_s_cpu"
fi

# CPU per operation does not depend on how much of the CPU the box leaves us: the load-robust view
if [ "$MODE" != agent ]; then
  echo "engine_cpu_per_round_trip_ratio=$(ratio "$po_rt_cpu" "$dp_rt_cpu") engine_cpu_per_sample_ratio=$(ratio "$po_s_cpu" "$dp_s_cpu")  (engine / ddsperf's, lower is better)"
  echo "engine_rtt_median_ratio=$(ratio "$po_p50" "$dp_p50") engine_rtt_p99_ratio=$(ratio "$po_p99" "$dp_p99") engine_tput_ratio=$(ratio "$po_tput" "$dp_tput")"
fi
if [ "$MODE" != engine ]; then
  echo "cpu_per_round_trip_ratio=$(ratio "$ag_rt_cpu" "$dp_rt_cpu") cpu_per_sample_ratio=$(ratio "$ag_s_cpu" "$dp_s_cpu")  (agents / ddsperf's, lower is better)"
  echo "rtt_median_ratio=$(ratio "$ag_p50" "$dp_p50") rtt_p99_ratio=$(ratio "$ag_p99" "$dp_p99") tput_ratio=$(ratio "$ag_tput" "$dp_tput")"
fi
