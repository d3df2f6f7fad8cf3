# UI half of bench/discovery-scale.sh (sourced by it; uses its variables flood, peers, per, topics,
# mode, total, timeout). Starts the desktop product under Xvfb connected to DOMAIN with the loopback-only
# config, waits for its window, starts the floods, and reads the product's stall log:
#   t_ms=<ms since JVM start> max_stall_ms=.. stall_ms=<largest stall in the last 250 ms> endpoints=.. window_ms=..
# Sets max_stall (largest stall_ms from the first flood's start until the model is complete + 2 s).

# ui_stall_run DOMAIN
ui_stall_run() {
  local domain="$1" log="$WORK/ui-stall.$$.log" out="$WORK/ui-product.out" ws="$WORK/ui-workspace"
  local deadline pid jvm_start baseline flood_start i p ready_epoch last_ready=0 complete_t end_t start_t
  rm -f "$log" "$WORK"/ui-flood-*.out
  rm -rf "$ws"
  # JVM pauses (GC and every other safepoint stop the UI thread too) go to a log of their own;
  # DDSTUNER_BENCH_JVM_ARGS adds JVM options for experiments (GC choice, heap sizes)
  local gclog="$WORK/ui-gc.$$.log"
  rm -f "$gclog"
  # DDSTUNER_BENCH_JFR=FILE records the product with JFR (profile settings) and dumps it to FILE once the
  # window is measured (the product is killed afterwards, so dumponexit would not get the chance)
  local jfr_arg=""
  [ -n "${DDSTUNER_BENCH_JFR:-}" ] && jfr_arg="-XX:StartFlightRecording=name=bench,settings=profile"
  DDSTUNER_WORKSPACE="$ws" DDSTUNER_JVM_ARGS="-Dddstuner.autoconnect=loopback:$domain -Dddstuner.stallLog=$log \
-Xlog:gc,safepoint:file=$gclog:uptime $jfr_arg ${DDSTUNER_BENCH_JVM_ARGS:-}" \
    bench_start_group dbus-run-session -- xvfb-run -a -s "-screen 0 1400x900x24" "$PRODUCT_DIR/ddstuner" >"$out" 2>&1
  local xvfb_pid=$BENCH_LAST

  # the window is up and the connection open once the log has a line with window_ms and endpoints
  deadline=$((SECONDS + 60))
  while [ "$SECONDS" -lt "$deadline" ] && ! grep -q 'window_ms=[0-9]' "$log" 2>/dev/null; do
    kill -0 "$xvfb_pid" 2>/dev/null || break
    sleep 0.1
  done
  if ! grep -q 'window_ms=[0-9]' "$log" 2>/dev/null; then
    echo "discovery-scale: product has no stall log support yet (no line with window_ms in $log within 60 s;" \
         "needs -Dddstuner.stallLog in org.ddstuner.ui). Product output: $out" >&2
    return 1
  fi
  pid="$(java_pid_with_arg "$log")"
  [ -n "$pid" ] || { echo "discovery-scale: cannot find the product's java process" >&2; return 1; }
  BENCH_PIDS+=("$pid")
  jvm_start="$(process_start_epoch_ms "$pid")"
  sleep 2 # let start-up work (first layout, demo-less connect) settle; it is not part of this measurement
  baseline="$(tail -n 1 "$log" | sed -n 's/.* endpoints=\([0-9]*\).*/\1/p')"
  echo "ui: window_ms=$(sed -n 's/.*window_ms=\([0-9]*\).*/\1/p' "$log" | tail -n 1) baseline_endpoints=${baseline:-?}" \
       "startup_max_stall_ms=$(tail -n 1 "$log" | sed -n 's/.*max_stall_ms=\([0-9]*\).*/\1/p')"
  baseline="${baseline:-0}"

  flood_start="$(now_ms)"
  for i in $(seq 1 "$peers"); do
    p="flood$i"; [ "$mode" = shared ] && p=flood
    "$flood" -n "$per" -t "$topics" -d "$domain" -P "$p" -x $((timeout + 60)) </dev/null >"$WORK/ui-flood-$i.out" 2>&1 &
    BENCH_PIDS+=("$!")
  done

  # complete: the logged endpoint count reaches baseline + total (250 ms resolution)
  complete_t=""
  deadline=$((SECONDS + timeout))
  while [ "$SECONDS" -lt "$deadline" ]; do
    complete_t="$(awk -v want=$((baseline + total)) '{
        t = ""; n = -1
        for (i = 1; i <= NF; i++) { split($i, kv, "="); if (kv[1] == "t_ms") t = kv[2]; if (kv[1] == "endpoints") n = kv[2] }
        if (n >= want) { print t; exit } }' "$log")"
    [ -n "$complete_t" ] && break
    kill -0 "$pid" 2>/dev/null || { echo "discovery-scale: the product exited during the UI run (see $out)" >&2; return 1; }
    sleep 0.25
  done
  for i in $(seq 1 "$peers"); do
    ready_epoch="$(sed -n 's/^READY .* t_ms=\([0-9]*\).*/\1/p' "$WORK/ui-flood-$i.out")"
    [ -n "$ready_epoch" ] && [ "$ready_epoch" -gt "$last_ready" ] && last_ready="$ready_epoch"
  done
  # READY t_ms counts from each flood's own start, which is at flood_start (+ a few ms of fork/exec)
  last_ready=$((flood_start + last_ready - jvm_start))
  start_t=$((flood_start - jvm_start))
  if [ -z "$complete_t" ]; then
    echo "discovery-scale: the product's model did not reach $total endpoints within $timeout s" \
         "(last log line: $(tail -n 1 "$log"))" >&2
    end_t=$((start_t + timeout * 1000))
  else
    end_t=$((complete_t + 2000))
    sleep 2.5 # the log line covering complete + 2 s
  fi
  # a line at t covers (t - 250, t]: take those overlapping [start_t, end_t]
  max_stall="$(awk -v s="$start_t" -v e="$end_t" '{
      t = ""; st = ""
      for (i = 1; i <= NF; i++) { split($i, kv, "="); if (kv[1] == "t_ms") t = kv[2]; if (kv[1] == "stall_ms") st = kv[2] }
      if (t != "" && t > s && t - 250 <= e && st > m) m = st } END { print m + 0 }' "$log")"
  if [ -n "${DDSTUNER_BENCH_JFR:-}" ]; then
    jcmd "$pid" JFR.dump name=bench filename="$DDSTUNER_BENCH_JFR" >/dev/null 2>&1 \
      && echo "ui: JFR recording $DDSTUNER_BENCH_JFR (JVM start = t_ms 0)" || echo "ui: JFR dump failed" >&2
  fi
  local ui_heap
  ui_heap="$(bench_heap_used_kb "$pid")"
  echo "ui: flood_start_t_ms=$start_t last_ready_t_ms=$last_ready complete_t_ms=${complete_t:-timeout}" \
       "ui_complete_s=$( [ -n "$complete_t" ] && awk -v c="$complete_t" -v r="$last_ready" 'BEGIN{printf "%.2f", (c - r) / 1000}' || echo timeout)" \
       "max_ui_stall_ms=$max_stall heap_mb_after_gc=$( [ -n "$ui_heap" ] && echo $((ui_heap / 1024)) || echo na)"
  echo "ui: stall log $log; stall_ms per 250 ms in the window:" \
       "$(awk -v s="$start_t" -v e="$end_t" '{ for (i = 1; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
          if (v["t_ms"] > s && v["t_ms"] - 250 <= e) printf "%s ", v["stall_ms"] }' "$log")"
  # safepoint lines: [12.345s] Safepoint "G1CollectForAllocation", ... Total: 9364 ns, Threads: ...
  echo "ui: jvm_args_extra=\"${DDSTUNER_BENCH_JVM_ARGS:-}\" jvm pauses in the window (GC log $gclog):" \
       "$(awk -v s="$start_t" -v e="$end_t" '/Safepoint ".*Total: / {
          t = substr($1, 2) * 1000; ns = 0
          if (match($0, /Total: [0-9]+ ns/)) ns = substr($0, RSTART + 7, RLENGTH - 10) + 0
          if (t >= s && t <= e) { n++; sum += ns; if (ns > m) { m = ns; what = $0 } ; if (ns > 10e6) over++ } }
          END { sub(/.*Safepoint "/, "", what); sub(/".*/, "", what)
                printf "safepoints=%d total_ms=%.1f max_ms=%.1f (%s) over_10ms=%d", n, sum / 1e6, m / 1e6, what, over }' \
          "$gclog" 2>/dev/null)"
  [ -n "$complete_t" ]
}
