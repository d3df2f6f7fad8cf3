#!/usr/bin/env bash
# Makes the product's own Java runtime (its jre/ folder) with jlink from the build JDK: only the modules
# the product needs (the list and why: product/pom.xml, property ddstuner.runtime.modules), without debug
# attributes, headers and man pages, compressed. Called by the product build after the product is
# materialized and before it is archived and packaged. Usage: jlink-runtime.sh JDK_HOME OUT_DIR MODULES
set -euo pipefail
jdk="$1" out="$2" modules="$3"
rm -rf "$out"
"$jdk/bin/jlink" --add-modules "$modules" --strip-debug --no-header-files --no-man-pages \
  --compress zip-6 --generate-cds-archive --output "$out"
# --generate-cds-archive: the JDK's default class data archive for these modules, so every CLI start maps
# java.base's classes instead of parsing them (~15 % less CPU for `ddstuner --help`). Only the compressed-oops
# archive is kept: the product runs with heaps under 32 GB (the desktop -Xmx2g); a JVM with a larger heap
# simply starts without it. (The desktop's own archive, made by the start script, replaces it there.)
rm -f "$out/lib/server/classes_nocoops.jsa"
echo "jlink-runtime: $(du -sm "$out" | cut -f1) MB in $out from $jdk ($("$out/bin/java" -version 2>&1 | head -n 1))"
echo "jlink-runtime: modules $("$out/bin/java" --list-modules | sed 's/@.*//' | tr '\n' ' ')"
