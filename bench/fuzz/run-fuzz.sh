#!/usr/bin/env bash
# Builds the fuzz targets (XCDR codec, XTypes type representation) and runs each with Jazzer (coverage-guided,
# libFuzzer engine) for the given number of seconds (default 60), one after the other, then prints executions,
# speed and findings.
#   bench/fuzz/run-fuzz.sh [seconds] [target ...]
# Targets (default all): CdrDecodeFuzzer CdrEncodeFuzzer TypeInformationFuzzer TypeObjectFuzzer TypeMappingFuzzer
# Work files go to $FUZZ_OUT (default /tmp/ddstuner-fuzz); findings (crashing inputs) to $FUZZ_OUT/findings.
# FUZZ_TIMEOUT: seconds one input may take before it counts as a hang (default 10; raise it on a loaded machine,
# where a GC pause at start-up alone took 12 s).
# Keep a finding as a regression test: `ShowFinding` prints the line for tests/org.ddstuner.types.tests/resources/
# cdr/crashers.txt (CDR targets) or resources/xtypes/crashers.txt (XTypes targets).
set -euo pipefail
SECONDS_PER_TARGET="${1:-60}"
shift || true
TARGETS="${*:-CdrDecodeFuzzer CdrEncodeFuzzer TypeInformationFuzzer TypeObjectFuzzer TypeMappingFuzzer}"
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
OUT="${FUZZ_OUT:-/tmp/ddstuner-fuzz}"
JAZZER_VERSION=0.24.0
export JAVA_HOME="${JAVA_HOME_25:-/usr/lib/jvm/temurin-25-jdk-amd64}"
export PATH="$JAVA_HOME/bin:$PATH"
M2="${M2_REPO:-$HOME/.m2/repository}"
JAZZER="$M2/com/code-intelligence/jazzer/$JAZZER_VERSION/jazzer-$JAZZER_VERSION.jar"
JAZZER_API="$M2/com/code-intelligence/jazzer-api/$JAZZER_VERSION/jazzer-api-$JAZZER_VERSION.jar"
for a in jazzer jazzer-api; do
  f="$M2/com/code-intelligence/$a/$JAZZER_VERSION/$a-$JAZZER_VERSION.jar"
  if [ ! -f "$f" ]; then
    (cd "$ROOT" && ./mvnw -q dependency:get -Dartifact="com.code-intelligence:$a:$JAZZER_VERSION")
  fi
done

rm -rf "$OUT/classes"; mkdir -p "$OUT/classes" "$OUT/findings" "$OUT/reproducers"
# Jazzer 0.24 instruments class files up to Java 21 (it cannot read 25's): compile the targets for 21
javac -nowarn --release 21 -d "$OUT/classes" -cp "$JAZZER_API" \
  $(find "$ROOT/bundles/org.ddstuner.types/src" -name '*.java') \
  "$ROOT/tests/org.ddstuner.types.tests/src/org/ddstuner/types/tests/cdr/RandomValues.java" \
  $(find "$HERE/src" -name '*.java')
TYPES="$ROOT/tests/org.ddstuner.types.tests/resources/cdr"
CP="$OUT/classes:$JAZZER:$JAZZER_API"

total_execs=0
for target in $TARGETS; do
  corpus="$OUT/corpus/$target"
  mkdir -p "$corpus"
  seeds="$HERE/corpus/$target"
  [ -d "$seeds" ] && cp -n "$seeds"/* "$corpus"/ 2>/dev/null || true
  log="$OUT/$target.log"
  dict=()
  case "$target" in Type*) dict=(-dict="$HERE/xtypes.dict") ;; esac
  echo "== $target for ${SECONDS_PER_TARGET}s (corpus $corpus, log $log)"
  set +e
  java -Dfuzz.types="$TYPES" -cp "$CP" com.code_intelligence.jazzer.Jazzer \
    --target_class="org.ddstuner.bench.fuzz.$target" \
    --instrumentation_includes='org.ddstuner.types.**' \
    --jvm_args="-Dfuzz.types=$TYPES:-Xmx2g" \
    --keep_going=50 --reproducer_path="$OUT/reproducers" \
    -max_total_time="$SECONDS_PER_TARGET" -timeout="${FUZZ_TIMEOUT:-10}" -rss_limit_mb=3072 -print_final_stats=1 "${dict[@]}" \
    -artifact_prefix="$OUT/findings/$target-" "$corpus" > "$log" 2>&1
  rc=$?
  set -e
  # "|| true": a run that stopped early (e.g. its first input timed out) has no such lines
  execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | awk '{print $2}' | tail -1 || true)
  speed=$(grep -o 'stat::average_exec_per_sec: *[0-9]*' "$log" | awk '{print $2}' | tail -1 || true)
  cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | awk '{print $2}' || true)
  found=$(ls "$OUT/findings" 2>/dev/null | grep -c "^$target-" || true)
  echo "$target: execs=${execs:-?} exec/s=${speed:-?} coverage_edges=${cov:-?} findings=$found exit=$rc"
  total_execs=$((total_execs + ${execs:-0}))
done
echo "total execs: $total_execs; findings in $OUT/findings: $(ls "$OUT/findings" | wc -l)"
