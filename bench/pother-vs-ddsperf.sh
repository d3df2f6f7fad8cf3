#!/usr/bin/env bash
# Pother engine (org.ddstuner.pother) against Cyclone's own ddsperf, like with like:
#   latency:    ddsperf ping/pong (64 B, reliable, listener)  vs  Transceiver/Transponder (64 B, same QoS)
#   throughput: ddsperf pub/sub (1 KiB, as fast as possible)   vs  Transmitter/Receiver (1 KiB, same QoS)
# Both processes of each pair are pinned to ONE CPU (taskset -c $POTHER_CPU, default 1); both use the same
# loopback-only Cyclone configuration, inside a private network namespace.
#
# Comparison rules (the same code aggregates both sides):
# - ddsperf prints RTT/2 ("half the round trip"); we DOUBLE ddsperf's numbers to get the RTT, ours are
#   full round trips (send time -> echo back, Cyclone's clock).
# - Each side prints one line per second: median and 99th percentile of that second's round trips
#   (ddsperf: of the first 20,000 of the second), or that second's sample rate. The first
#   POTHER_WARMUP seconds of EVERY run of BOTH tools (default 3: discovery, and our JVM's JIT
#   compiling the echo path, which on a busy box takes 2-4 s) and, for throughput, the last (a partial
#   second) are dropped; each run lasts that much longer, so SECONDS are measured. The summary is the
#   median over the measured seconds; the medians of the dropped seconds 2..POTHER_WARMUP are printed
#   too ("warm-up"), so the start-up cost stays visible. POTHER_WARMUP=1 is the old rule.
# - Sizes are serialized sample sizes: ddsperf "size 64" = 12 fixed + 52 octets; ours 36 fixed + 28 octets.
#
# Usage: bench/pother-vs-ddsperf.sh [SECONDS]   (default 10 per run)
#   POTHER_ROUNDS=K   run every pair K times (default 3), interleaved with ddsperf; medians over all seconds
#   POTHER_CPU=N      the CPU both processes of each pair run on (default 1; pick the less busy one)
#   POTHER_TRIGGER=waitset   our receiver takes from its own waitset thread instead of the listener
#   POTHER_WARMUP=W   seconds dropped at the start of every run of both tools (default 3, at least 1)
# Last line: rtt_median_ratio=X rtt_p99_ratio=Y tput_ratio=Z   (ours / ddsperf's; RTT: lower is better,
# so <= 1.05 / 1.10 is the target; throughput: higher is better, >= 0.95 is the target)
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
OUT="$WORK/pother"
mkdir -p "$OUT"
command -v ddsperf >/dev/null || { echo "bench: ddsperf not found (apt install cyclonedds-tools)" >&2; exit 1; }

# compile the binding, the engine (with the JSON of its run files) and the probe from the sources (the engine is not in the product)
CLS="$OUT/classes"
rm -rf "$CLS"; mkdir -p "$CLS"
javac -nowarn -d "$CLS" $(find "$REPO_DIR/bundles/org.ddstuner.dds/src" "$REPO_DIR/bundles/org.ddstuner.pother/src" \
  "$REPO_DIR/bundles/org.ddstuner.system/src/org/ddstuner/system/json" -name '*.java') \
  "$BENCH_DIR/java/PotherBench.java"
# the product's loopback-only configuration (CycloneConfig.loopbackOnly()), for both tools
"$JAVA_HOME/bin/java" -cp "$CLS" PotherBench loopback-config > "$OUT/loopback.xml"
export CYCLONEDDS_URI="file://$OUT/loopback.xml"
# receiver: from the data-available listener like ddsperf sub (POTHER_TRIGGER=waitset: our waitset thread)
TRIGGER="${POTHER_TRIGGER:-listener}"
JAVA=(taskset -c "$CPU" "$JAVA_HOME/bin/java" --enable-native-access=ALL-UNNAMED -Dpother.trigger="$TRIGGER" -cp "$CLS" PotherBench)

bench_print_env
echo "# measured seconds per run: $SECS after $WARM dropped (both tools), rounds: $ROUNDS (alternating which tool goes first), both processes of a pair on CPU $CPU, Pother receiver trigger: $TRIGGER; ddsperf $(dpkg-query -W -f '${Version}' cyclonedds-tools 2>/dev/null || echo '?')"

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

rm -f "$OUT"/*.lines "$OUT"/*.warm "$OUT"/*.cpu "$OUT"/*.r[0-9]*.txt
# Rounds alternate which tool goes first, so a neighbour's busy spell (this box has them) falls on both
# tools alike instead of on whichever ran second.
for r in $(seq 1 "$ROUNDS"); do
  echo "# round $r of $ROUNDS ($(date -u +%H:%M:%S), load $(cut -d' ' -f1 /proc/loadavg))"
  if (( r % 2 )); then dd_latency "$r"; po_latency "$r"; dd_tput "$r"; po_tput "$r"
  else po_latency "$r"; dd_latency "$r"; po_tput "$r"; dd_tput "$r"; fi
done

echo "## latency: ddsperf ping/pong, size 64, reliable"
# RTT/2 -> RTT: double
dp_p50=$(sed -n 's/.* 50% \([0-9.]*\)us.*/\1/p' "$OUT/ddsperf-ping.lines" | awk '{print 2*$1}' | med)
dp_p99=$(sed -n 's/.* 99% \([0-9.]*\)us.*/\1/p' "$OUT/ddsperf-ping.lines" | awk '{print 2*$1}' | med)
dp_rts=$(sed -n 's/.* cnt \([0-9]*\).*/\1/p' "$OUT/ddsperf-ping.lines" | med)
dp_rt_cpu=$(cpu_us "$(med < "$OUT/ddsperf-ping.cpu")" "$(med < "$OUT/ddsperf-pong.cpu")" "$dp_rts")
echo "ddsperf rtt_us (doubled RTT/2, median of $(wc -l < "$OUT/ddsperf-ping.lines") s): p50=$dp_p50 p99=$dp_p99  round trips/s=$dp_rts cpu_us/round_trip=$dp_rt_cpu"

echo "## latency: Pother transceiver/transponder, size 64, reliable keep-last 1"
po_p50=$(sed -n 's/.* p50=\([0-9.]*\).*/\1/p' "$OUT/transceiver.lines" | med)
po_p99=$(sed -n 's/.* p99=\([0-9.]*\).*/\1/p' "$OUT/transceiver.lines" | med)
po_rts=$(sed -n 's/.* count=\([0-9]*\).*/\1/p' "$OUT/transceiver.lines" | med)
po_rt_cpu=$(cpu_us "$(med < "$OUT/transceiver.cpu")" "$(med < "$OUT/transponder.cpu")" "$po_rts")
echo "pother  rtt_us (median of $(wc -l < "$OUT/transceiver.lines") s): p50=$po_p50 p99=$po_p99  round trips/s=$po_rts cpu_us/round_trip=$po_rt_cpu"
if (( WARM > 1 )); then
  echo "warm-up seconds 2..$WARM (dropped above), median p50 rtt_us: ddsperf $(sed -n 's/.* 50% \([0-9.]*\)us.*/\1/p' "$OUT/ddsperf-ping.warm" | awk '{print 2*$1}' | med)" \
       "pother $(sed -n 's/.* p50=\([0-9.]*\).*/\1/p' "$OUT/transceiver.warm" | med)"
fi
echo "  (the last round's Pother report:)"
sed -n '/^# period/,$p' "$OUT/transceiver.r$ROUNDS.txt" | sed 's/^/  /'

echo "## throughput: ddsperf pub/sub, size 1k, reliable keep-all"
dp_tput=$(sed -n 's/.* rate \([0-9.]*\) kS\/s.*/\1/p' "$OUT/ddsperf-sub.lines" | awk '{print $1*1000}' | med)
dp_s_cpu=$(cpu_us "$(med < "$OUT/ddsperf-sub.cpu")" "$(med < "$OUT/ddsperf-pub.cpu")" "$dp_tput")
echo "ddsperf samples/s (median of $(wc -l < "$OUT/ddsperf-sub.lines") s): $dp_tput lost=${dd_lost:-?} (last round) cpu_us/sample=$dp_s_cpu"

echo "## throughput: Pother transmitter/receiver, size 1024, reliable keep-all, write batching, receiver: $TRIGGER"
po_tput=$(sed -n 's/.* per_s=\([0-9.]*\).*/\1/p' "$OUT/receiver.lines" | med)
echo "pother  samples/s (median of $(wc -l < "$OUT/receiver.lines") s): $po_tput lost=${po_lost:-?} (last round) cpu_us/sample=$(cpu_us "$(med < "$OUT/receiver.cpu")" "$(med < "$OUT/transmitter.cpu")" "$po_tput"); $po_sent"
po_s_cpu=$(cpu_us "$(med < "$OUT/receiver.cpu")" "$(med < "$OUT/transmitter.cpu")" "$po_tput")

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a == "na" || b == "na" || a == "" || b == "" || b == 0) print "na"; else printf "%.3f", a / b }'; }
# CPU per operation does not depend on how much of the CPU the box leaves us: the load-robust view
echo "cpu_per_round_trip_ratio=$(ratio "$po_rt_cpu" "$dp_rt_cpu") cpu_per_sample_ratio=$(ratio "$po_s_cpu" "$dp_s_cpu")  (ours / ddsperf's, lower is better)"
echo "rtt_median_ratio=$(ratio "$po_p50" "$dp_p50") rtt_p99_ratio=$(ratio "$po_p99" "$dp_p99") tput_ratio=$(ratio "$po_tput" "$dp_tput")"
