#!/usr/bin/env bash
# What plotting costs the Reader view: "ddsperf -T K32 pub RATEHz" writes into DOMAIN, and the Plot view's UI
# test harness (tests/org.ddstuner.plot.ui.tests PlotRateBench, under Xvfb in the product's workbench) opens the
# Reader view on DDSPerfRDataK32 as "Read Samples…" does, then measures SECONDS without a plot, SECONDS with
# the fields seq and keyval plotted, and SECONDS without again.
#
# Usage: bench/plot-rate.sh [--rate N] [--seconds N] [--domain N]
# Prints per phase "plot-rate: phase=… rx_per_s=… dropped=… cpu_s_per_s=… plot_points_per_s=… plot_missed=…
# redraws_per_s=…" and a summary line
#   plot-rate: summary reader_rx_per_s=N with_plot_rx_per_s=N ratio=X cpu_without=X cpu_with=X plot_points_per_s=N
# rx_per_s: samples the Reader view's reader took from DDS per second; dropped: those its ring overwrote before
# the view polled them; ratio: with plot ÷ without (mean of the phases before and after). Needs a warm local
# Maven repository (the build runs offline: -o) and ddsperf (apt cyclonedds-tools).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

rate=50000 seconds=8 domain=231
bench_options plot-rate "rate seconds domain" "" "$@"

bench_enter_netns "$0" --rate "$rate" --seconds "$seconds" --domain "$domain"
trap bench_cleanup EXIT
trap 'exit 130' INT TERM

bench_require_java
command -v ddsperf >/dev/null || { echo "plot-rate: ddsperf not found (apt install cyclonedds-tools)" >&2; exit 1; }
command -v xvfb-run >/dev/null || { echo "plot-rate: xvfb-run not found (apt install xvfb)" >&2; exit 1; }
mkdir -p "$WORK"
echo "# plot-rate: ddsperf -T K32 pub ${rate}Hz, $seconds s per phase, domain $domain"
bench_print_env

CYCLONEDDS_URI="file://$REPO_DIR/tests/peers/cyclonedds-peer.xml" \
  ddsperf -i "$domain" -T K32 -D $((seconds * 3 + 600)) pub "${rate}Hz" > "$WORK/plot-rate-ddsperf.log" 2>&1 &
BENCH_PIDS+=("$!")

log="$WORK/plot-rate-mvn.log"
cd "$REPO_DIR"
if ! DDSTUNER_PLOT_BENCH="$domain:$seconds" dbus-run-session -- xvfb-run -a -s "-screen 0 1400x900x24" \
    ./mvnw -B -o verify -pl releng/org.ddstuner.target,features/org.ddstuner.feature,tests/org.ddstuner.testsupport,tests/org.ddstuner.testsupport.ui,tests/org.ddstuner.plot.ui.tests \
    -am -Dtest=PlotRateBench -Dsurefire.failIfNoSpecifiedTests=false > "$log" 2>&1; then
  echo "plot-rate: the measurement failed (Maven log $log):" >&2
  grep -E 'ERROR|FAIL|plot-rate' "$log" | head -n 20 >&2
  exit 1
fi
grep '^plot-rate:' "$log" || { echo "plot-rate: no figures in $log (was the bench skipped?)" >&2; exit 1; }
