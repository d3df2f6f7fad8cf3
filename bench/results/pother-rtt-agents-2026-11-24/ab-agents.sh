#!/usr/bin/env bash
# ab-agents.sh ROUNDS SECS VARIANT... ; VARIANT = dd | PRODUCT_DIR[#ENV=value[#ENV2=value]]
#   e.g. "$P#DDSTUNER_JVM_ARGS=-XX:-UsePerfData" (JVM options of the agents), "$P#GCRUN=1" (jcmd GC.run on
#   both agents GCAT s after their start). Needs, in $AB (default /tmp/rtt2): cp.txt (class path: a dir with
#   PotherAgentDriver.class compiled from bench/java, then the product's dds, system, pother jars, absolute
#   paths) and loopback.xml (`java -cp ... PotherBench loopback-config`). Run it inside
#   releng/scripts/netns-run.sh; domain $DOM (default 42).
# Latency pair of the AGENTS (as bench/pother-vs-ddsperf.sh ag_latency), interleaved with ddsperf (with the
# idle controller as bystander, as the script), order rotating per round. Run inside netns-run.sh.
# Per run: per-period p50 (first WARM dropped); summary per variant: q1, p50, p99 (medians over periods),
# round trips/s, CPU us per round trip (agents' reports / ddsperf rss lines).
set -u
R=$1; SECS=$2; shift 2; VARS=("$@")
WARM=${WARM:-3}; CPU=${CPU:-1}; DOM=${DOM:-42}
export JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64
J=$JAVA_HOME/bin/java
AB=${AB:-/tmp/rtt2}
XML=$AB/loopback.xml
export CYCLONEDDS_URI=file://$XML
CP=$(cat $AB/cp.txt)
OUT=${OUT:-$AB/ab}; rm -rf $OUT; mkdir -p $OUT
CTL=(taskset -c 0 $J --enable-native-access=ALL-UNNAMED -cp $CP PotherAgentDriver)
med() { sort -g | awk '{v[NR]=$1} END { if (NR==0) {print "na"; exit} print (NR%2)? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2 }'; }
dd_cpu_pct() { grep ' rss:' "$1" | tail -n +$((WARM + 1)) | awk '{ c = 0; for (i = 1; i <= NF; i++) if ($i ~ /:[0-9]+%\+[0-9]+%$/) {
  split($i, a, ":"); split(a[length(a)], b, "+"); c += b[1] + b[2] } print c }'; }
ag_values() { grep "^$2 " "$1" | awk -v k="$3" -v w="$WARM" '{ p = -1; v = ""
  for (i = 1; i <= NF; i++) { split($i, kv, "="); if (kv[1] == "period") p = kv[2]; if (kv[1] == k) v = kv[2] }
  if (p > w && v != "") print v }'; }
n=${#VARS[@]}
for r in $(seq 1 $R); do
  echo "# round $r $(date -u +%H:%M:%S) load $(cut -d' ' -f1 /proc/loadavg)"
  for k in $(seq 0 $((n-1))); do
    i=$(( (k + r - 1) % n )); v=${VARS[$i]}; tag=v$i
    ENVV=(env); rest=$v; v=${rest%%#*}
    while [[ $rest == *#* ]]; do rest=${rest#*#}; ENVV+=("${rest%%#*}"); done
    if [ $v = dd ]; then
      "${CTL[@]}" idle $XML $DOM 600 > /dev/null 2>&1 & by=$!; sleep 1
      "${ENVV[@]}" taskset -c $CPU ddsperf -i $DOM -D $((SECS + WARM + 2)) pong > $OUT/$tag.b.r$r 2>&1 & pb=$!
      "${ENVV[@]}" taskset -c $CPU ddsperf -i $DOM -D $((SECS + WARM)) ping size 64 > $OUT/$tag.a.r$r 2>&1 || true
      wait $pb; kill $by; wait $by 2>/dev/null
      grep ' size 64 mean' $OUT/$tag.a.r$r | tail -n +$((WARM + 1)) | sed -n 's/.* 50% \([0-9.]*\)us.* 99% \([0-9.]*\)us.* cnt \([0-9]*\).*/\1 \2 \3/p' | awk '{print 2*$1, 2*$2, $3}' > $OUT/$tag.l.r$r
      dd_cpu_pct $OUT/$tag.a.r$r >> $OUT/$tag.cpua; dd_cpu_pct $OUT/$tag.b.r$r >> $OUT/$tag.cpub
    else
      "${ENVV[@]}" taskset -c $CPU $v/ddstuner pother --domain $DOM --app-id 1 > $OUT/$tag.a.r$r 2>&1 & pa=$!
      "${ENVV[@]}" taskset -c $CPU $v/ddstuner pother --domain $DOM --app-id 2 > $OUT/$tag.b.r$r 2>&1 & pb=$!
      if [[ ${VARS[$i]} == *GCRUN=1* ]]; then
        ( sleep ${GCAT:-4}; taskset -c 0 $JAVA_HOME/bin/jcmd $pa GC.run > /dev/null 2>&1; taskset -c 0 $JAVA_HOME/bin/jcmd $pb GC.run > /dev/null 2>&1 ) & gcj=$!
      fi
      "${CTL[@]}" latency $XML $DOM $((SECS + WARM)) 64 1 2 > $OUT/$tag.c.r$r 2>&1 || echo "  failed: $(tail -n 2 $OUT/$tag.c.r$r)"
      kill -TERM $pa $pb 2>/dev/null; wait $pa $pb 2>/dev/null
      f=$OUT/$tag.c.r$r
      paste -d' ' <(ag_values $f rtt_us p50) <(ag_values $f rtt_us p99) <(ag_values $f rtt_us per_s) > $OUT/$tag.l.r$r
      ag_values $f rtt_us cpu_pct >> $OUT/$tag.cpua; ag_values $f echo cpu_pct >> $OUT/$tag.cpub
    fi
    cat $OUT/$tag.l.r$r >> $OUT/$tag.lines
    echo "  r$r $tag ${VARS[$i]} p50=$(awk '{print $1}' $OUT/$tag.l.r$r | med) secs: $(awk '{printf "%.1f ", $1}' $OUT/$tag.l.r$r)"
  done
done
echo "## summary (medians over all measured seconds)"
for i in $(seq 0 $((n-1))); do
  tag=v$i
  p50=$(awk '{print $1}' $OUT/$tag.lines | med); p99=$(awk '{print $2}' $OUT/$tag.lines | med); rts=$(awk '{print $3}' $OUT/$tag.lines | med)
  ca=$(med < $OUT/$tag.cpua); cb=$(med < $OUT/$tag.cpub)
  cpu=$(awk -v a=$ca -v b=$cb -v r=$rts 'BEGIN{printf "%.2f", (a+b)*1e4/r}')
  q1=$(awk '{print $1}' $OUT/$tag.lines | sort -g | awk '{v[NR]=$1} END {print v[int((NR+3)/4)]}')
  below=$(awk '$1 < 32 {print $1}' $OUT/$tag.lines | med)
  echo "$tag ${VARS[$i]} q1=$q1 p50=$p50 p50_below32=$below p99=$p99 rts=$rts cpu_us_rt=$cpu secs=$(wc -l < $OUT/$tag.lines)"
done
