#!/usr/bin/env bash
# Jazzer (coverage-guided, libFuzzer engine) on the remote agent's frame decoder (bundles/org.ddstuner.remote
# internal.Frames, with Jackson's parser, which does the JSON part, instrumented too; databind's tree building is
# left out: instrumenting its hundreds of classes took over a minute on a busy box): bench/fuzz/remote/run.sh [seconds]
# (default 60). Same Jazzer 0.24.0 as ../run-fuzz.sh, compiled for Java 21 (Jazzer cannot instrument 25's class
# files). Work files: $FUZZ_OUT (default /tmp/ddstuner-fuzz-remote): corpus/, findings/, RemoteFrameFuzzer.log.
# A finding becomes a line of tests/org.ddstuner.remote.tests/resources/frame-crashers.txt (hex of the input),
# which FrameFuzzFindingsTest replays with this target's oracle.
set -euo pipefail
SECONDS_TOTAL="${1:-60}"
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../../.." && pwd)"
OUT="${FUZZ_OUT:-/tmp/ddstuner-fuzz-remote}"
JAZZER_VERSION=0.24.0
export JAVA_HOME="${JAVA_HOME_25:-/usr/lib/jvm/temurin-25-jdk-amd64}"
export PATH="$JAVA_HOME/bin:$PATH"
M2="${M2_REPO:-$HOME/.m2/repository}"
for a in jazzer jazzer-api; do
  f="$M2/com/code-intelligence/$a/$JAZZER_VERSION/$a-$JAZZER_VERSION.jar"
  [ -f "$f" ] || (cd "$ROOT" && ./mvnw -q dependency:get -Dartifact="com.code-intelligence:$a:$JAZZER_VERSION")
done
JAZZER="$M2/com/code-intelligence/jazzer/$JAZZER_VERSION/jazzer-$JAZZER_VERSION.jar"
JAZZER_API="$M2/com/code-intelligence/jazzer-api/$JAZZER_VERSION/jazzer-api-$JAZZER_VERSION.jar"
JACKSON="$(ls "$M2"/com/fasterxml/jackson/core/jackson-{core,databind,annotations}/2.23*/jackson-*-2.23*.jar | grep -v sources | paste -sd:)"
REMOTE="$ROOT/bundles/org.ddstuner.remote/src/org/ddstuner/remote"

rm -rf "$OUT/classes"; mkdir -p "$OUT/classes" "$OUT/findings" "$OUT/corpus"
javac -nowarn --release 21 -d "$OUT/classes" -cp "$JAZZER_API:$JACKSON" \
  "$REMOTE/internal/Frames.java" "$REMOTE/Protocol.java" "$REMOTE/ProtocolException.java" \
  $(find "$HERE/src" -name '*.java')
CP="$OUT/classes:$JACKSON:$JAZZER:$JAZZER_API"
java -cp "$CP" org.ddstuner.bench.fuzz.remote.FrameSeeds "$OUT/corpus"
cp -n "$HERE"/corpus/* "$OUT/corpus/" 2>/dev/null || true
log="$OUT/RemoteFrameFuzzer.log"
echo "== RemoteFrameFuzzer for ${SECONDS_TOTAL}s (corpus $OUT/corpus, log $log)"
set +e
java -cp "$CP" com.code_intelligence.jazzer.Jazzer \
  --target_class=org.ddstuner.bench.fuzz.remote.RemoteFrameFuzzer \
  --instrumentation_includes='org.ddstuner.remote.**:com.fasterxml.jackson.core.**' \
  --jvm_args="-Xmx1g" --keep_going=20 --reproducer_path="$OUT/findings" \
  -max_total_time="$SECONDS_TOTAL" -timeout="${FUZZ_TIMEOUT:-10}" -rss_limit_mb=3072 -print_final_stats=1 \
  -artifact_prefix="$OUT/findings/RemoteFrameFuzzer-" "$OUT/corpus" > "$log" 2>&1
rc=$?
set -e
execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | awk '{print $2}' | tail -1 || true)
speed=$(grep -o 'stat::average_exec_per_sec: *[0-9]*' "$log" | awk '{print $2}' | tail -1 || true)
cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | awk '{print $2}' || true)
found=$(ls "$OUT/findings" 2>/dev/null | grep -c '^RemoteFrameFuzzer-' || true)
echo "RemoteFrameFuzzer: execs=${execs:-?} exec/s=${speed:-?} coverage_edges=${cov:-?} findings=$found exit=$rc"
