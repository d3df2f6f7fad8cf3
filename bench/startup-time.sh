#!/usr/bin/env bash
# Start-up benchmark: time from running the product's start script (`ddstuner`, as a user would) to
# its first workbench window being shown (mapped, title containing "DDS Tuner") on an Xvfb display.
# Target (issue): <= 2 s on the reference box.
#
# Each run: a fresh Xvfb (xvfb-run), a fresh empty workspace, then the product; the window is detected
# by polling `xwininfo -root -tree` every 10 ms (plus a map-state check of the candidate). The product
# is stopped as soon as the window is seen. Both start modes are measured, interleaved:
#   demo  - the default: autoconnects to the built-in local demo (creates DDS participants; that is why
#           everything runs inside releng/scripts/netns-run.sh)
#   plain - -Dddstuner.autoconnect=false
# The clock starts before the start script, so its Java lookup is included; Xvfb start-up is not.
# Output: per-run lines, per-mode median/min/max, and as the last line (default "demo" mode):
#   start_to_window_ms_median=X min=Y max=Z
#
# Usage: bench/startup-time.sh [--runs N] [--jvm-args "ARGS"]
#   --runs      runs per mode (default 5)
#   --jvm-args  extra JVM options for every run (experiments, e.g. a CDS/AOT cache); default none
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

runs=5 extra=""
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs="$2"; shift ;;
    --jvm-args) extra="$2"; shift ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "startup-time: unknown option \"$1\" (see --help)" >&2; exit 2 ;;
  esac
  shift
done
[[ "$runs" =~ ^[1-9][0-9]*$ ]] || { echo "startup-time: --runs needs a positive whole number" >&2; exit 2; }

bench_enter_netns "$0" --runs "$runs" --jvm-args "$extra"
trap bench_cleanup EXIT
trap 'exit 130' INT TERM

bench_require_java
bench_require_product
command -v xvfb-run >/dev/null && command -v xwininfo >/dev/null || {
  echo "startup-time: needs xvfb-run and xwininfo (apt-get install xvfb x11-utils)" >&2; exit 1; }
mkdir -p "$WORK"
echo "# startup-time: $runs runs per mode, product start script to first window${extra:+, extra JVM args: $extra}"
bench_print_env

# Runs inside xvfb-run: starts the product, prints the ms until its window is viewable (or "timeout").
# Arguments: PRODUCT_SCRIPT WORKSPACE JVM_ARGS LOGFILE
one_start='
  ws="$2"; log="$4"
  start=$(date +%s%N)
  DDSTUNER_WORKSPACE="$ws" DDSTUNER_JVM_ARGS="$3" "$1" >"$log" 2>&1 &
  pid=$!
  trap "kill -TERM $pid 2>/dev/null; sleep 2; kill -KILL $pid 2>/dev/null" EXIT
  result=timeout
  deadline=$((start + 60000000000))
  while [ "$(date +%s%N)" -lt "$deadline" ] && kill -0 "$pid" 2>/dev/null; do
    for id in $(xwininfo -root -tree 2>/dev/null | awk "/\"[^\"]*DDS Tuner[^\"]*\"/ {print \$1}"); do
      if xwininfo -id "$id" 2>/dev/null | grep -q IsViewable; then
        result=$(( ($(date +%s%N) - start) / 1000000 )); break 2
      fi
    done
    sleep 0.01
  done
  echo "$result"'

declare -A times=([demo]="" [plain]="")
for i in $(seq 1 "$runs"); do
  for m in demo plain; do
    args="$extra"; [ "$m" = plain ] && args="$args -Dddstuner.autoconnect=false"
    rm -rf "$WORK/startup-ws"
    bench_start_group timeout --kill-after=10 90 xvfb-run -a -s "-screen 0 1400x900x24" bash -c "$one_start" \
      one-start "$PRODUCT_DIR/ddstuner" "$WORK/startup-ws" "$args" "$WORK/startup-$m-$i.log" >"$WORK/startup-result"
    wait "$BENCH_LAST" || true
    kill -KILL -- "-$BENCH_LAST" 2>/dev/null || true # anything of this run still alive (e.g. a stuck Xvfb)
    ms="$(tail -n 1 "$WORK/startup-result")"
    if ! [[ "$ms" =~ ^[0-9]+$ ]] && [ -f "$WORK/startup-ws/.metadata/.log" ]; then
      # keep the product's error log of a failed start (the workspace is wiped before the next run)
      cp "$WORK/startup-ws/.metadata/.log" "$WORK/startup-$m-$i.error.log"
      echo "# run=$i mode=$m failed; product log: $WORK/startup-$m-$i.error.log"
    fi
    echo "run=$i mode=$m start_to_window_ms=${ms:-failed}"
    [[ "$ms" =~ ^[0-9]+$ ]] && times[$m]+="$ms "
  done
done

for m in demo plain; do
  read -r med min max < <(tr ' ' '\n' <<<"${times[$m]}" | sed '/^$/d' | bench_stats)
  echo "mode=$m start_to_window_ms median=$med min=$min max=$max"
done
read -r med min max < <(tr ' ' '\n' <<<"${times[demo]}" | sed '/^$/d' | bench_stats)
echo "start_to_window_ms_median=$med min=$min max=$max"
