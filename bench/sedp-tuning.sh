#!/usr/bin/env bash
# SEDP tuning experiment: how fast does plain libddsc (no DDS Tuner) discover PEERS x PER endpoints
# on the loopback-only config, and which Cyclone settings change that?
#
# Each run: one C monitor (endpoint_flood -n 1 -r TOTAL) starts, then PEERS floods; the time is from
# the last flood's READY to the monitor's DISCOVERED (the reference half of discovery-scale.sh,
# without Java). Every variant gets RUNS runs, interleaved (variant A run 1, B run 1, A run 2, ...)
# so drift in the load of this shared box hits all variants alike. Also printed per run: the
# namespace's UDP datagrams received and dropped for lack of receive buffer (/proc/net/snmp; the
# namespace is private, so the counters are this run's), and the load average.
#
# A variant is NAME=FLOOD_XML|MONITOR_XML: Cyclone XML fragments appended to bench/peers/loopback.xml
# for the floods and the monitor (Cyclone merges a comma-separated list of configs; fragments may
# leave out <CycloneDDS><Domain>). "-" or empty = nothing appended. Example:
#   bench/sedp-tuning.sh --runs 3 'default=|' \
#     'hb20ms=<Internal><HeartbeatInterval min="5ms" max="20ms">20ms</HeartbeatInterval></Internal>|'
# Last line: one "variant=NAME median_s=X min_s=Y max_s=Z drops_median=N" per variant.
#
# Usage: bench/sedp-tuning.sh [--peers N] [--per N] [--topics N] [--runs N] [--timeout S]
#                             [--pin] VARIANT...
#   --pin: every flood and the monitor on its own CPU modulo nproc (taskset), instead of unpinned.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

peers=4 per=5000 topics=101 runs=3 timeout=60 pin=0
args=("$@")
variants=()
while [ $# -gt 0 ]; do
  case "$1" in
    --peers) peers="$2"; shift ;;
    --per) per="$2"; shift ;;
    --topics) topics="$2"; shift ;;
    --runs) runs="$2"; shift ;;
    --timeout) timeout="$2"; shift ;;
    --pin) pin=1 ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    -*) echo "sedp-tuning: unknown option \"$1\" (see --help)" >&2; exit 2 ;;
    *=*) variants+=("$1") ;;
    *) echo "sedp-tuning: a variant is NAME=FLOOD_XML|MONITOR_XML, got \"$1\"" >&2; exit 2 ;;
  esac
  shift
done
[ "${#variants[@]}" -gt 0 ] || variants=("default=|")
for v in "$peers" "$per" "$topics" "$runs" "$timeout"; do
  [[ "$v" =~ ^[1-9][0-9]*$ ]] || { echo "sedp-tuning: counts must be positive whole numbers, got \"$v\"" >&2; exit 2; }
done
total=$((peers * per))

bench_enter_netns "$0" "${args[@]}"
trap bench_cleanup EXIT
trap 'exit 130' INT TERM

mkdir -p "$WORK/sedp"
flood="$("$BENCH_DIR/peers/build.sh" "$WORK/peers" | tail -n 1)"
base="file://$BENCH_DIR/peers/loopback.xml"
echo "# sedp-tuning: $peers floods x $per endpoints = $total, $topics topics each, monitor = endpoint_flood -n 1 -r $total, pin=$pin"
bench_print_env

udp_counters() { awk '/^Udp:/ && $2 ~ /^[0-9]+$/ {print $2, $6}' /proc/net/snmp; }

config_of() { # config_of FRAGMENT -> -c argument
  if [ -z "$1" ] || [ "$1" = - ]; then echo "$base"; else echo "$base,$1"; fi
}

# one_run NAME FLOOD_XML MONITOR_XML DOMAIN -> prints "complete_s drops datagrams" or "timeout ..."
one_run() {
  local name="$1" fcfg mcfg dom="$4" out="$WORK/sedp/run" i cpu=0 ncpu
  ncpu="$(nproc)"
  fcfg="$(config_of "$2")"; mcfg="$(config_of "$3")"
  rm -f "$out".*
  local -a pids=()
  local pinned=()
  read -r in0 drop0 < <(udp_counters)
  [ "$pin" = 1 ] && pinned=(taskset -c $((cpu % ncpu)))
  "${pinned[@]}" "$flood" -n 1 -t 1 -d "$dom" -P monitor -c "$mcfg" -r "$total" -x $((timeout + 30)) \
    > >(while IFS= read -r l; do echo "$(date +%s%N) $l"; done > "$out.monitor") 2>"$out.err.monitor" &
  pids+=($!); BENCH_PIDS+=($!)
  # the monitor exists before the floods start (as in discovery-scale.sh's reference run)
  local deadline=$((SECONDS + 20))
  until grep -q READY "$out.monitor" 2>/dev/null; do
    if [ "$SECONDS" -ge "$deadline" ] || ! kill -0 "${pids[0]}" 2>/dev/null; then
      grep -h . "$out".err.monitor | head -n 3 >&2 || true
      echo "timeout 0 0 na na na"; return
    fi
    sleep 0.05
  done
  local t_start
  t_start="$(date +%s%N)"
  for i in $(seq 1 "$peers"); do
    cpu=$((cpu + 1)); [ "$pin" = 1 ] && pinned=(taskset -c $((cpu % ncpu)))
    "${pinned[@]}" "$flood" -n "$per" -t "$topics" -d "$dom" -P "flood$i" -c "$fcfg" -x $((timeout + 30)) \
      > >(while IFS= read -r l; do echo "$(date +%s%N) $l"; done > "$out.flood$i") 2>"$out.err.flood$i" &
    pids+=($!); BENCH_PIDS+=($!)
  done
  deadline=$((SECONDS + timeout))
  until grep -q 'DISCOVERED\|NOT_DISCOVERED' "$out.monitor" 2>/dev/null; do
    [ "$SECONDS" -lt "$deadline" ] || break
    sleep 0.05
  done
  read -r in1 drop1 < <(udp_counters)
  # CPU the monitor and the floods used from their start until now (utime + stime, clock ticks)
  local cpu_all=0 cpu_mon=0 p t hz
  hz="$(getconf CLK_TCK)"
  for p in "${pids[@]}"; do
    t="$(awk '{print $14 + $15}' "/proc/$p/stat" 2>/dev/null || echo 0)"
    cpu_all=$((cpu_all + t)); [ "$p" = "${pids[0]}" ] && cpu_mon=$t
  done
  kill -TERM "${pids[@]}" 2>/dev/null || true
  wait "${pids[@]}" 2>/dev/null || true
  local last_ready disc
  last_ready="$(cat "$out".flood[0-9]* 2>/dev/null | awk '$2 == "READY" {print $1}' | sort -n | tail -n 1)"
  disc="$(awk '$2 == "DISCOVERED" {print $1}' "$out.monitor")"
  if [ -z "$disc" ] || [ -z "$last_ready" ] || [ "$(grep -l READY "$out".flood[0-9]* | wc -l)" != "$peers" ]; then
    echo "timeout $((drop1 - drop0)) $((in1 - in0)) na na na"
    grep -h . "$out".err.* | grep -v 'deleted everything' | head -n 3 >&2 || true
    return
  fi
  awk -v a="$last_ready" -v b="$disc" -v d=$((drop1 - drop0)) -v n=$((in1 - in0)) -v s="$t_start" \
      -v c="$cpu_all" -v m="$cpu_mon" -v hz="$hz" \
    'BEGIN { printf "%.3f %d %d %.2f %.2f %.2f\n", (b - a) / 1e9, d, n, c / hz, m / hz, (b - s) / 1e9 }'
}

declare -A results drops cpus
dom=100
for r in $(seq 1 "$runs"); do
  for v in "${variants[@]}"; do
    name="${v%%=*}"; rest="${v#*=}"
    fx="${rest%%|*}"; mx=""; [[ "$rest" == *"|"* ]] && mx="${rest#*|}"
    load="$(cut -d' ' -f1 /proc/loadavg)"
    read -r cs dr dg cpu cpum wall < <(one_run "$name" "$fx" "$mx" "$dom")
    echo "run=$r variant=$name complete_s=$cs from_start_s=$wall cpu_s=$cpu monitor_cpu_s=$cpum" \
         "udp_rcvbuf_drops=$dr udp_datagrams=$dg load_before=$load"
    results[$name]+="$cs "; drops[$name]+="$dr "; cpus[$name]+="$cpu "
    dom=$((dom == 109 ? 100 : dom + 1))
  done
done
for v in "${variants[@]}"; do
  name="${v%%=*}"
  read -r med mn mx < <(printf '%s\n' ${results[$name]} | grep -v timeout | bench_stats)
  read -r dmed _ _ < <(printf '%s\n' ${drops[$name]} | bench_stats)
  read -r cmed _ _ < <(printf '%s\n' ${cpus[$name]} | grep -v na | bench_stats)
  echo "variant=$name median_s=$med min_s=$mn max_s=$mx cpu_s_median=$cmed drops_median=$dmed timeouts=$(printf '%s\n' ${results[$name]} | grep -c timeout || true)"
done
