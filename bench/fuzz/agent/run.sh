#!/usr/bin/env bash
# Bounded libFuzzer run of the agent's request decoder (request.c + qos_text.c + sha256.c from
# bundles/org.ddstuner.agent/native) with AddressSanitizer and UBSan. Needs clang and libclang-rt-14-dev
# (Debian apt). Usage: bench/fuzz/agent/run.sh [SECONDS (default 60)]. Prints the summary line
# "agent fuzz: N executions in S s, crashes: K" and exits non-zero on a crash (crash-* files land in out/).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
src="$here/../../../bundles/org.ddstuner.agent/native"
secs="${1:-60}"
out="$here/out"
mkdir -p "$out/corpus"
cp -n "$here"/corpus/* "$out/corpus/" 2>/dev/null || true
clang -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined -I"$src" \
  "$here/fuzz_request.c" "$src/request.c" "$src/qos_text.c" "$src/sha256.c" -o "$out/fuzz_request"
cd "$out"
set +e
./fuzz_request -max_total_time="$secs" -max_len=4096 -print_final_stats=1 corpus > fuzz.log 2>&1
rc=$?
set -e
runs=$(sed -n 's/^stat::number_of_executed_units: *//p' fuzz.log)
crashes=$(find . -maxdepth 1 \( -name 'crash-*' -o -name 'leak-*' -o -name 'timeout-*' \) | wc -l)
echo "agent fuzz: ${runs:-?} executions in ${secs} s, crashes: ${crashes} (log: $out/fuzz.log)"
exit $rc
