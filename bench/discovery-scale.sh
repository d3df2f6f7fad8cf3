#!/usr/bin/env bash
# Discovery-scale benchmark: how DDS Tuner copes when peers with 20,000 endpoints appear at once.
#
# Setup: everything runs in one private network namespace (releng/scripts/netns-run.sh) on the
# loopback-only Cyclone config. Load = PEERS endpoint_flood processes (bench/peers) with PER endpoints
# each (half readers, half writers, reliable), spread over TOPICS topics per peer.
#   Default split: 4 peers x 5,000 endpoints, 101 topics each, distinct topic names per peer.
#   Why 101: endpoint_flood assigns endpoint i to topic i % TOPICS and alternates writer/reader, so an
#   even TOPICS gives topics with only writers or only readers (no matches at all). With an odd count
#   each topic has ~25 readers and ~25 writers of one peer: ~250,000 reader/writer pairs for the model.
#   Try --peers 2 --per 10000 for the other split (fewer processes competing for the 2 cores here).
#
# Measures
#  1. headless (RUNS times, default 3): bench/java/DiscoveryScaleProbe opens a loopback connection with
#     ConnectionManager, starts the floods, and reports the time from the last flood's READY (all its
#     endpoints exist) until the model's endpoint count reaches the total (complete_s), and the used heap
#     after a full GC at that moment (heap_mb). --reference also runs the same load with a plain C
#     monitor (endpoint_flood -n 1 -r TOTAL): libddsc's own discovery time, the floor for any tool.
#  2. UI (once): the desktop product under Xvfb with -Dddstuner.autoconnect=loopback:DOMAIN and
#     -Dddstuner.stallLog=FILE; the floods start once its window is up; max_ui_stall_ms is the largest
#     UI-thread stall the product logs from the first flood's start until the model is complete + 2 s.
#
# Targets (issue): complete_s <= 3, max_ui_stall_ms <= 100, heap_mb <= 512.
# Output: key=value lines and comments; the last line is exactly
#   endpoints=N complete_s=X max_ui_stall_ms=Y heap_mb=Z
# (complete_s and heap_mb: median of the headless runs; spread is printed above it).
#
# --tuned-system: after the headless runs on the default system, the same runs again with the floods
#   (and the C monitor) on a tuned Cyclone config: loopback.xml + Internal/DeliveryQueueMaxSamples 4096
#   (their SEDP samples are no longer dropped at a full 256-sample delivery queue; bench/results/2026-11-23-sedp-at-scale.md).
#   That measures a tuned *system*, which a user's applications may not be: printed separately as
#   "tuned system ...", the last line stays the default system's.
#
# --remote-peers pin|nice: after the default UI run, a second UI run in which the floods stand in for
#   peers on OTHER hosts, as in a real deployment: "pin" puts the floods on CPU 1 and the product (with
#   its Xvfb) on CPU 0 (taskset), "nice" runs the floods at nice 10 (and autogroup nice 10). Printed as
#   "remote-peers stand-in ..."; the last line stays the default same-box figure.
#
# Usage: bench/discovery-scale.sh [--peers N] [--per N] [--topics N] [--shared] [--runs N]
#                                 [--timeout S] [--reference] [--tuned-system] [--headless-only] [--ui-only]
#                                 [--remote-peers pin|nice]
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

peers=4 per=5000 topics=101 mode=distinct runs=3 timeout=120 reference=0 tuned=0 do_headless=1 do_ui=1 remote=""
while [ $# -gt 0 ]; do
  case "$1" in
    --peers) peers="$2"; shift ;;
    --per) per="$2"; shift ;;
    --topics) topics="$2"; shift ;;
    --shared) mode=shared ;;
    --runs) runs="$2"; shift ;;
    --timeout) timeout="$2"; shift ;;
    --reference) reference=1 ;;
    --tuned-system) tuned=1 ;;
    --headless-only) do_ui=0 ;;
    --ui-only) do_headless=0 ;;
    --remote-peers) remote="$2"; shift
      [[ "$remote" =~ ^(pin|nice)$ ]] || { echo "discovery-scale: --remote-peers takes pin or nice" >&2; exit 2; } ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "discovery-scale: unknown option \"$1\" (see --help)" >&2; exit 2 ;;
  esac
  shift
done
for v in "$peers" "$per" "$topics" "$runs" "$timeout"; do
  [[ "$v" =~ ^[1-9][0-9]*$ ]] || { echo "discovery-scale: counts must be positive whole numbers, got \"$v\"" >&2; exit 2; }
done
total=$((peers * per))

bench_enter_netns "$0" --peers "$peers" --per "$per" --topics "$topics" --runs "$runs" --timeout "$timeout" \
  $([ "$mode" = shared ] && echo --shared) $([ "$reference" = 1 ] && echo --reference) \
  $([ "$tuned" = 1 ] && echo --tuned-system) \
  $([ "$do_ui" = 0 ] && echo --headless-only) $([ "$do_headless" = 0 ] && echo --ui-only) \
  $([ -n "$remote" ] && echo --remote-peers "$remote")
trap bench_cleanup EXIT
trap 'exit 130' INT TERM

bench_require_java
bench_require_product
mkdir -p "$WORK"
flood="$("$BENCH_DIR/peers/build.sh" "$WORK/peers" | tail -n 1)"
cp_jars="$(ls "$PRODUCT_DIR"/plugins/org.ddstuner.{dds,system,connection,demo}_*.jar | paste -sd:)"
rm -rf "$WORK/java" && mkdir -p "$WORK/java"
rm -f "$WORK"/headless-*.out* "$WORK"/reference-*.out* "$WORK"/tuned-*.out*
# only the probe and its reference runner: other programs in java/ belong to other benchmarks
javac -d "$WORK/java" -cp "$cp_jars" "$BENCH_DIR"/java/DiscoveryScaleProbe.java "$BENCH_DIR"/java/CMonitorRun.java

echo "# discovery-scale: $peers peers x $per endpoints = $total, $topics topics per peer ($mode topic names)"
bench_print_env

probe() { # probe OUTFILE MONITOR DOMAIN
  timeout --kill-after=10 $((timeout + 60)) java --enable-native-access=ALL-UNNAMED -cp "$WORK/java:$cp_jars" \
    DiscoveryScaleProbe "$flood" "$peers" "$per" "$topics" "$3" "$timeout" "$mode" "$2" >"$1" 2>"$1.err" &
  local pid=$!
  BENCH_PIDS+=("$pid")
  wait "$pid" || { echo "# run failed ($2): $(grep -v '^flood\|^endpoint_flood' "$1.err" | tail -n 3)" >&2; }
}

complete_med=na heap_med=na
if [ "$do_headless" = 1 ]; then
  for i in $(seq 1 "$runs"); do
    probe "$WORK/headless-$i.out" ddstuner 42
    echo "run=$i monitor=ddstuner complete_s=$(bench_value complete_s "$WORK/headless-$i.out")" \
         "from_flood_start_s=$(bench_value complete_from_flood_start_s "$WORK/headless-$i.out")" \
         "heap_mb=$(bench_value heap_mb "$WORK/headless-$i.out") jvm_cpu_s=$(bench_value jvm_cpu_s "$WORK/headless-$i.out")" \
         "matches=$(bench_value snapshot_matches "$WORK/headless-$i.out") snapshot_ms=$(bench_value snapshot_ms "$WORK/headless-$i.out")" \
         "max_lock_wait_ms=$(bench_value max_count_poll_ms "$WORK/headless-$i.out")"
  done
  read -r complete_med cmin cmax < <(cat "$WORK"/headless-*.out | sed -n 's/^complete_s=\([0-9.]*\)$/\1/p' | bench_stats)
  read -r heap_med hmin hmax < <(cat "$WORK"/headless-*.out | sed -n 's/^heap_mb=\([0-9.]*\)$/\1/p' | bench_stats)
  echo "headless complete_s median=$complete_med min=$cmin max=$cmax  heap_mb median=$heap_med min=$hmin max=$hmax"
  if [ "$reference" = 1 ]; then
    for i in $(seq 1 "$runs"); do
      probe "$WORK/reference-$i.out" c 44
      echo "run=$i monitor=c complete_s=$(bench_value complete_s "$WORK/reference-$i.out")" \
           "from_flood_start_s=$(bench_value complete_from_flood_start_s "$WORK/reference-$i.out")"
    done
    read -r rmed rmin rmax < <(cat "$WORK"/reference-*.out | sed -n 's/^complete_s=\([0-9.]*\)$/\1/p' | bench_stats)
    echo "reference (C monitor) complete_s median=$rmed min=$rmin max=$rmax"
  fi
  if [ "$tuned" = 1 ]; then
    # endpoint_flood reads CYCLONEDDS_URI when it gets no -c: the floods and the C monitor, not DDS Tuner
    export CYCLONEDDS_URI="file://$BENCH_DIR/peers/loopback.xml,<Internal><DeliveryQueueMaxSamples>4096</DeliveryQueueMaxSamples></Internal>"
    echo "# tuned system: floods (and C monitor) on CYCLONEDDS_URI=$CYCLONEDDS_URI"
    for i in $(seq 1 "$runs"); do
      probe "$WORK/tuned-$i.out" ddstuner 45
      echo "run=$i monitor=ddstuner system=tuned complete_s=$(bench_value complete_s "$WORK/tuned-$i.out")" \
           "from_flood_start_s=$(bench_value complete_from_flood_start_s "$WORK/tuned-$i.out")" \
           "jvm_cpu_s=$(bench_value jvm_cpu_s "$WORK/tuned-$i.out")"
      if [ "$reference" = 1 ]; then
        probe "$WORK/tuned-c-$i.out" c 46
        echo "run=$i monitor=c system=tuned complete_s=$(bench_value complete_s "$WORK/tuned-c-$i.out")"
      fi
    done
    read -r tmed tmin tmax < <(cat "$WORK"/tuned-[0-9]*.out | sed -n 's/^complete_s=\([0-9.]*\)$/\1/p' | bench_stats)
    echo "tuned system: DDS Tuner complete_s median=$tmed min=$tmin max=$tmax"
    if [ "$reference" = 1 ]; then
      read -r tmed tmin tmax < <(cat "$WORK"/tuned-c-*.out | sed -n 's/^complete_s=\([0-9.]*\)$/\1/p' | bench_stats)
      echo "tuned system: reference (C monitor) complete_s median=$tmed min=$tmin max=$tmax"
    fi
    unset CYCLONEDDS_URI
  fi
fi

max_stall=na
if [ "$do_ui" = 1 ]; then
  source "$BENCH_DIR/ui-stall.sh"
  ui_stall_run 43 || exit 1
  if [ -n "$remote" ]; then
    same_box_stall="$max_stall"
    sleep 3 # let the first run's processes go
    ui_stall_run 47 "$remote" || exit 1
    echo "remote-peers stand-in ($remote: floods play peers on other hosts) max_ui_stall_ms=$max_stall" \
         "(same-box default above: $same_box_stall)"
    max_stall="$same_box_stall"
  fi
fi

echo "endpoints=$total complete_s=$complete_med max_ui_stall_ms=$max_stall heap_mb=$heap_med"
