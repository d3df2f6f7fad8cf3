#!/usr/bin/env bash
# The Reader view under a 50,000 samples/s topic: the built product under Xvfb, connected to DOMAIN on the
# loopback-only config, opens the Reader view on ddsperf's K32 topic by itself (-Dddstuner.openReader, the
# product's benchmark hook org.ddstuner.samples.ui.reader.ReaderBenchHook: type learned over the wire, reader
# QoS derived as "Read Samples…" derives it) while "ddsperf -T K32 pub RATEHz" writes; after SECONDS from the
# first sample the hook pauses the reader and logs what it got. UI stalls come from the product's stall log
# (-Dddstuner.stallLog: a 10 ms timer on the UI thread, largest lateness per 250 ms), taken over the
# measured window [first sample, end].
#
# Usage: bench/reader-ui.sh [--rate N] [--seconds N] [--domain N] [--history keeplast|keepall] [--runs N]
#   --history keeplast (default): the derived reader QoS, KEEP_LAST 5000 per instance: the tool drops rather
#   than slows the writer. keepall: KEEP_ALL bounded at 20,000 samples (the writer waits for the tool).
# Per run one line "run=I written=… received=… dropped=… max_ui_stall_ms=… steady_ui_stall_ms=… …"
# (steady: without the first second, when the view opens) and at the end one summary line (medians):
#   written=N received=N dropped=N max_ui_stall_ms=X table_rows=N
#   written: span of ddsperf's sequence numbers the reader saw (first..last) in the window; received: samples
#   the tool took from DDS in it; dropped = written - received (never taken: overwritten in the reader's
#   KEEP_LAST history or lost); table_rows: rows of the Reader view's table at the end (bounded by the ring,
#   10,000 by default).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

rate=50000 seconds=10 domain=230 history=keeplast runs=1
bench_options reader-ui "rate seconds domain runs" "history" "$@"
[[ "$history" =~ ^(keeplast|keepall)$ ]] || { echo "reader-ui: --history is keeplast or keepall" >&2; exit 2; }

bench_enter_netns "$0" --rate "$rate" --seconds "$seconds" --domain "$domain" --history "$history" --runs "$runs"
trap bench_cleanup EXIT
trap 'exit 130' INT TERM

bench_require_java
bench_require_product
command -v ddsperf >/dev/null || { echo "reader-ui: ddsperf not found (apt install cyclonedds-tools)" >&2; exit 1; }
command -v xvfb-run >/dev/null || { echo "reader-ui: xvfb-run not found (apt install xvfb)" >&2; exit 1; }
mkdir -p "$WORK"
cd "$WORK" # a JVM crash report (hs_err) lands here, not in the repository

echo "# reader-ui: ddsperf -T K32 pub ${rate}Hz, $seconds s measured, domain $domain, reader history $history, runs $runs"
bench_print_env

# one_run I: sets the variables of the run's "done" line and max_stall
one_run() {
  local i="$1" log="$WORK/reader-ui-stall.$$.$1.log" rlog="$WORK/reader-ui-reader.$$.$1.log"
  local out="$WORK/reader-ui-product.$1.out" ws="$WORK/reader-ui-workspace" deadline pid xvfb_pid perf_pid
  local gclog="$WORK/reader-ui-gc.$$.$1.log"
  rm -f "$log" "$rlog" "$gclog"
  rm -rf "$ws"
  # the writer first: the hook waits for it to be discovered, then learns its type over the wire
  CYCLONEDDS_URI="file://$REPO_DIR/tests/peers/cyclonedds-peer.xml" \
    ddsperf -i "$domain" -T K32 -D $((seconds + 120)) pub "${rate}Hz" > "$WORK/reader-ui-ddsperf.$i.log" 2>&1 &
  perf_pid=$!
  BENCH_PIDS+=("$perf_pid")
  DDSTUNER_WORKSPACE="$ws" DDSTUNER_JVM_ARGS="-Dddstuner.autoconnect=loopback:$domain -Dddstuner.stallLog=$log \
-Dddstuner.openReader=DDSPerfRDataK32 -Dddstuner.readerLog=$rlog -Dddstuner.readerSeconds=$seconds \
-Dddstuner.readerHistory=$history -Xlog:gc,safepoint:file=$gclog:uptime ${DDSTUNER_BENCH_JVM_ARGS:-}" \
    bench_start_group dbus-run-session -- xvfb-run -a -s "-screen 0 1400x900x24" "$PRODUCT_DIR/ddstuner" >"$out" 2>&1
  xvfb_pid=$BENCH_LAST

  deadline=$((SECONDS + 120 + seconds))
  while [ "$SECONDS" -lt "$deadline" ] && ! grep -q '^\(done\|error\)' "$rlog" 2>/dev/null; do
    kill -0 "$xvfb_pid" 2>/dev/null || break
    sleep 0.25
  done
  if ! grep -q '^done' "$rlog" 2>/dev/null; then
    echo "reader-ui: run $i did not finish (reader log $rlog: $(tail -n 1 "$rlog" 2>/dev/null);" \
         "stall log $log; product output $out)" >&2
    grep -q 'window_ms=[0-9]' "$log" 2>/dev/null \
      || echo "reader-ui: no stall log line with window_ms: the product has no -Dddstuner.stallLog support" >&2
    return 1
  fi
  sleep 0.3 # the stall log line covering the end
  pid="$(java_pid_with_arg "$log")"
  local done_line first_t end_t
  done_line="$(grep '^done' "$rlog" | tail -n 1)"
  end_t="$(sed -n 's/^done t_ms=\([0-9]*\).*/\1/p' <<<"$done_line")"
  # the window opens at the first log line that saw a sample (250 ms resolution)
  first_t="$(awk '/^t_ms=/ { for (i = 1; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
                  if (v["first_seq"] >= 0) { print v["t_ms"] - 250; exit } }' "$rlog")"
  max_stall="$(awk -v s="${first_t:-0}" -v e="$end_t" '{
      t = ""; st = ""
      for (i = 1; i <= NF; i++) { split($i, kv, "="); if (kv[1] == "t_ms") t = kv[2]; if (kv[1] == "stall_ms") st = kv[2] }
      if (t != "" && t > s && t - 250 <= e && st > m) m = st } END { print m + 0 }' "$log")"
  # the same without the first second: opening the view (part creation, first layout) is a one-off
  steady_stall="$(awk -v s="$(( ${first_t:-0} + 1000 ))" -v e="$end_t" '{
      t = ""; st = ""
      for (i = 1; i <= NF; i++) { split($i, kv, "="); if (kv[1] == "t_ms") t = kv[2]; if (kv[1] == "stall_ms") st = kv[2] }
      if (t != "" && t > s && t - 250 <= e && st > m) m = st } END { print m + 0 }' "$log")"
  local stalls
  stalls="$(awk -v s="${first_t:-0}" -v e="$end_t" '{ for (i = 1; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
          if (v["t_ms"] > s && v["t_ms"] - 250 <= e) printf "%s ", v["stall_ms"] }' "$log")"
  echo "run=$i ${done_line#done } max_ui_stall_ms=$max_stall steady_ui_stall_ms=$steady_stall"
  echo "#   $(grep '^opening' "$rlog")"
  echo "#   stall_ms per 250 ms in the window: $stalls"
  echo "#   rows/received per 250 ms: $(awk '/^t_ms=/ { for (i = 1; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
          printf "%s/%s ", v["table_rows"], v["received"] }' "$rlog" | tail -c 600)"
  # JVM pauses (GC, every safepoint) stop the UI thread too: [12.345s] Safepoint "G1CollectForAllocation", ... Total: 9364 ns
  echo "#   jvm pauses in the window (GC log $gclog): $(awk -v s="${first_t:-0}" -v e="$end_t" '/Safepoint ".*Total: / {
          t = substr($1, 2) * 1000; ns = 0
          if (match($0, /Total: [0-9]+ ns/)) ns = substr($0, RSTART + 7, RLENGTH - 10) + 0
          if (t >= s && t <= e) { n++; sum += ns; if (ns > m) { m = ns; what = $0 } ; if (ns > 50e6) over++ } }
          END { sub(/.*Safepoint "/, "", what); sub(/".*/, "", what)
                printf "safepoints=%d total_ms=%.1f max_ms=%.1f (%s) over_50ms=%d", n, sum / 1e6, m / 1e6, what, over }' \
          "$gclog" 2>/dev/null)"
  if [ -n "$pid" ]; then
    [ -n "${DDSTUNER_BENCH_JFR:-}" ] && jcmd "$pid" JFR.dump filename="$DDSTUNER_BENCH_JFR.$i.jfr" >/dev/null 2>&1
    echo "#   product heap after GC: $(bench_heap_used_kb "$pid") KB"
  fi
  kill -TERM -- "-$xvfb_pid" 2>/dev/null || true
  kill -TERM "$perf_pid" 2>/dev/null || true
  [ -n "$pid" ] && kill -TERM "$pid" 2>/dev/null || true
  deadline=$((SECONDS + 10))
  while { kill -0 "$xvfb_pid" 2>/dev/null || { [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; }; } \
        && [ "$SECONDS" -lt "$deadline" ]; do sleep 0.2; done
  RUN_LINES+=("${done_line#done } max_ui_stall_ms=$max_stall steady_ui_stall_ms=$steady_stall")
}

RUN_LINES=()
for r in $(seq 1 "$runs"); do
  one_run "$r"
done

field() { # field KEY: the values of KEY over the runs, one per line
  local l
  for l in "${RUN_LINES[@]}"; do sed -n "s/.*\(^\| \)$1=\([^ ]*\).*/\2/p" <<<"$l"; done
}
median() { bench_stats | cut -d" " -f1; }
echo "# medians: steady_ui_stall_ms=$(field steady_ui_stall_ms | median) (after the view's first second)" \
     "ui_tick_max_cpu_ms=$(field ui_tick_max_cpu_ms | median) ui_tick_max_ms=$(field ui_tick_max_ms | median)" \
     "process_cpu_ms=$(field process_cpu_ms | median) (the product's CPU, all threads, over the window)"
echo "written=$(field written | median) received=$(field received | median) dropped=$(field dropped | median)" \
     "max_ui_stall_ms=$(field max_ui_stall_ms | median) table_rows=$(field table_rows | median)"
