#!/usr/bin/env bash
# UDP loopback, TCP and shared memory (Cyclone 0.10 + Iceoryx) between two Pother agent processes of the built
# product, per sample size: round-trip time (p50, p99) and throughput, and the ratios shm/udp and tcp/udp per size.
# The experiment of the OIS slides and the REDHAWK chapter ("alternate IPC 2-4.6x faster than loopback"), measured.
#
# Per transport: two agents (`ddstuner pother --app-id 1|2`, both pinned to CPU $POTHER_CPU like the other pother
# benches), driven by bench/java/PotherAgentDriver.java on another CPU over the command topics (the same path as the
# Benchmarks view). The controller always joins over UDP (shared memory: only the agents have it, as the desktop's
# local agents). Shared memory needs a RouDi: the one running is reused, else one is started with the product's
# memory pools (bench/transports-roudi.toml is written to the work folder) and stopped at the end.
# Round trips: ddsperf's ping/pong QoS (reliable, keep last 1), flat out. Throughput: reliable, KEEP LAST 16 for
# every transport (shared memory needs keep-last; keep-all would silently go over UDP), transmitter flat out; the
# receiver's samples/s (samples a keep-last writer overwrote before they left count as lost, not as throughput).
# The first POTHER_WARMUP periods (1 s each) of every run are dropped; values are medians over the rest.
#
# Usage: bench/transports.sh [SECONDS]  (default 6 measured seconds per run)
#   TRANSPORT_SIZES="64 1024 ..."  sizes in bytes (default 64 256 1024 4096 16384 65536)
#   POTHER_CPU=N                   the CPU both agents run on (default 1)
#   POTHER_WARMUP=W                periods dropped per run (default 2)
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
DEPTH=16
OUT="$WORK/transports"
rm -rf "$OUT"; mkdir -p "$OUT"
command -v iox-roudi >/dev/null || { echo "transports: iox-roudi not found (apt install iceoryx)" >&2; exit 1; }

CLS="$OUT/classes"; mkdir -p "$CLS"
CP="$CLS"
for b in dds system pother; do CP="$CP:$(ls "$PRODUCT_DIR"/plugins/org.ddstuner.${b}_*.jar | head -n 1)"; done
javac -nowarn -d "$CLS" -cp "$CP" "$BENCH_DIR/java/PotherBench.java" "$BENCH_DIR/java/PotherAgentDriver.java"
"$JAVA_HOME/bin/java" -cp "$CP" PotherBench loopback-config > "$OUT/udp.xml"
# shared memory: the loopback configuration plus Cyclone 0.10's SharedMemory element (Transports.config(SHM))
sed 's|</Domain>|  <SharedMemory><Enable>true</Enable><LogLevel>warn</LogLevel></SharedMemory>\n  </Domain>|' \
  "$OUT/udp.xml" > "$OUT/shm.xml"
grep -q '<Enable>true</Enable>' "$OUT/shm.xml" || { echo "transports: could not add SharedMemory to the configuration" >&2; exit 1; }
# TCP: every process listens on its own loopback port and lists all three (Transports.tcpConfig)
tcp_config() {
  local own="$1"; shift
  local peers="" p
  for p in "$@"; do peers="$peers<Peer address=\"127.0.0.1:$p\"/>"; done
  cat <<EOF
<CycloneDDS xmlns="https://cdds.io/config"><Domain id="any"><General><Interfaces><NetworkInterface address="127.0.0.1"/></Interfaces>
<AllowMulticast>false</AllowMulticast><Transport>tcp</Transport></General><Tcp><Port>$own</Port></Tcp>
<Discovery><ParticipantIndex>none</ParticipantIndex><SPDPInterval>5 s</SPDPInterval><Peers>$peers</Peers></Discovery></Domain></CycloneDDS>
EOF
}
TCP_PORTS=(17411 17412 17413)
tcp_config "${TCP_PORTS[0]}" "${TCP_PORTS[@]}" > "$OUT/tcp-ctl.xml"
tcp_config "${TCP_PORTS[1]}" "${TCP_PORTS[@]}" > "$OUT/tcp-1.xml"
tcp_config "${TCP_PORTS[2]}" "${TCP_PORTS[@]}" > "$OUT/tcp-2.xml"
cat > "$OUT/roudi.toml" <<'EOF'
[general]
version = 1
[[segment]]
[[segment.mempool]]
size = 256
count = 10000
[[segment.mempool]]
size = 1024
count = 5000
[[segment.mempool]]
size = 8192
count = 2000
[[segment.mempool]]
size = 70000
count = 600
[[segment.mempool]]
size = 2097152
count = 24
EOF

CTL_CPU=""
for c in $(seq 0 $(($(nproc) - 1))); do [ "$c" != "$CPU" ] && { CTL_CPU="$c"; break; }; done
CTL=("$JAVA_HOME/bin/java" --enable-native-access=ALL-UNNAMED -cp "$CP" PotherAgentDriver)
[ -n "$CTL_CPU" ] && CTL=(taskset -c "$CTL_CPU" "${CTL[@]}")

bench_print_env
echo "# $SECS s measured per run after $WARM dropped; both agents on CPU $CPU, controller${CTL_CPU:+ and RouDi} on CPU ${CTL_CPU:-any}; sizes: $SIZES; iceoryx $(dpkg-query -W -f '${Version}' iceoryx 2>/dev/null || echo '?')"

ROUDI_PID=""
start_roudi() {
  if pgrep -x iox-roudi >/dev/null; then
    echo "# shm: reusing the RouDi already running (pid $(pgrep -x iox-roudi | head -n 1)); it is left running"
    return
  fi
  bench_start_group ${CTL_CPU:+taskset -c "$CTL_CPU"} iox-roudi -c "$OUT/roudi.toml" -l info > "$OUT/roudi.log" 2>&1
  ROUDI_PID="$BENCH_LAST"
  for _ in $(seq 100); do grep -q "RouDi is ready for clients" "$OUT/roudi.log" && return; sleep 0.1; done
  echo "transports: RouDi not ready: $(cat "$OUT/roudi.log")" >&2; exit 1
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
    case "$t" in udp) cfg="$OUT/udp.xml" ;; shm) cfg="$OUT/shm.xml" ;; tcp) cfg="$OUT/tcp-$i.xml" ;; esac
    taskset -c "$CPU" "$PRODUCT_DIR/ddstuner" pother --app-id "$i" --domain "$d" --config "$cfg" > "$OUT/agent-$t-$i.log" 2>&1 &
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
DOMAIN=0
for t in udp tcp shm; do
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
