#!/usr/bin/env bash
set -u
export JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64; J=$JAVA_HOME/bin/java; XML=/tmp/rtt2/loopback.xml; export CYCLONEDDS_URI=file://$XML
CP=$(cat /tmp/rtt2/cp.txt); DOM=45; O=/tmp/rtt2/cs; mkdir -p $O
snap() { for p in "$@"; do for t in /proc/$p/task/*; do echo "$p:${t##*/}:$(cat $t/comm | tr ' ' _) $(awk '/^voluntary_ctxt/{v=$2} /^nonvoluntary_ctxt/{n=$2} END{print v, n}' $t/status) $(awk '{print $14+$15}' $t/stat)"; done; done; }
diffsnap() { join <(sort $1) <(sort $2) | awk '{dv=$5-$2; dn=$6-$3; dc=$7-$4; if (dv+dn > 3 || dc > 0) print $1, "vol/s=" dv/3, "invol/s=" dn/3, "cpu%=" dc/3}'; }
taskset -c 1 ddsperf -i $DOM -D 12 pong > $O/dd.b 2>&1 & pb=$!
taskset -c 1 ddsperf -i $DOM -D 10 ping size 64 > $O/dd.a 2>&1 & pa=$!
sleep 5; snap $pa $pb > $O/s0; sleep 3; snap $pa $pb > $O/s1; wait $pa $pb
echo "== ddsperf (ping=$pa pong=$pb)"; diffsnap $O/s0 $O/s1; grep "size 64 mean" $O/dd.a | tail -3 | sed -n 's/.*cnt \([0-9]*\).*/rt\/s \1/p'
P=${1:-/tmp/rtt2/prodA}
taskset -c 1 $P/ddstuner pother --domain $DOM --app-id 1 > $O/ag.a 2>&1 & pa=$!
taskset -c 1 $P/ddstuner pother --domain $DOM --app-id 2 > $O/ag.b 2>&1 & pb=$!
taskset -c 0 $J --enable-native-access=ALL-UNNAMED -cp $CP PotherAgentDriver latency $XML $DOM 12 64 1 2 > $O/ag.c 2>&1 & pc=$!
sleep 9; snap $pa $pb > $O/s0; sleep 3; snap $pa $pb > $O/s1; wait $pc; kill $pa $pb; wait
echo "== agents (transceiver=$pa transponder=$pb)"; diffsnap $O/s0 $O/s1; grep "^rtt_us" $O/ag.c | tail -3 | sed -n 's/.*per_s=\([0-9]*\).*/rt\/s \1/p'
