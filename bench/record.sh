#!/usr/bin/env bash
# Recording and replay (org.ddstuner.record, bench/java/RecordBench.java): a C-layout writer writes RATE
# samples/s for SECONDS; a Recorder (what `ddstuner record` runs) records them into an MCAP file; then the file
# is replayed at speed 1 under another topic name while a reader counts the samples. Inside a private network
# namespace, loopback only; the JVM's heap is capped (-Xmx256m) to show a recording does not grow it.
#
# Classes: DDSTUNER_CLASSES (a class path, e.g. the bundles' target/classes and Jackson's jars) or else the built
# product's jars (dds system types connection samples demo json remote record + Jackson).
# Usage: bench/record.sh [--rate N] [--seconds N] [--domain N]
# Prints one summary line:
#   written=N received=N recorded=N dropped=N file_mb=X mb_per_s=X replayed=N replay_received=N
#   timing_p50_ms=X timing_p99_ms=X timing_max_ms=X heap_mb=N
#   written: by the writer; received: by the recording reader; recorded: messages in the file; dropped: received
#   but not recorded (ring wrapped); mb_per_s: file size / SECONDS; timing_*: replay write time − recorded time
#   (relative to the first sample, speed 1); heap_mb: used heap after a GC at the end.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

rate=50000 seconds=10 domain=214
bench_options record "rate seconds domain" "" "$@"

bench_enter_netns "$0" --rate "$rate" --seconds "$seconds" --domain "$domain"
trap bench_cleanup EXIT
trap 'exit 130' INT TERM

bench_require_java
if [ -n "${DDSTUNER_CLASSES:-}" ]; then
  cp="$DDSTUNER_CLASSES"
else
  bench_require_product
  cp=""
  for b in json dds system types connection samples demo remote record; do
    cp="$cp${cp:+:}$(ls "$PRODUCT_DIR"/plugins/org.ddstuner.${b}_*.jar | head -n 1)"
  done
  for l in com.fasterxml.jackson.core.jackson-core com.fasterxml.jackson.core.jackson-databind \
           com.fasterxml.jackson.core.jackson-annotations; do
    cp="$cp:$(ls "$PRODUCT_DIR"/plugins/${l}_*.jar | head -n 1)"
  done
fi
out="$WORK/record"
rm -rf "$out" && mkdir -p "$out"
javac -nowarn -d "$out" -cp "$cp" "$BENCH_DIR/java/RecordBench.java" "$BENCH_DIR/java/PacedSampleTopic.java"

echo "# record: $rate samples/s for $seconds s, then replay at speed 1, domain $domain"
bench_print_env
cd "$out"
timeout --kill-after=10 300 java -Xmx256m --enable-native-access=ALL-UNNAMED -cp "$out:$cp" \
  RecordBench "$rate" "$seconds" "$domain" "$out/bench.mcap" &
pid=$!
BENCH_PIDS+=("$pid")
wait "$pid"
rm -f "$out/bench.mcap"
