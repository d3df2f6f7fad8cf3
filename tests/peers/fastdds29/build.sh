#!/usr/bin/env bash
# Builds the Fast DDS 2.9 test peer (fastdds29_peer.cpp) against Debian bookworm's libfastrtps2.9 and
# prints the path of the binary as the last line of stdout. Rebuilds only when the source is newer.
#   tests/peers/fastdds29/build.sh            # -> ~/.cache/ddstuner/fastdds29/fastdds29_peer
# Output directory: $DDSTUNER_FASTDDS29_BUILD (default ~/.cache/ddstuner/fastdds29), never the repository.
# Needs the Debian packages: libfastrtps-dev (pulls libfastrtps2.9, libfastcdr-dev, libfoonathan-memory-dev,
# libtinyxml2-dev, libasio-dev) and g++. Exit codes: 3 = packages missing, 1 = compile error.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
out_dir="${DDSTUNER_FASTDDS29_BUILD:-$HOME/.cache/ddstuner/fastdds29}"
src="$here/fastdds29_peer.cpp"
bin="$out_dir/fastdds29_peer"

missing=()
[ -f /usr/include/fastdds/dds/domain/DomainParticipantFactory.hpp ] || missing+=("libfastrtps-dev")
[ -f /usr/include/fastcdr/Cdr.h ] || missing+=("libfastcdr-dev")
command -v g++ >/dev/null || missing+=("g++")
if [ ${#missing[@]} -gt 0 ]; then
  echo "fastdds29/build.sh: cannot build the Fast DDS 2.9 peer: missing Debian package(s) ${missing[*]}." \
       "Install them with: apt-get install -y --no-install-recommends libfastrtps-dev g++" >&2
  exit 3
fi

mkdir -p "$out_dir"
if [ ! -x "$bin" ] || [ "$src" -nt "$bin" ] || [ "$0" -nt "$bin" ]; then
  # Debian's fastrtps 2.9 headers use std features of C++11/14 only; -O1 keeps the build around 10 s.
  g++ -std=c++17 -O1 -o "$bin.tmp" "$src" -lfastrtps -lfastcdr -lpthread
  mv "$bin.tmp" "$bin"
fi
echo "$bin"
