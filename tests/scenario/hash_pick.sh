#!/usr/bin/env bash
# app.NAME.hash_pick fixes what the flow hash picks, so a study can run
# every outcome of the per-boot lottery. With XPS (mvneta-6.x on the
# 2-core Armada 38x: CPU 1 may use queues 1, 3, 5 and 7) pick N is the
# N-th of the sending CPU's queues; without XPS (mvneta-4.4) it is queue
# N of the eight. A driver that picks queues by CPU has no hash to fix:
# refused (exit 2), naming the driver's way.
. "$(dirname "$0")/lib.inc"
bql=$SRC/scenarios/mvneta-2017-bql.ini
txq=$SRC/scenarios/mvneta-2015-txqueues.ini
short="--set sim.duration=1400ms --set app.ping.start=500ms --set host.dut.tx_arbiter=round-robin"	# every queue sends, no ping due at the end
ping_queue() { jget "$1" "[q['queue'] for q in d['hosts']['dut']['nic']['txq'] if 0 < q['packets'] == d['apps']['ping']['transmitted']]"; }
for n in 0 1 2 3 5; do
	"$NICSIM" run "$bql" $short --set app.ping.cpu=1 --set app.ping.hash_pick=$n --json "$T/x$n.json" -q ||
		fail "XPS run, pick $n"
	want="[$(( (2 * n + 1) % 8 ))]"
	[ $n = 5 ] && want="[3]"	# the 5th modulo the CPU's 4 queues
	[ "$(ping_queue "$T/x$n.json")" = "$want" ] || fail "XPS, pick $n: ping on $(ping_queue "$T/x$n.json"), want $want"
done
"$NICSIM" run "$txq" $short --set app.ping.hash_pick=5 --set app.iperf.hash_pick=2 --json "$T/h.json" -q ||
	fail "no-XPS run"
[ "$(ping_queue "$T/h.json")" = "[5]" ] || fail "no XPS, pick 5: ping on $(ping_queue "$T/h.json")"
[ "$(jget "$T/h.json" "max(d['hosts']['dut']['nic']['txq'], key=lambda q: q['packets'])['queue']")" = 2 ] ||
	fail "no XPS: iperf not on queue 2"
"$NICSIM" run "$txq" $short --set host.dut.tx_select=cpu --set app.ping.hash_pick=1 -q 2>"$T/err"
[ $? = 2 ] || fail "hash_pick with tx_select=cpu accepted"
grep -q "hash_pick cannot take effect: dut's driver picks TX queues by CPU" "$T/err" || fail "message: $(cat "$T/err")"
echo "ok: hash_pick picks among the CPU's XPS queues, or among all without XPS; refused where no hash picks"
