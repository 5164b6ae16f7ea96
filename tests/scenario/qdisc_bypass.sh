#!/usr/bin/env bash
# TCQ_F_CAN_BYPASS (__dev_xmit_skb): an skb that finds its pfifo_fast empty
# and not running goes straight to the driver, never enqueued, so a ping
# alone leaves every qdisc's max_qlen at 0 while its packets are counted;
# a UDP flood that stops the driver's queue still builds a backlog.
. "$(dirname "$0")/lib.inc"
f=$SRC/scenarios/mvneta-2014-ping.ini
"$NICSIM" run "$f" --set app.ping.count=20 --set app.ping.interval=100ms \
	--set host.dut.ethtool.tx-frames=1 --set sim.duration=3s --json "$T/ping.json" >/dev/null ||
	fail "ping run"
"$NICSIM" run "$f" --set app.flood.type=udp --set app.flood.host=dut --set app.flood.dest=peer \
	--set app.flood.size=1472 --set app.flood.interval=0s --set host.dut.platform=armada-xp \
	--set host.dut.driver=mvneta-3.18 --set host.dut.kernel=4.4 --set host.dut.ethtool.tx-frames=1 \
	--set host.dut.sysctl.wmem_default=4MiB --set host.dut.sysctl.wmem_max=4MiB \
	--set sim.duration=1s --json "$T/flood.json" >/dev/null || fail "flood run"
q="[t['qdisc'] for t in d['hosts']['dut']['nic']['txq']]"
[ "$(jget "$T/ping.json" "(sum(x['packets'] for x in $q), max(x['max_qlen'] for x in $q))")" = "(20, 0)" ] ||
	fail "ping: (packets, max_qlen) $(jget "$T/ping.json" "[(x['packets'], x['max_qlen']) for x in $q]")"
[ "$(jget "$T/flood.json" "max(x['max_qlen'] for x in $q) > 100")" = True ] ||
	fail "flood: max_qlen $(jget "$T/flood.json" "[x['max_qlen'] for x in $q]")"
echo "ok: an empty qdisc is bypassed; a stopped driver queue still builds a backlog"
