#!/usr/bin/env bash
# Reader throughput of org.ddstuner.samples (bench/java/ReaderRateBench.java): a C-layout writer (the
# binding's StructType with a prepared sample, dds_write_ts) writes RATE samples/s for SECONDS; a
# ReaderSession (type from imported IDL, reader QoS derived) drains them into its ring (bytes only; a sample
# decodes when first asked for a value) while a consumer polls it every 20 ms like the UI. A benchmark, not a test: the
# numbers depend on the box (note the load average it prints).
#
# Classes: DDSTUNER_CLASSES (a class path, e.g. javac output of the bundles' src folders) or else the
# built product's jars (dds, system, types, connection, samples, demo).
# --writer ddsperf: the writer is "ddsperf -T K32 pub RATEHz" (libddsc's C writer, type learned over the
# wire; written = the span of sequence numbers received) — a remote C writer, and a check that the Java
# writer is not the bottleneck.
# Usage: bench/reader-rate.sh [--rate N] [--seconds N] [--capacity N] [--domain N] [--writer java|ddsperf]
# Prints one line: written=N received=N dropped=N polled=N missed=N decode_errors=N max_drain_ms=X write_rate=X
#   writer_waits=N decoded_when_polled=N taken_in_listener=N cpu_ms=N
#   dropped: overwritten in the ring (capacity) — not lost by DDS; received < written means DDS lost them.
#   The reader's QoS is derived as the product derives it: KEEP_LAST 5000 per instance (16 instances with the
#   Java writer, 1 with ddsperf), so a drain that falls behind loses the oldest samples in Cyclone's reader
#   history (received < written) instead of holding up the writer; writer_waits counts writes that timed out
#   anyway (retried).
#   decoded_when_polled: polled samples decoded already (by nobody but a consumer: 0 unless it asked);
#   taken_in_listener: samples the session took on Cyclone's delivering thread because its drain thread was a
#   batch behind; cpu_ms: the process's CPU time (Java writer: writer included; ddsperf: over the measured
#   window, the reader alone).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

rate=50000 seconds=5 capacity=10000 domain=213 writer=java
bench_options reader-rate "rate seconds capacity domain" "writer" "$@"
[[ "$writer" =~ ^(java|ddsperf)$ ]] || { echo "reader-rate: --writer is java or ddsperf" >&2; exit 2; }

bench_enter_netns "$0" --rate "$rate" --seconds "$seconds" --capacity "$capacity" --domain "$domain" --writer "$writer"
trap bench_cleanup EXIT
trap 'exit 130' INT TERM

bench_require_java
if [ -n "${DDSTUNER_CLASSES:-}" ]; then
  cp="$DDSTUNER_CLASSES"
else
  bench_require_product
  cp=""
  for b in dds system types connection samples demo; do
    cp="$cp${cp:+:}$(ls "$PRODUCT_DIR"/plugins/org.ddstuner.${b}_*.jar | head -n 1)"
  done
fi
out="$WORK/reader-rate"
rm -rf "$out" && mkdir -p "$out"
javac -d "$out" -cp "$cp" "$BENCH_DIR/java/ReaderRateBench.java" "$BENCH_DIR/java/PacedSampleTopic.java"

echo "# reader-rate: $rate samples/s for $seconds s, ring capacity $capacity, domain $domain, writer $writer"
bench_print_env
cd "$out" # a JVM crash report (hs_err) lands here, not in the repository
if [ "$writer" = ddsperf ]; then
  command -v ddsperf >/dev/null || { echo "reader-rate: ddsperf not found (apt install cyclonedds-tools)" >&2; exit 1; }
  # the peers' config (multicast discovery + well-known unicast ports) finds the tool's loopback-only participant
  CYCLONEDDS_URI="file://$REPO_DIR/tests/peers/cyclonedds-peer.xml" \
    ddsperf -i "$domain" -T K32 -D $((seconds + 30)) pub "${rate}Hz" > "$out/ddsperf.log" 2>&1 &
  BENCH_PIDS+=("$!")
fi
timeout --kill-after=10 300 java --enable-native-access=ALL-UNNAMED -cp "$out:$cp" \
  ReaderRateBench "$rate" "$seconds" "$domain" "$capacity" "$writer" &
pid=$!
BENCH_PIDS+=("$pid")
wait "$pid"
