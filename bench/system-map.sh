#!/usr/bin/env bash
# System Map at scale (issue 17): the map of 20,000 endpoints (made, laid out by ELK, drawn by the view's painter
# into an image) against the System tree's refresh of the same snapshot, both timed in one JVM, same run.
# No DDS traffic: the events come from the tests' synthetic generator, laid out like bench/peers/endpoint_flood
# (PEERS x PER endpoints, endpoint i on topic i % TOPICS of its peer, writers and readers alternating, reliable),
# straight into a SystemModel: the model the map and the tree read is the same as with real floods
# (discovery-scale.sh measures discovery itself). Drawing is SWT's, so it runs under xvfb-run.
# Probe: bench/java/org/ddstuner/system/ui/tree/SystemMapBench.java (full: fresh map vs fresh tree; steady: one
# small change per round, builders kept; detail: aggregation off).
# Usage: bench/system-map.sh [--peers 4] [--per 5000] [--topics 101] [--rounds 15]
# Classes: DDSTUNER_CLASSES (a class path) or the bundles' target/classes (build them first:
# ./mvnw -B -o verify -DskipTests -pl releng/org.ddstuner.target,bundles/org.ddstuner.map.ui -am).
# Last line: system_map endpoints=N level=L nodes=N edges=N map_ms=X tree_ms=Y ratio=R steady_map_ms=X
#            steady_tree_ms=Y steady_ratio=R detail_ms=X detail_nodes=N   (medians; ratio = map / tree)
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

peers=4 per=5000 topics=101 rounds=15
while [ $# -gt 0 ]; do
  case "$1" in
    --peers) peers="$2"; shift ;;
    --per) per="$2"; shift ;;
    --topics) topics="$2"; shift ;;
    --rounds) rounds="$2"; shift ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "system-map: unknown option \"$1\" (see --help)" >&2; exit 2 ;;
  esac
  shift
done
for v in "$peers" "$per" "$topics" "$rounds"; do
  [[ "$v" =~ ^[1-9][0-9]*$ ]] || { echo "system-map: counts must be positive whole numbers, got \"$v\"" >&2; exit 2; }
done
bench_enter_netns "$0" --peers "$peers" --per "$per" --topics "$topics" --rounds "$rounds"
bench_require_java
m2="$HOME/.m2/repository"
jar() { ls "$m2"/$1 2>/dev/null | grep -v sources | sort -V | tail -n 1; }
if [ -n "${DDSTUNER_CLASSES:-}" ]; then
  cp="$DDSTUNER_CLASSES"
else
  cp=""
  for b in json dds system health connection system.ui map map.ui; do
    d="$REPO_DIR/bundles/org.ddstuner.$b/target/classes"
    [ -d "$d" ] || { echo "system-map: $d missing: build the bundles first (see --help)" >&2; exit 1; }
    cp="$cp${cp:+:}$d"
  done
  for j in org/eclipse/elk/org.eclipse.elk.{core,graph,alg.common,alg.layered}/0.12.1/*.jar \
           org/eclipse/emf/org.eclipse.emf.{common/2.46.0,ecore/2.43.0,ecore.xmi/2.41.0}/*.jar \
           org/eclipse/xtext/org.eclipse.xtext.xbase.lib/2.44.0/*.jar com/google/guava/guava/33.8.0-jre/*.jar \
           com/google/guava/failureaccess/1.0.3/*.jar \
           org/eclipse/platform/org.eclipse.swt.gtk.linux.x86_64/3.135.0/*.jar \
           org/eclipse/platform/org.eclipse.jface/3.*/*.jar \
           org/eclipse/platform/org.eclipse.equinox.common/3.*/*.jar; do
    f="$(jar "$j")"
    [ -n "$f" ] || { echo "system-map: $m2/$j missing (one online build of the target fetches it)" >&2; exit 1; }
    cp="$cp:$f"
  done
fi
out="$WORK/system-map"
rm -rf "$out"; mkdir -p "$out/classes"
javac -nowarn -d "$out/classes" -cp "$cp" "$BENCH_DIR/java/org/ddstuner/system/ui/tree/SystemMapBench.java" \
  "$REPO_DIR/tests/org.ddstuner.testsupport/src/org/ddstuner/testsupport/synthetic/SyntheticDiscovery.java"
bench_print_env
echo "# load: $peers x $per endpoints over $topics topics/peer (synthetic), $rounds rounds"
xvfb-run -a -s "-screen 0 1400x900x24" "$JAVA_HOME/bin/java" -Xmx1g --enable-native-access=ALL-UNNAMED \
  -cp "$out/classes:$cp" org.ddstuner.system.ui.tree.SystemMapBench "$peers" "$per" "$topics" "$rounds"
