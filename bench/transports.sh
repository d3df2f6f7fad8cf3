#!/usr/bin/env bash
# UDP loopback, TCP and shared memory (Cyclone 0.10 + Iceoryx) between two Pother agent processes of the built
# product, per sample size: round-trip time (p50, p99) and throughput, and the ratios shm/udp and tcp/udp per size.
# The experiment of the OIS slides and the REDHAWK chapter ("alternate IPC 2-4.6x faster than loopback"), measured.
#
# Per transport: two agents (`ddstuner pother --app-id 1|2`, both pinned to CPU $POTHER_CPU like the other pother
# benches), driven by bench/java/PotherAgentDriver.java on another CPU over the command topics (the same path as the
# Benchmarks view). The controller always joins over UDP (shared memory: only the agents have it, as the desktop's
# local agents). Shared memory needs a RouDi: the one running is reused, else one is started with the product's
# memory pools and stopped at the end (the product's code: PotherBench roudi uses org.ddstuner.pother.runs.Roudi).
# Round trips: ddsperf's ping/pong QoS (reliable, keep last 1), flat out. Throughput: reliable, KEEP LAST 16 for
# every transport (shared memory needs keep-last; keep-all would silently go over UDP), transmitter flat out; the
# receiver's samples/s (samples a keep-last writer overwrote before they left count as lost, not as throughput).
# The first POTHER_WARMUP periods (1 s each) of every run are dropped; values are medians over the rest.
#
# Usage: bench/transports.sh [SECONDS]  (default 6 measured seconds per run)
#   TRANSPORT_SIZES="64 1024 ..."  sizes in bytes (default 64 256 1024 4096 16384 65536)
#   POTHER_CPU=N                   the CPU both agents run on (default 1)
#   POTHER_WARMUP=W                periods dropped per run (default 2)
#   TRANSPORTS="udp tcp shm agent" what to run (default udp tcp shm); "agent" is UDP with the C tuning agent preloaded
#                                  into both agent processes (LD_PRELOAD, as the desktop's Benchmarks start them): its
#                                  cost, as ratios agent/udp
# Output: a table per size, then lines "size=S shm_udp_rtt_ratio=… shm_udp_tput_ratio=… tcp_udp_rtt_ratio=…"
# (RTT ratio < 1: shared memory is faster; throughput ratio > 1: shared memory carries more).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
bench_enter_netns "$0" "$@"
trap bench_cleanup EXIT
bench_require_java
bench_require_product

SECS="${1:-6}"
WARM="${POTHER_WARMUP:-2}"
CPU="${POTHER_CPU:-1}"
SIZES="${TRANSPORT_SIZES:-64 256 1024 4096 16384 65536}"
RUNS="${TRANSPORTS:-udp tcp shm}"
for t in $RUNS; do
  case "$t" in udp|tcp|shm|agent) ;; *) echo "transports: TRANSPORTS takes udp tcp shm agent, not \"$t\"" >&2; exit 2 ;; esac
done
AGENT_LIB="$PRODUCT_DIR/agent/libddstuner_agent.so"
if [[ " $RUNS " == *" agent "* ]] && [ ! -f "$AGENT_LIB" ]; then
  echo "transports: $AGENT_LIB not found (build the product)" >&2; exit 1
fi
DEPTH=16
OUT="$WORK/transports"
rm -rf "$OUT"; mkdir -p "$OUT"
command -v iox-roudi >/dev/null || { echo "transports: iox-roudi not found (apt install iceoryx)" >&2; exit 1; }

CLS="$OUT/classes"; mkdir -p "$CLS"
CP="$CLS"
for b in dds system pother; do CP="$CP:$(ls "$PRODUCT_DIR"/plugins/org.ddstuner.${b}_*.jar | head -n 1)"; done
javac -nowarn -d "$CLS" -cp "$CP" "$BENCH_DIR/java/PotherBench.java" "$BENCH_DIR/java/PotherAgentDriver.java"
# the product's own loopback-only configurations per transport (org.ddstuner.pother.runs.Transports): shared memory
# adds Cyclone 0.10's SharedMemory element; over TCP every process listens on its own loopback port and lists all three
"$JAVA_HOME/bin/java" -cp "$CP" PotherBench config udp > "$OUT/udp.xml"
"$JAVA_HOME/bin/java" -cp "$CP" PotherBench config shm > "$OUT/shm.xml"
TCP_PORTS=(17411 17412 17413)
"$JAVA_HOME/bin/java" -cp "$CP" PotherBench config tcp "${TCP_PORTS[0]}" "${TCP_PORTS[@]}" > "$OUT/tcp-ctl.xml"
"$JAVA_HOME/bin/java" -cp "$CP" PotherBench config tcp "${TCP_PORTS[1]}" "${TCP_PORTS[@]}" > "$OUT/tcp-1.xml"
"$JAVA_HOME/bin/java" -cp "$CP" PotherBench config tcp "${TCP_PORTS[2]}" "${TCP_PORTS[@]}" > "$OUT/tcp-2.xml"

CTL_CPU=""
for c in $(seq 0 $(($(nproc) - 1))); do [ "$c" != "$CPU" ] && { CTL_CPU="$c"; break; }; done
CTL=("$JAVA_HOME/bin/java" --enable-native-access=ALL-UNNAMED -cp "$CP" PotherAgentDriver)
[ -n "$CTL_CPU" ] && CTL=(taskset -c "$CTL_CPU" "${CTL[@]}")

bench_print_env
echo "# $SECS s measured per run after $WARM dropped; both agents on CPU $CPU, controller${CTL_CPU:+ and RouDi} on CPU ${CTL_CPU:-any}; sizes: $SIZES; iceoryx $(dpkg-query -W -f '${Version}' iceoryx 2>/dev/null || echo '?')"

# the product's RouDi handling (org.ddstuner.pother.runs.Roudi, through PotherBench roudi): one running is reused and
# left alone, else one is started with the product's memory pools and stopped by SIGTERM to the holder
ROUDI_PID=""
start_roudi() {
  bench_start_group ${CTL_CPU:+taskset -c "$CTL_CPU"} "$JAVA_HOME/bin/java" --enable-native-access=ALL-UNNAMED \
    -cp "$CP" PotherBench roudi > "$OUT/roudi.log" 2>&1
  ROUDI_PID="$BENCH_LAST"
  for _ in $(seq 300); do
    grep -q "^roudi " "$OUT/roudi.log" && { echo "# shm: $(grep -m1 '^roudi ' "$OUT/roudi.log")"; return; }
    kill -0 "$ROUDI_PID" 2>/dev/null || break
    sleep 0.1
  done
  echo "transports: no RouDi: $(cat "$OUT/roudi.log")" >&2; exit 1
}
stop_roudi() {
  [ -n "$ROUDI_PID" ] || return 0
  kill -TERM "$ROUDI_PID" 2>/dev/null || true
  wait "$ROUDI_PID" 2>/dev/null || true
  ROUDI_PID=""
  # the Iceoryx socket and lock an ended client leaves in /tmp (iceoryx_rt_PID_…): only those of dead processes
  local f pid
  for f in /tmp/iceoryx_rt_*; do
    [ -e "$f" ] || continue
    pid="${f#/tmp/iceoryx_rt_}"; pid="${pid%%_*}"
    kill -0 "$pid" 2>/dev/null || rm -f "$f"
  done
}

AGENTS=()
start_agents() { # TRANSPORT DOMAIN
  local t="$1" d="$2" i cfg
  AGENTS=()
  for i in 1 2; do
    case "$t" in udp|agent) cfg="$OUT/udp.xml" ;; shm) cfg="$OUT/shm.xml" ;; tcp) cfg="$OUT/tcp-$i.xml" ;; esac
    if [ "$t" = agent ]; then # the tuning agent as the desktop's Benchmarks preload it: statistics every second
      LD_PRELOAD="$AGENT_LIB" DDSTUNER_AGENT_SECRET=bench-secret \
        taskset -c "$CPU" "$PRODUCT_DIR/ddstuner" pother --app-id "$i" --domain "$d" --config "$cfg" > "$OUT/agent-$t-$i.log" 2>&1 &
    else
      taskset -c "$CPU" "$PRODUCT_DIR/ddstuner" pother --app-id "$i" --domain "$d" --config "$cfg" > "$OUT/agent-$t-$i.log" 2>&1 &
    fi
    AGENTS+=($!); BENCH_PIDS+=($!)
  done
}
stop_agents() {
  local p
  for p in "${AGENTS[@]}"; do kill -TERM "$p" 2>/dev/null || true; done
  for p in "${AGENTS[@]}"; do wait "$p" 2>/dev/null || true; done
  AGENTS=()
}

# median of KEY=value over the report lines after the warm-up
med_of() { # FILE PREFIX KEY
  grep "^$2 " "$1" | awk -v w="$WARM" '{ split($2, p, "="); if (p[2] > w) print }' \
    | sed -n "s/.* $3=\([0-9.]*\).*/\1/p" | bench_stats | cut -d' ' -f1
}

declare -A P50 P99 TPUT
for t in udp tcp shm agent; do for s in $SIZES; do P50[$t,$s]=na; P99[$t,$s]=na; TPUT[$t,$s]=na; done; done
DOMAIN=0
for t in $RUNS; do
  [ "$t" = shm ] && start_roudi
  DOMAIN=$((DOMAIN + 1))
  start_agents "$t" "$DOMAIN"
  ctl_cfg="$OUT/udp.xml"; [ "$t" = tcp ] && ctl_cfg="$OUT/tcp-ctl.xml"
  for s in $SIZES; do
    f="$OUT/$t-$s-rtt.txt"
    "${CTL[@]}" latency "$ctl_cfg" "$DOMAIN" $((SECS + WARM)) "$s" 1 2 > "$f" 2> "$f.err" || { echo "transports: $t $s B round trips failed: $(cat "$f.err")" >&2; exit 1; }
    P50[$t,$s]="$(med_of "$f" rtt_us p50)"; P99[$t,$s]="$(med_of "$f" rtt_us p99)"
    f="$OUT/$t-$s-tput.txt"
    "${CTL[@]}" throughput "$ctl_cfg" "$DOMAIN" $((SECS + WARM)) "$s" 1 2 "$DEPTH" > "$f" 2> "$f.err" || { echo "transports: $t $s B throughput failed: $(cat "$f.err")" >&2; exit 1; }
    TPUT[$t,$s]="$(med_of "$f" tput per_s)"
    echo "# $t $s B: RTT p50 ${P50[$t,$s]} us, p99 ${P99[$t,$s]} us; throughput ${TPUT[$t,$s]} samples/s"
  done
  stop_agents
  [ "$t" = shm ] && stop_roudi
done

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a == "na" || b == "na" || b == 0) print "na"; else printf "%.2f", a / b }'; }
echo
printf "%8s | %9s %9s %9s | %8s %8s | %10s %10s %10s | %8s %8s\n" size "udp p50" "tcp p50" "shm p50" shm/udp tcp/udp \
  "udp S/s" "tcp S/s" "shm S/s" shm/udp tcp/udp
for s in $SIZES; do
  printf "%8s | %9s %9s %9s | %8s %8s | %10s %10s %10s | %8s %8s\n" "$s" "${P50[udp,$s]}" "${P50[tcp,$s]}" "${P50[shm,$s]}" \
    "$(ratio "${P50[shm,$s]}" "${P50[udp,$s]}")" "$(ratio "${P50[tcp,$s]}" "${P50[udp,$s]}")" \
    "${TPUT[udp,$s]}" "${TPUT[tcp,$s]}" "${TPUT[shm,$s]}" \
    "$(ratio "${TPUT[shm,$s]}" "${TPUT[udp,$s]}")" "$(ratio "${TPUT[tcp,$s]}" "${TPUT[udp,$s]}")"
done
echo "# RTT in microseconds (median of per-second p50s); S/s = samples received per second; ratios shm/udp, tcp/udp"
for s in $SIZES; do
  echo "size=$s shm_udp_rtt_ratio=$(ratio "${P50[shm,$s]}" "${P50[udp,$s]}") shm_udp_tput_ratio=$(ratio "${TPUT[shm,$s]}" "${TPUT[udp,$s]}") tcp_udp_rtt_ratio=$(ratio "${P50[tcp,$s]}" "${P50[udp,$s]}") tcp_udp_tput_ratio=$(ratio "${TPUT[tcp,$s]}" "${TPUT[udp,$s]}")"
done
if [[ " $RUNS " == *" agent "* ]]; then
  echo "# the tuning agent's cost (UDP with the agent preloaded / plain UDP; RTT ratio > 1 or throughput ratio < 1: it costs)"
  for s in $SIZES; do
    echo "size=$s agent_udp_rtt_p50_ratio=$(ratio "${P50[agent,$s]}" "${P50[udp,$s]}") agent_udp_rtt_p99_ratio=$(ratio "${P99[agent,$s]}" "${P99[udp,$s]}") agent_udp_tput_ratio=$(ratio "${TPUT[agent,$s]}" "${TPUT[udp,$s]}")"
  done
fi
