# Shared helpers of the bench/*.sh scripts (sourced, not run).
# Every script re-runs itself inside releng/scripts/netns-run.sh, so nothing it starts can reach the
# host network, and kills what it started (by pid) on exit.

BENCH_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO_DIR="$(cd "$BENCH_DIR/.." && pwd)"
JAVA_HOME="${JAVA_HOME_25:-/usr/lib/jvm/temurin-25-jdk-amd64}"
export JAVA_HOME PATH="$JAVA_HOME/bin:$PATH"
PRODUCT_DIR="${DDSTUNER_PRODUCT_DIR:-$REPO_DIR/product/target/products/org.ddstuner.product/linux/gtk/x86_64/ddstuner}"
WORK="${DDSTUNER_BENCH_WORK:-/tmp/ddstuner-bench}"

# pids this script started, and process groups it started with bench_start_group (xvfb-run and its
# Xvfb + product, which xvfb-run does not stop itself when it is killed); killed on exit (TERM, then
# KILL after 5 s)
BENCH_PIDS=()
BENCH_GROUPS=()

bench_cleanup() {
  local pid deadline
  for pid in "${BENCH_PIDS[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  for pid in "${BENCH_GROUPS[@]}"; do kill -TERM -- "-$pid" 2>/dev/null || true; done
  deadline=$((SECONDS + 5))
  for pid in "${BENCH_PIDS[@]}" "${BENCH_GROUPS[@]}"; do
    while kill -0 "$pid" 2>/dev/null && [ "$SECONDS" -lt "$deadline" ]; do sleep 0.1; done
  done
  for pid in "${BENCH_PIDS[@]}"; do kill -KILL "$pid" 2>/dev/null || true; done
  for pid in "${BENCH_GROUPS[@]}"; do kill -KILL -- "-$pid" 2>/dev/null || true; done
}

# Starts COMMAND... in the background in a new process group (its pid = the group id) and records it
# in BENCH_GROUPS; sets BENCH_LAST to the pid. Redirect its output at the call site.
bench_start_group() {
  setsid "$@" &
  BENCH_LAST=$!
  BENCH_GROUPS+=("$BENCH_LAST")
}

# Parses "--NAME VALUE" options into the shell variables NAME (given their defaults before the call) and -h/--help
# into the script's header comment; refuses an unknown option or a missing value (exit 2).
# Usage: bench_options SCRIPT "whole-number names" "other names" "$@"   e.g. bench_options record "rate seconds" "" "$@"
bench_options() {
  local _script="$1" _numeric="$2" _text="$3" _name
  shift 3
  while [ $# -gt 0 ]; do
    case "$1" in
      -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
      --?*)
        _name="${1#--}"
        if [[ " $_numeric $_text " != *" $_name "* ]]; then
          echo "$_script: unknown option \"$1\" (see --help)" >&2; exit 2
        fi
        [ $# -ge 2 ] || { echo "$_script: $1 needs a value" >&2; exit 2; }
        printf -v "$_name" '%s' "$2"
        shift ;;
      *) echo "$_script: unknown option \"$1\" (see --help)" >&2; exit 2 ;;
    esac
    shift
  done
  for _name in $_numeric; do
    [[ "${!_name}" =~ ^[0-9]+$ ]] || { echo "$_script: values must be whole numbers, got \"${!_name}\"" >&2; exit 2; }
  done
}

# Re-executes the calling script inside a private network namespace (loopback only).
bench_enter_netns() {
  if [ "${DDSTUNER_IN_NETNS:-}" != 1 ]; then
    exec "$REPO_DIR/releng/scripts/netns-run.sh" "$@"
  fi
}

bench_require_java() {
  [ -x "$JAVA_HOME/bin/java" ] || { echo "bench: Java 25 not found at $JAVA_HOME (set JAVA_HOME_25)" >&2; exit 1; }
}

# Builds the product if it is missing (the benchmarks measure the built product, not the sources).
bench_require_product() {
  if [ ! -x "$PRODUCT_DIR/ddstuner" ]; then
    echo "bench: product not built yet; building it (takes a few minutes)..." >&2
    (cd "$REPO_DIR" && ./mvnw -B -q verify -DskipTests) >&2
  fi
  [ -x "$PRODUCT_DIR/ddstuner" ] || { echo "bench: no product at $PRODUCT_DIR after the build" >&2; exit 1; }
}

bench_print_env() {
  local cpu libddsc javav
  cpu="$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)"
  libddsc="$(dpkg-query -W -f '${Version}' libddsc0debian 2>/dev/null || echo unknown)"
  javav="$("$JAVA_HOME/bin/java" -version 2>&1 | head -n 1)"
  echo "# date: $(date -u +%Y-%m-%dT%H:%M:%SZ)  host: $(uname -n)  kernel: $(uname -r)"
  echo "# cpu: ${cpu:-unknown}  nproc: $(nproc)  mem: $(free -m | awk '/^Mem:/{print $2}') MB"
  echo "# libddsc: $libddsc  java: $javav"
  echo "# load average at start: $(cut -d" " -f1-3 /proc/loadavg)  cpu busy before start (1 s sample," \
       "incl. other sessions on this host): $(cpu_busy_percent)%"
  echo "# product: $(ls "$PRODUCT_DIR"/plugins/org.ddstuner.ui_*.jar 2>/dev/null | sed 's/.*_//; s/\.jar$//' || echo none)"
}

# median / min / max of numbers on stdin: prints "MEDIAN MIN MAX" (empty input: "na na na")
bench_stats() {
  sort -g | awk '{v[NR]=$1} END {
    if (NR == 0) { print "na na na"; exit }
    m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
    print m, v[1], v[NR] }'
}

# value of KEY in a file of key=value lines (last occurrence), or "na"
bench_value() {
  local v
  v="$(sed -n "s/^$1=//p" "$2" | tail -n 1)"
  echo "${v:-na}"
}

# % of all CPUs busy over one second (user+nice+system+irq+softirq+steal from /proc/stat)
cpu_busy_percent() {
  local a b
  a="$(head -n 1 /proc/stat)"; sleep 1; b="$(head -n 1 /proc/stat)"
  awk -v a="$a" -v b="$b" 'BEGIN { split(a, x); split(b, y)
    busy = (y[2]+y[3]+y[4]+y[7]+y[8]+y[9]) - (x[2]+x[3]+x[4]+x[7]+x[8]+x[9])
    idle = (y[5]+y[6]) - (x[5]+x[6]); printf "%d", busy * 100 / (busy + idle) }'
}

now_ms() { date +%s%3N; }

# ms since the epoch at which process PID started (10 ms resolution: /proc stat start time in ticks)
process_start_epoch_ms() {
  local ticks btime hz
  ticks="$(awk '{print $22}' "/proc/$1/stat")"   # fine: comm of java/bash has no spaces
  btime="$(awk '/^btime/{print $2}' /proc/stat)"
  hz="$(getconf CLK_TCK)"
  echo $((btime * 1000 + ticks * 1000 / hz))
}

# pid of the java process whose command line contains STRING (our unique per-run file name), or empty
java_pid_with_arg() {
  local d
  for d in /proc/[0-9]*; do
    [ "$(cat "$d/comm" 2>/dev/null)" = java ] || continue
    if tr '\0' '\n' < "$d/cmdline" 2>/dev/null | grep -qF -- "$1"; then basename "$d"; return 0; fi
  done
  return 0
}

# Java heap in use after a full GC of process $1, in KB (empty if the JVM did not answer). Understands the
# GC.heap_info of G1 ("committed 28672K, used 2913K"), ZGC ("used 4M,") and Shenandoah ("410M committed,
# 32768K used"; its units vary: K, M or G).
bench_heap_used_kb() {
  jcmd "$1" GC.run >/dev/null 2>&1 || return 0
  jcmd "$1" GC.heap_info 2>/dev/null | awk '
    function kb(v,  n, u) { sub(/,$/, "", v); n = v + 0; u = substr(v, length(v))
      if (u == "M") n *= 1024; else if (u == "G") n *= 1048576; return n }
    { for (i = 1; i <= NF; i++) {
        if ($i == "used" && i < NF && $(i+1) ~ /^[0-9]+[KMG],?$/) { print kb($(i+1)); exit }   # G1, ZGC: "used 2913K"
        if ($i ~ /^used,?$/ && i > 1 && $(i-1) ~ /^[0-9]+[KMG]$/) { print kb($(i-1)); exit }  # Shenandoah: "4096K used"
      } }'
}
