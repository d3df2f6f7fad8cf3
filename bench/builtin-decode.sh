#!/usr/bin/env bash
# Micro benchmark of the Cyclone binding's built-in-topic read path (bench/java/BuiltinDecodeBench.java):
# one participant creates N endpoints with varied QoS, a second one in the same process times
#   deliver: fresh DCPSPublication/DCPSSubscription readers taken empty with take(BATCH)  (ns/sample)
#   read:    read() of every cached sample again (loan, SampleInfo, key, strings, QoS, type info) (ns/sample)
#   qos:     QosNative.fromNative alone on loaned samples' QoS (ns/sample)
# Default: the endpoints live in the same process (no network timing: the binding's per-sample cost).
# --flood: they come from one bench/peers endpoint_flood process instead (remote QoS, idlc type with
# XTypes type information, as real peers send); discovery finishes before any timing starts.
#
# Classes: the binding from DDSTUNER_DDS_CLASSES (a directory or jar, e.g. javac output of
# bundles/org.ddstuner.dds/src) or else the built product's org.ddstuner.dds jar.
# Usage: bench/builtin-decode.sh [--endpoints N] [--rounds N] [--batch N] [--domain N] [--flood]
# Prints medians and minima (least disturbed round) over the rounds; the last line has the medians:
#   endpoints=N deliver_ns_per_sample=X read_ns_per_sample=Y qos_ns_per_sample=Z
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

endpoints=5000 rounds=5 batch=256 domain=47 flood=0
while [ $# -gt 0 ]; do
  case "$1" in
    --endpoints) endpoints="$2"; shift ;;
    --rounds) rounds="$2"; shift ;;
    --batch) batch="$2"; shift ;;
    --domain) domain="$2"; shift ;;
    --flood) flood=1 ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "builtin-decode: unknown option \"$1\" (see --help)" >&2; exit 2 ;;
  esac
  shift
done
for v in "$endpoints" "$rounds" "$batch" "$domain"; do
  [[ "$v" =~ ^[0-9]+$ ]] || { echo "builtin-decode: counts must be whole numbers, got \"$v\"" >&2; exit 2; }
done

bench_enter_netns "$0" --endpoints "$endpoints" --rounds "$rounds" --batch "$batch" --domain "$domain" \
  $([ "$flood" = 1 ] && echo --flood)
trap bench_cleanup EXIT
trap 'exit 130' INT TERM

bench_require_java
if [ -n "${DDSTUNER_DDS_CLASSES:-}" ]; then
  dds_cp="$DDSTUNER_DDS_CLASSES"
else
  bench_require_product
  dds_cp="$(ls "$PRODUCT_DIR"/plugins/org.ddstuner.dds_*.jar | head -n 1)"
fi
flood_bin=""
if [ "$flood" = 1 ]; then
  flood_bin="$("$BENCH_DIR/peers/build.sh" "$WORK/peers" | tail -n 1)"
fi
out="$WORK/builtin-decode"
rm -rf "$out" && mkdir -p "$out"
javac -d "$out" -cp "$dds_cp" "$BENCH_DIR/java/BuiltinDecodeBench.java"

echo "# builtin-decode: $endpoints endpoints ($([ "$flood" = 1 ] && echo "from endpoint_flood" || echo "in-process")), $rounds rounds, take batch $batch, binding from $dds_cp"
bench_print_env
cd "$out" # a JVM crash report (hs_err) lands here, not in the repository
timeout --kill-after=10 600 java --enable-native-access=ALL-UNNAMED -cp "$out:$dds_cp" \
  BuiltinDecodeBench "$endpoints" "$rounds" "$batch" "$domain" $flood_bin &
BENCH_PIDS+=("$!")
wait "$!"
