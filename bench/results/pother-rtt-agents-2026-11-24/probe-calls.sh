#!/usr/bin/env bash
# counts libddsc entry probes per process over 3 s of steady state: ddsperf pair, then agents pair
set -u
export JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64; J=$JAVA_HOME/bin/java; XML=/tmp/rtt2/loopback.xml; export CYCLONEDDS_URI=file://$XML
CP=$(cat /tmp/rtt2/cp.txt); DOM=43; O=/tmp/rtt2/probe; mkdir -p $O
EV='probe_libddsc:*'
taskset -c 1 ddsperf -i $DOM -D 12 pong > $O/dd.b 2>&1 & pb=$!
taskset -c 1 ddsperf -i $DOM -D 10 ping size 64 > $O/dd.a 2>&1 & pa=$!
sleep 5; perf stat -e "$EV" -p $pa -x, -o $O/dd.a.stat -- sleep 3 & perf stat -e "$EV" -p $pb -x, -o $O/dd.b.stat -- sleep 3; wait $pa $pb
P=${1:-/tmp/rtt2/prodA}
taskset -c 1 $P/ddstuner pother --domain $DOM --app-id 1 > $O/ag.a 2>&1 & pa=$!
taskset -c 1 $P/ddstuner pother --domain $DOM --app-id 2 > $O/ag.b 2>&1 & pb=$!
taskset -c 0 $J --enable-native-access=ALL-UNNAMED -cp $CP PotherAgentDriver latency $XML $DOM 12 64 1 2 > $O/ag.c 2>&1 & pc=$!
sleep 10; perf stat -e "$EV" -p $pa -x, -o $O/ag.a.stat -- sleep 3 & perf stat -e "$EV" -p $pb -x, -o $O/ag.b.stat -- sleep 3; wait $pc; kill $pa $pb; wait
