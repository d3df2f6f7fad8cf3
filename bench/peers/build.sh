#!/usr/bin/env bash
# Builds the benchmark load generators against the installed libddsc (0.10.x: Debian packages
# libddsc0debian, cyclonedds-dev, cyclonedds-tools for idlc). Output goes outside the repository.
# Usage: bench/peers/build.sh [OUTPUT_DIR]   (default ${DDSTUNER_BENCH_BUILD:-/tmp/ddstuner-bench-peers})
# Prints the path of the built endpoint_flood binary on its last line.
set -euo pipefail
src="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
out="${1:-${DDSTUNER_BENCH_BUILD:-/tmp/ddstuner-bench-peers}}"
for tool in idlc cc; do
  command -v "$tool" >/dev/null || { echo "build.sh: '$tool' not found (apt-get install cyclonedds-tools cyclonedds-dev gcc)" >&2; exit 1; }
done
[ -f /usr/include/dds/dds.h ] || { echo "build.sh: /usr/include/dds/dds.h missing (apt-get install cyclonedds-dev)" >&2; exit 1; }
mkdir -p "$out"
idlc -o "$out" "$src/FloodSample.idl"
cc -O2 -Wall -Wextra -I "$out" -o "$out/endpoint_flood" "$src/endpoint_flood.c" "$out/FloodSample.c" -lddsc
echo "$out/endpoint_flood"
