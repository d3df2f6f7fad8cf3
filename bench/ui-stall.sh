# UI half of bench/discovery-scale.sh (sourced by it; uses its variables flood, peers, per, topics,
# mode, total, timeout). Starts the desktop product under Xvfb connected to DOMAIN with the loopback-only
# config, waits for its window, starts the floods, and reads the product's stall log:
#   t_ms=<ms since JVM start> max_stall_ms=.. stall_ms=<largest stall in the last 250 ms> endpoints=.. window_ms=..
# Sets max_stall (largest stall_ms from the first flood's start until the model is complete + 2 s).
#
# REMOTE (optional) makes the floods stand in for peers on other hosts, for a second figure next to the
# default same-box one (never instead of it):
#   pin   the product (with its Xvfb) on CPU 0, the floods on CPU 1 (taskset)
#   nice  the floods in sessions of their own at nice 10. With the kernel's autogroup scheduling
#         (/proc/sys/kernel/sched_autogroup_enabled) a plain `nice` only weighs a process against its
#         own session, so each flood's autogroup is set to nice 10 too (/proc/PID/autogroup).

# thread_sched PID: one line per thread of PID: "tid run_ns wait_ns nice comm"
thread_sched() {
  local t
  for t in /proc/"$1"/task/[0-9]*; do
    # stat: "tid (comm) state ..."; after the ") " nice is field 17
    awk -v tid="${t##*/}" -v comm="$(cat "$t/comm" 2>/dev/null)" -v stat="$(sed 's/.*) //' "$t/stat" 2>/dev/null)" \
      'BEGIN { split(stat, f, " ") } { print tid, $1, $2, f[17], comm }' "$t/schedstat" 2>/dev/null
  done
}

# thread_cpu_report BEFORE AFTER: the threads that used most CPU between two thread_sched snapshots
thread_cpu_report() {
  awk 'NR == FNR { r[$1] = $2; w[$1] = $3; next }
       { run = ($2 - r[$1]) / 1e6; wait = ($3 - w[$1]) / 1e6; c = $5; for (i = 6; i <= NF; i++) c = c "_" $i
         total += run; printf "%.0f %.0f %s %s\n", run, wait, $4, c } END { printf "%.0f 0 - TOTAL\n", total }' "$1" "$2" \
    | sort -rn | head -n 14 | awk '{ printf "%s(nice %s) cpu_ms=%s wait_ms=%s; ", $4, $3, $1, $2 }'
}

# ui_stall_run DOMAIN [REMOTE]
ui_stall_run() {
  local domain="$1" remote="${2:-}" log="$WORK/ui-stall.$$.log" out="$WORK/ui-product.out" ws="$WORK/ui-workspace"
  local deadline pid jvm_start baseline flood_start i p ready_epoch last_ready=0 complete_t end_t start_t
  local product_pin=() flood_pin=() flood_nice=() flood_pids=()
  case "$remote" in
    "") ;;
    pin) product_pin=(taskset -c 0); flood_pin=(taskset -c 1) ;;
    nice) flood_nice=(setsid nice -n 10) ;;
    *) echo "discovery-scale: unknown --remote-peers mode \"$remote\" (pin or nice)" >&2; return 1 ;;
  esac
  [ -n "$remote" ] && echo "ui: REMOTE-PEERS STAND-IN ($remote): the floods stand in for peers on other hosts" \
    "($( [ "$remote" = pin ] && echo "floods on CPU 1, product + Xvfb on CPU 0" || echo "floods at nice 10, autogroup nice 10")); not the default same-box figure"
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
    bench_start_group "${product_pin[@]}" dbus-run-session -- xvfb-run -a -s "-screen 0 1400x900x24" "$PRODUCT_DIR/ddstuner" >"$out" 2>&1
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

  thread_sched "$pid" >"$WORK/ui-threads-before"
  flood_start="$(now_ms)"
  for i in $(seq 1 "$peers"); do
    p="flood$i"; [ "$mode" = shared ] && p=flood
    "${flood_pin[@]}" "${flood_nice[@]}" "$flood" -n "$per" -t "$topics" -d "$domain" -P "$p" -x $((timeout + 60)) \
      </dev/null >"$WORK/ui-flood-$i.out" 2>&1 &
    BENCH_PIDS+=("$!")
    flood_pids+=("$!")
    # setsid forks when it leads a group already; the autogroup is the session's, so any member will do
    [ "$remote" = nice ] && { sleep 0.05; echo 10 >"/proc/$!/autogroup" 2>/dev/null \
      || echo "ui: could not set the autogroup nice of flood $i" >&2; }
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
  thread_sched "$pid" >"$WORK/ui-threads-after"
  # a line at t covers (t - 250, t]: take those overlapping [start_t, end_t]
  max_stall="$(awk -v s="$start_t" -v e="$end_t" '{
      t = ""; st = ""
      for (i = 1; i <= NF; i++) { split($i, kv, "="); if (kv[1] == "t_ms") t = kv[2]; if (kv[1] == "stall_ms") st = kv[2] }
      if (t != "" && t > s && t - 250 <= e && st > m) m = st } END { print m + 0 }' "$log")"
  if [ -n "${DDSTUNER_BENCH_JFR:-}" ]; then
    local jfr="$DDSTUNER_BENCH_JFR"
    [ -n "$remote" ] && jfr="${jfr%.jfr}-remote-$remote.jfr"
    jcmd "$pid" JFR.dump name=bench filename="$jfr" >/dev/null 2>&1 \
      && echo "ui: JFR recording $jfr (JVM start = t_ms 0)" || echo "ui: JFR dump failed" >&2
  fi
  local ui_heap
  ui_heap="$(bench_heap_used_kb "$pid")"
  echo "ui: flood_start_t_ms=$start_t last_ready_t_ms=$last_ready complete_t_ms=${complete_t:-timeout}" \
       "ui_complete_s=$( [ -n "$complete_t" ] && awk -v c="$complete_t" -v r="$last_ready" 'BEGIN{printf "%.2f", (c - r) / 1000}' || echo timeout)" \
       "max_ui_stall_ms=$max_stall heap_mb_after_gc=$( [ -n "$ui_heap" ] && echo $((ui_heap / 1024)) || echo na)"
  echo "ui: stall log $log; stall_ms per 250 ms in the window:" \
       "$(awk -v s="$start_t" -v e="$end_t" '{ for (i = 1; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
          if (v["t_ms"] > s && v["t_ms"] - 250 <= e) printf "%s ", v["stall_ms"] }' "$log")"
  # the split of each stall over 50 ms (fields the product logs since 2026-11-23 evening; "?" before)
  local flood_cpu=0
  for p in "${flood_pids[@]}"; do
    flood_cpu=$((flood_cpu + $(sed 's/.*) //' "/proc/$p/stat" 2>/dev/null | awk '{ print $12 + $13 }' || echo 0)))
  done
  echo "ui: floods' CPU from their start to complete + 2.5 s: $((flood_cpu * 1000 / $(getconf CLK_TCK))) ms"
  # the tick's gap (stall + its 10 ms) split by the UI thread's schedstat: w = ready but waiting for a
  # CPU, r = running, s = sleeping or blocked (10 of it the timer's own interval)
  echo "ui: quarter-seconds with stall_ms > 50 (t_ms stall(w r s) ctl=control thread's stall):" \
       "$(awk -v s="$start_t" -v e="$end_t" '{ delete v; for (i = 1; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
          if (v["t_ms"] > s && v["t_ms"] - 250 <= e) { n++; if (v["stall_ms"] > 100) over++
            if (v["stall_ms"] > 50) printf "%s %s(w%s r%s s%s) ctl=%s; ", v["t_ms"], v["stall_ms"],
              ("stall_wait_ms" in v) ? v["stall_wait_ms"] : "?", ("stall_run_ms" in v) ? v["stall_run_ms"] : "?",
              ("stall_wait_ms" in v) ? v["stall_ms"] + 10 - v["stall_wait_ms"] - v["stall_run_ms"] : "?",
              ("control_stall_ms" in v) ? v["control_stall_ms"] : "?"
            run += v["ui_run_ms"]; wait += v["ui_wait_ms"] } }
          END { printf "| over_100ms=%d of %d quarter-seconds; UI thread in the window: ran %d ms, waited for a CPU %d ms", over, n, run, wait }' "$log")"
  echo "ui: threads of the product by CPU in the window (flood start .. complete + 2.5 s):" \
       "$(thread_cpu_report "$WORK/ui-threads-before" "$WORK/ui-threads-after")"
  # safepoint lines: [12.345s] Safepoint "G1CollectForAllocation", ... Total: 9364 ns, Threads: ...
  echo "ui: jvm_args_extra=\"${DDSTUNER_BENCH_JVM_ARGS:-}\" jvm pauses in the window (GC log $gclog):" \
       "$(awk -v s="$start_t" -v e="$end_t" '/Safepoint ".*Total: / {
          t = substr($1, 2) * 1000; ns = 0
          if (match($0, /Total: [0-9]+ ns/)) ns = substr($0, RSTART + 7, RLENGTH - 10) + 0
          if (t >= s && t <= e) { n++; sum += ns; if (ns > m) { m = ns; what = $0 } ; if (ns > 10e6) over++ } }
          END { sub(/.*Safepoint "/, "", what); sub(/".*/, "", what)
                printf "safepoints=%d total_ms=%.1f max_ms=%.1f (%s) over_10ms=%d", n, sum / 1e6, m / 1e6, what, over }' \
          "$gclog" 2>/dev/null)"
  # stop this run's product and floods (a following run must not share the CPUs with them)
  kill -TERM -- "-$xvfb_pid" "$pid" "${flood_pids[@]}" 2>/dev/null || true
  deadline=$((SECONDS + 5))
  while [ "$SECONDS" -lt "$deadline" ] && kill -0 "$pid" "${flood_pids[@]}" 2>/dev/null; do sleep 0.1; done
  kill -KILL -- "-$xvfb_pid" "$pid" "${flood_pids[@]}" 2>/dev/null || true
  wait "${flood_pids[@]}" 2>/dev/null || true # reaped here: no "Killed" notices later
  [ -n "$complete_t" ]
}
