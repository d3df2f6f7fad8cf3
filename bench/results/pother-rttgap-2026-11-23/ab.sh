#!/usr/bin/env bash
# ab.sh ROUNDS SECS VARIANT... ; VARIANT = dd | class dir (ours). Latency pair only, as bench/pother-vs-ddsperf.sh.
# per run: per-second p50/p99 (first WARM s dropped), CPU% per process per second; summary medians per variant.
set -u
R=$1; SECS=$2; shift 2; VARS=("$@")
WARM=${WARM:-3}; CPU=${CPU:-1}
export CYCLONEDDS_URI=file:///tmp/rtt/loopback.xml
OUT=${OUT:-/tmp/rtt/ab}; rm -rf $OUT; mkdir -p $OUT
med() { sort -g | awk '{v[NR]=$1} END { if (NR==0) {print "na"; exit} print (NR%2)? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2 }'; }
dd_cpu_pct() { grep ' rss:' "$1" | tail -n +$((WARM + 1)) | awk '{ c = 0; for (i = 1; i <= NF; i++) if ($i ~ /:[0-9]+%\+[0-9]+%$/) {
  split($i, a, ":"); split(a[length(a)], b, "+"); c += b[1] + b[2] } print c }'; }
po_cpu_pct() { grep "$2" "$1" | sed -n 's/.*cpu_ms=\([0-9.]*\).*/\1/p' | awk 'NR > 1 { print (($1 - p) / 10) } { p = $1 }' | tail -n +$WARM; }
n=${#VARS[@]}
for r in $(seq 1 $R); do
  echo "# round $r $(date -u +%H:%M:%S) load $(cut -d' ' -f1 /proc/loadavg)"
  for k in $(seq 0 $((n-1))); do
    i=$(( (k + r - 1) % n )); v=${VARS[$i]}; tag=v$i
    ENVV=(); if [[ $v == *#* ]]; then ENVV=(env "${v#*#}"); v=${v%%#*}; fi
    if [ $v = dd ]; then
      "${ENVV[@]}" taskset -c $CPU ddsperf -D $((SECS + WARM + 2)) pong > $OUT/$tag.b.r$r 2>&1 & pb=$!
      "${ENVV[@]}" taskset -c $CPU ddsperf -D $((SECS + WARM)) ping size 64 > $OUT/$tag.a.r$r 2>&1 || true
      wait $pb
      grep ' size 64 mean' $OUT/$tag.a.r$r | tail -n +$((WARM + 1)) | sed -n 's/.* 50% \([0-9.]*\)us.* 99% \([0-9.]*\)us.* cnt \([0-9]*\).*/\1 \2 \3/p' | awk '{print 2*$1, 2*$2, $3}' >> $OUT/$tag.lines
      dd_cpu_pct $OUT/$tag.a.r$r >> $OUT/$tag.cpua; dd_cpu_pct $OUT/$tag.b.r$r >> $OUT/$tag.cpub
      paste <(dd_cpu_pct $OUT/$tag.a.r$r) <(dd_cpu_pct $OUT/$tag.b.r$r) <(grep ' size 64 mean' $OUT/$tag.a.r$r | tail -n +$((WARM + 1)) | sed -n 's/.* cnt \([0-9]*\).*/\1/p') | awk 'NF==3 {c+=$1+$2; n+=$3} END { if (n>0) printf "%.3f\n", c*1e4/n }' >> $OUT/$tag.exact
    else
      cp=${v%%@*}; vo=""; [[ $v == *@* ]] && vo=$(echo "${v#*@}" | tr ',' ' ')
      J=("${ENVV[@]}" taskset -c $CPU /usr/lib/jvm/temurin-25-jdk-amd64/bin/java --enable-native-access=ALL-UNNAMED ${JOPTS:-} $vo -cp $cp PotherBench)
      "${J[@]}" transponder /tmp/rtt/loopback.xml $((SECS + WARM + 7)) > $OUT/$tag.b.r$r 2>&1 & pb=$!
      "${J[@]}" transceiver /tmp/rtt/loopback.xml $((SECS + WARM)) 64 > $OUT/$tag.a.r$r 2>&1 || true
      kill $pb 2>/dev/null; wait $pb 2>/dev/null
      grep '^rtt_us ' $OUT/$tag.a.r$r | tail -n +$((WARM + 1)) | sed -n 's/.* p50=\([0-9.]*\).* p99=\([0-9.]*\).* count=\([0-9]*\).*/\1 \2 \3/p' >> $OUT/$tag.lines
      po_cpu_pct $OUT/$tag.a.r$r '^rtt_us ' >> $OUT/$tag.cpua; po_cpu_pct $OUT/$tag.b.r$r '^echo ' >> $OUT/$tag.cpub
      ta=$(grep '^rtt_us ' $OUT/$tag.a.r$r | sed -n 's/.*count=\([0-9]*\).*cpu_ms=\([0-9.]*\).*/\1 \2/p' | awk -v w=$WARM 'NR==w {c0=$2} NR>w {n+=$1; c1=$2} END {printf "%.0f %.3f", n, c1-c0}')
      tb=$(grep '^echo ' $OUT/$tag.b.r$r | sed -n 's/.*echoed=\([0-9]*\) cpu_ms=\([0-9.]*\).*/\1 \2/p' | awk -v w=$WARM 'NR==w {e0=$1; c0=$2} NR>w && NR<=w+'$SECS' {e1=$1; c1=$2} END {printf "%.0f %.3f", e1-e0, c1-c0}')
      echo "$ta $tb" | awk '{ if ($1>0 && $3>0) printf "%.3f\n", $2*1000/$1 + $4*1000/$3 }' >> $OUT/$tag.exact
    fi
    # this run alone
    p50=$(grep -h . $OUT/$tag.a.r$r >/dev/null; tail -n $SECS $OUT/$tag.lines | awk '{print $1}' | med)
    echo "  r$r $v p50=$p50"
  done
done
echo "## summary (medians over all measured seconds)"
for i in $(seq 0 $((n-1))); do
  tag=v$i
  p50=$(awk '{print $1}' $OUT/$tag.lines | med); p99=$(awk '{print $2}' $OUT/$tag.lines | med); rts=$(awk '{print $3}' $OUT/$tag.lines | med)
  ca=$(med < $OUT/$tag.cpua); cb=$(med < $OUT/$tag.cpub)
  cpu=$(awk -v a=$ca -v b=$cb -v r=$rts 'BEGIN{printf "%.2f", (a+b)*1e4/r}')
  q1=$(awk '{print $1}' $OUT/$tag.lines | sort -g | awk '{v[NR]=$1} END {print v[int((NR+3)/4)]}')
  echo "${VARS[$i]} q1=$q1 p50=$p50 p99=$p99 rts=$rts cpu_us_rt=$cpu secs=$(wc -l < $OUT/$tag.lines) cpu_exact_runs=$(tr '\n' ' ' < $OUT/$tag.exact) cpu_exact_med=$(med < $OUT/$tag.exact)"
done
