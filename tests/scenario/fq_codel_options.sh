#!/usr/bin/env bash
# fq_codel options (host.NAME.fq_codel_*) reach every TX queue's qdisc: a
# UDP flood with a 4 MiB send buffer backs up behind the ring; a shorter
# CoDel target/interval drops far more than the defaults, and limit 5
# keeps the queue at limit + 1 (fq_codel_enqueue counts the packet before
# it drops). An option without qdisc = fq_codel is refused at FILE:LINE.
. "$(dirname "$0")/lib.inc"
f=$SRC/scenarios/mvneta-2014-ping.ini
set -- --set app.flood.type=udp --set app.flood.host=dut --set app.flood.dest=peer \
	--set app.flood.size=1472 --set app.flood.interval=0s --set host.dut.platform=armada-xp \
	--set host.dut.driver=mvneta-3.18 --set host.dut.kernel=4.4 --set host.dut.ethtool.tx-frames=1 \
	--set host.dut.sysctl.wmem_default=4MiB --set host.dut.sysctl.wmem_max=4MiB \
	--set sim.duration=2s --set app.ping.interval=100ms --set host.dut.qdisc=fq_codel
qd="max(d['hosts']['dut']['nic']['txq'], key=lambda q: q['packets'])['qdisc']"
"$NICSIM" run "$f" "$@" --json "$T/def.json" >/dev/null || fail "default run"
"$NICSIM" run "$f" "$@" --set host.dut.fq_codel_target=100us --set host.dut.fq_codel_interval=2ms \
	--json "$T/codel.json" >/dev/null || fail "target run"
"$NICSIM" run "$f" "$@" --set host.dut.fq_codel_limit=5 --json "$T/limit.json" >/dev/null || fail "limit run"
d_drops=$(jget "$T/def.json" "$qd['drops']")
[ "$(jget "$T/def.json" "$qd['kind'] == 'fq_codel' and $qd['max_qlen'] > 100")" = True ] ||
	fail "default: no standing queue to act on"
[ "$(jget "$T/codel.json" "$qd['drops'] > 10 * max($d_drops, 1)")" = True ] ||
	fail "target 100us: drops $(jget "$T/codel.json" "$qd['drops']") vs default $d_drops"
[ "$(jget "$T/limit.json" "$qd['max_qlen'] <= 6 and $qd['drops'] > $d_drops")" = True ] ||
	fail "limit 5: $(jget "$T/limit.json" "$qd")"
printf '[host.dut]\nqdisc = pfifo_fast\nfq_codel_target = 1ms\n[host.peer]\n' >"$T/bad.ini"
out=$("$NICSIM" run "$T/bad.ini" 2>&1); rc=$?
[ $rc = 2 ] && echo "$out" | grep -q "bad.ini:3: fq_codel_target takes effect only with qdisc = fq_codel (this host has pfifo_fast)" ||
	fail "fq_codel option on pfifo_fast not refused: $out"
echo "ok: fq_codel options reach the qdiscs"
