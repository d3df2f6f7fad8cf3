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
# Usage: bench/startup-time.sh [--runs N] [--jvm-args "ARGS"] [--compare DIR] [--compare-jvm-args "ARGS"]
#                              [--compare-java JAVA]
#   --runs      runs per mode (default 5)
#   --jvm-args  extra JVM options for every run (experiments, e.g. a CDS/AOT cache); default none
#   --compare DIR            also measure the product in DIR (variant B), interleaved with this one (A)
#   --compare-jvm-args ARGS  variant B uses these JVM options instead of --jvm-args (alone: same product)
#   --compare-java JAVA      variant B runs on this java (DDSTUNER_JAVA), e.g. the JDK's, while A runs on
#                            the start script's choice: the product's own runtime (jre/) when it has one
# Every run also reports cpu_ms: CPU time (user + system, all threads) the product had used when its
# window appeared; on a busy box it moves far less than the wall-clock time, so compare variants by both.
# app_cpu_ms: the same without the JIT compiler and GC threads (the start-up's own work; least noisy).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

runs=5 extra="" cmp_dir="" cmp_args="" cmp_java=""
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs="$2"; shift ;;
    --jvm-args) extra="$2"; shift ;;
    --compare) cmp_dir="$(cd "$2" && pwd)"; shift ;;
    --compare-jvm-args) cmp_args="$2"; shift ;;
    --compare-java) cmp_java="$2"; shift ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "startup-time: unknown option \"$1\" (see --help)" >&2; exit 2 ;;
  esac
  shift
done
[[ "$runs" =~ ^[1-9][0-9]*$ ]] || { echo "startup-time: --runs needs a positive whole number" >&2; exit 2; }

bench_enter_netns "$0" --runs "$runs" --jvm-args "$extra" ${cmp_dir:+--compare "$cmp_dir"} \
  ${cmp_args:+--compare-jvm-args "$cmp_args"} ${cmp_java:+--compare-java "$cmp_java"}
trap bench_cleanup EXIT
trap 'exit 130' INT TERM

bench_require_java
bench_require_product
command -v xvfb-run >/dev/null && command -v xwininfo >/dev/null || {
  echo "startup-time: needs xvfb-run and xwininfo (apt-get install xvfb x11-utils)" >&2; exit 1; }
mkdir -p "$WORK"
echo "# startup-time: $runs runs per mode, product start script to first window${extra:+, extra JVM args: $extra}"
[ -n "$cmp_dir$cmp_args$cmp_java" ] && echo "# variant B: ${cmp_dir:-same product}${cmp_args:+, JVM args: $cmp_args}${cmp_java:+, Java: $cmp_java}"
# which java variant A's start script picks (the product's own runtime first: jre/)
if [ -x "$PRODUCT_DIR/jre/bin/java" ]; then echo "# variant A java: $PRODUCT_DIR/jre ($(du -sm "$PRODUCT_DIR/jre" | cut -f1) MB)"; fi
bench_print_env

# Runs inside xvfb-run: starts the product, prints the ms until its workbench window is viewable (or
# "timeout"), the CPU ms it had used then, the ms until its splash window was viewable ("na" if none was
# seen), and how long after the workbench window the splash was still viewable ("open" if still after 3 s).
# The splash is the JVM's own (-splash:, start script): an unnamed top-level window titled "Java" (the
# JDK's splash code names it so) of exactly splash.png's size; the workbench window has "DDS Tuner" in
# its title. Arguments: PRODUCT_SCRIPT WORKSPACE JVM_ARGS LOGFILE EXIT_WAIT_S (how long the product may
# take to exit after TERM before it is killed; the warm-up start writes its class data archive then)
# SPLASH_SIZE (WxH of splash.png, or "none") JAVA (DDSTUNER_JAVA; empty: the start script chooses)
# CACHE (XDG_CACHE_HOME: where the start script keeps its CDS archive; empty: the usual one)
one_start='
  ws="$2"; log="$4"; splash_size="${6:-none}"
  start=$(date +%s%N)
  DDSTUNER_JAVA="${7:-}" XDG_CACHE_HOME="${8:-${XDG_CACHE_HOME:-$HOME/.cache}}" DDSTUNER_WORKSPACE="$ws" DDSTUNER_JVM_ARGS="$3" "$1" >"$log" 2>&1 &
  pid=$!
  trap "kill -TERM $pid 2>/dev/null; for i in \$(seq $((${5:-2} * 10))); do kill -0 $pid 2>/dev/null || break; sleep 0.1; done; kill -KILL $pid 2>/dev/null" EXIT
  # prints the ids of viewable windows whose name matches the awk pattern $1
  viewable() {
    local id
    for id in $(awk "$1 {print \$1}" <<<"$tree"); do
      xwininfo -id "$id" 2>/dev/null | grep -q IsViewable && echo "$id"
    done
    return 0
  }
  splash_pat="/ \"Java\": \\(.*\\) +${splash_size}\\+/"
  result=timeout splash=na splash_gone=na
  deadline=$((start + 60000000000))
  while [ "$(date +%s%N)" -lt "$deadline" ] && kill -0 "$pid" 2>/dev/null; do
    tree="$(xwininfo -root -tree 2>/dev/null)"
    if [ "$splash" = na ] && [ "$splash_size" != none ] && [ -n "$(viewable "$splash_pat")" ]; then
      splash=$(( ($(date +%s%N) - start) / 1000000 ))
    fi
    if [ -n "$(viewable "/\"[^\"]*DDS Tuner[^\"]*\"/")" ]; then
      result=$(( ($(date +%s%N) - start) / 1000000 ))
      # CPU the product used until then (all its threads, user + system), load-independent-ish
      cpu=$(awk -v hz="$(getconf CLK_TCK)" "{print int((\$14 + \$15) * 1000 / hz)}" /proc/$pid/stat 2>/dev/null || echo na)
      # the same for the threads that run the start-up itself: all but the JIT compiler and GC threads,
      # which on a busy box take whatever CPU they get (comm may hold spaces: fields after the last ")")
      app=0
      for t in /proc/$pid/task/*; do
        read -r c <"$t/comm" 2>/dev/null || continue
        case "$c" in *Compiler*|*GC*|Shenandoah*|"VM Thread") continue ;; esac
        read -r st <"$t/stat" 2>/dev/null || continue
        read -ra f <<<"${st##*) }"
        app=$((app + f[11] + f[12]))
      done
      app=$((app * 1000 / $(getconf CLK_TCK)))
      result="$result $cpu $app"
      break
    fi
    sleep 0.01
  done
  # the splash must be gone once the workbench window is up (the application closes it)
  if [ "$result" != timeout ] && [ "$splash_size" != none ]; then
    t0=$(date +%s%N) splash_gone=open
    while [ $(( ($(date +%s%N) - t0) / 1000000 )) -lt 3000 ]; do
      tree="$(xwininfo -root -tree 2>/dev/null)"
      if [ -z "$(viewable "$splash_pat")" ]; then splash_gone=$(( ($(date +%s%N) - t0) / 1000000 )); break; fi
      sleep 0.01
    done
  elif [ "$result" = timeout ]; then
    result="timeout na na" # no cpu figure
  fi
  echo "$result $splash $splash_gone"'

# WxH of product DIR's splash.png (from the PNG header), or "none" when it has none
splash_size() {
  local f="$1/splash.png" w h
  [ -r "$f" ] || { echo none; return; }
  read -r w h < <(od -An -tu4 --endian=big -j16 -N8 "$f")
  echo "${w}x${h}"
}

# One start of product DIR with JVM options ARGS; sets ms and cpu (empty if no window). Args: DIR ARGS
# LOG_TAG EXIT_WAIT_S [JAVA [CACHE]]
start_once() {
  rm -rf "$WORK/startup-ws"
  bench_start_group timeout --kill-after=10 150 dbus-run-session -- xvfb-run -a -s "-screen 0 1400x900x24" bash -c "$one_start" \
    one-start "$1/ddstuner" "$WORK/startup-ws" "$2" "$WORK/startup-$3.log" "$4" "$(splash_size "$1")" "${5:-}" "${6:-}" >"$WORK/startup-result"
  wait "$BENCH_LAST" || true
  kill -KILL -- "-$BENCH_LAST" 2>/dev/null || true # anything of this run still alive (e.g. a stuck Xvfb)
  ms="" cpu="" appcpu="" splash="" splash_gone=""
  read -r ms cpu appcpu splash splash_gone < <(tail -n 1 "$WORK/startup-result"; echo) || true
  if ! [[ "$ms" =~ ^[0-9]+$ ]] && [ -f "$WORK/startup-ws/.metadata/.log" ]; then
    # keep the product's error log of a failed start (the workspace is wiped before the next run)
    cp "$WORK/startup-ws/.metadata/.log" "$WORK/startup-$3.error.log"
    echo "# $3 failed; product log: $WORK/startup-$3.error.log"
  fi
}

# Variants: A = the product under test; B (only with --compare/--compare-jvm-args) = another product
# directory and/or other JVM options, run interleaved with A (A,B,A,B...) so both see the same load.
variants=(A); [ -n "$cmp_dir$cmp_args$cmp_java" ] && variants+=(B)
variant_dir() { if [ "$1" = B ]; then echo "${cmp_dir:-$PRODUCT_DIR}"; else echo "$PRODUCT_DIR"; fi; }
variant_args() { if [ "$1" = B ]; then echo "${cmp_args:-$extra}"; else echo "$extra"; fi; }
variant_java() { if [ "$1" = B ]; then echo "$cmp_java"; fi; }

# One warm-up start per variant, reported as first_start but not in the medians: a freshly built
# product's first start also fills its OSGi configuration area (framework cache, extracted icons) and
# records the classes for the start script's class data sharing archive, which a background job then
# builds: wait for that (up to 5 min) so the runs below neither compete with it nor miss the archive.
# With --compare-java each variant keeps its archive in a cache folder of its own: the start script keeps one
# archive per install folder (a new JDK's replaces the old one's), so two Javas on one product would
# otherwise delete each other's archive and re-record at every other start.
variant_cache() { if [ -n "$cmp_java" ]; then echo "$WORK/cache-$1"; fi; }
for v in "${variants[@]}"; do
  start_once "$(variant_dir "$v")" "$(variant_args "$v")" "$v-first" 10 "$(variant_java "$v")" "$(variant_cache "$v")"
  cds_dir="$(variant_cache "$v")"; cds_dir="${cds_dir:-${XDG_CACHE_HOME:-$HOME/.cache}}/ddstuner/cds"
  echo "first_start variant=$v start_to_window_ms=${ms:-failed} cpu_ms=${cpu:-na} start_to_splash_ms=${splash:-na} (not in the medians)"
  waited=0
  while compgen -G "$cds_dir/desktop-*.lock" >/dev/null && [ "$waited" -lt 300 ]; do sleep 1; waited=$((waited + 1)); done
  [ "$waited" -gt 0 ] && echo "# waited ${waited} s for the start script's CDS archive build ($cds_dir)"
done

declare -A times=() cpus=() appcpus=() splashes=()
for i in $(seq 1 "$runs"); do
  for m in demo plain; do
    for v in "${variants[@]}"; do
      args="$(variant_args "$v")"
      [ "$m" = plain ] && args="$args -Dddstuner.autoconnect=false"
      busy="$(cpu_busy_percent)"
      start_once "$(variant_dir "$v")" "$args" "$v-$m-$i" 2 "$(variant_java "$v")" "$(variant_cache "$v")"
      tag="run=$i mode=$m"; [ "${#variants[@]}" -gt 1 ] && tag="$tag variant=$v"
      echo "$tag start_to_window_ms=${ms:-failed} cpu_ms=${cpu:-na} app_cpu_ms=${appcpu:-na}" \
        "start_to_splash_ms=${splash:-na} splash_gone_after_window_ms=${splash_gone:-na} busy_before=$busy%"
      [[ "$ms" =~ ^[0-9]+$ ]] && times[$v-$m]+="$ms "
      [[ "${cpu:-}" =~ ^[0-9]+$ ]] && cpus[$v-$m]+="$cpu "
      [[ "${appcpu:-}" =~ ^[0-9]+$ ]] && appcpus[$v-$m]+="$appcpu "
      [[ "${splash:-}" =~ ^[0-9]+$ ]] && splashes[$v-$m]+="$splash "
    done
  done
done

for v in "${variants[@]}"; do
  for m in demo plain; do
    read -r med min max < <(tr ' ' '\n' <<<"${times[$v-$m]:-}" | sed '/^$/d' | bench_stats)
    read -r cmed cmin cmax < <(tr ' ' '\n' <<<"${cpus[$v-$m]:-}" | sed '/^$/d' | bench_stats)
    read -r amed amin amax < <(tr ' ' '\n' <<<"${appcpus[$v-$m]:-}" | sed '/^$/d' | bench_stats)
    tag="mode=$m"; [ "${#variants[@]}" -gt 1 ] && tag="variant=$v $tag"
    read -r smed smin smax < <(tr ' ' '\n' <<<"${splashes[$v-$m]:-}" | sed '/^$/d' | bench_stats)
    echo "$tag start_to_window_ms median=$med min=$min max=$max cpu_ms median=$cmed min=$cmin max=$cmax" \
      "app_cpu_ms median=$amed min=$amin max=$amax start_to_splash_ms median=$smed min=$smin max=$smax"
  done
done
# the splash is feedback only: the start-up target stays the workbench window (last line)
read -r med min max < <(tr ' ' '\n' <<<"${splashes[A-demo]:-}" | sed '/^$/d' | bench_stats)
echo "start_to_splash_ms_median=$med min=$min max=$max"
read -r med min max < <(tr ' ' '\n' <<<"${times[A-demo]:-}" | sed '/^$/d' | bench_stats)
echo "start_to_window_ms_median=$med min=$min max=$max"
