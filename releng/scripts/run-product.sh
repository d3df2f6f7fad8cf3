#!/usr/bin/env bash
# Builds DDS Tuner if needed and starts the desktop product. With no arguments it opens on the
# embedded "Local demo" system (a few Java participants on a loopback-only Cyclone config), so it is
# useful at once and sends nothing off this host. Arguments are passed to the product's start script
# (e.g. `run-product.sh ls --wait 2` runs the headless CLI). Set DDSTUNER_REBUILD=1 to force a build.
set -euo pipefail
cd "$(dirname "$0")/../.."
JAVA_HOME="$(releng/scripts/install-deps.sh)"; export JAVA_HOME PATH="$JAVA_HOME/bin:$PATH"
product=product/target/products/org.ddstuner.product/linux/gtk/x86_64/ddstuner
newest_src="$(find bundles features product/ddstuner.product releng/org.ddstuner.target -newer "$product/ddstuner" \
               -type f ! -path '*/target/*' ! -path '*/bin/*' 2>/dev/null | head -n 1 || true)"
if [ "${DDSTUNER_REBUILD:-0}" = 1 ] || [ ! -x "$product/ddstuner" ] || [ -n "$newest_src" ]; then
  echo "run-product: building the product (first time takes a minute or two)…" >&2
  ./mvnw -B -ntp -q verify -DskipTests
fi
exec "$product/ddstuner" "$@"
