#!/usr/bin/env bash
# NETA TX arbitration on the 2015 scenario: iperf and ping on different
# TX queues (app.NAME.hash_pick fixes the flow hash's pick). At reset
# (tx_arbiter's default, fixed-priority: TQFPC = every queue) the
# highest-numbered queue with a frame goes first: with iperf's queue
# above the ping's, the ping's queue sends nothing while iperf's has
# frames (at line rate: always, so every echo request stays charged to
# the socket); with the ping's queue above, the ping waits at most the
# frame on the wire. Post order (tx_arbiter = post-order, a what-if)
# makes the ping wait at its queue's head for every frame handed over
# before it, iperf's backlog in the rings: most of a millisecond at line
# rate, and none of it behind its own queue. Round robin (tx_arbiter =
# round-robin) delays it by at most the frame on the wire. Writing TQFPC
# (tx_fixed_prio) with iperf's queue alone starves the ping as the reset
# state does. The RTT's parts add up to the RTT.
. "$(dirname "$0")/lib.inc"
f=$SRC/scenarios/mvneta-2015-txqueues.ini
short="--set sim.duration=3100ms"	# no ping due at the very end
lo="--set app.iperf.hash_pick=5 --set app.ping.hash_pick=2"	# ping below iperf
hi="--set app.iperf.hash_pick=2 --set app.ping.hash_pick=5"	# ping above iperf
starved() {
	[ "$(jget "$1" "d['apps']['ping']['received'] == 0 and d['apps']['ping']['skbs_held_at_end'] == d['apps']['ping']['transmitted'] > 0")" = True ] ||
		fail "$2: the ping was not starved: $(jget "$1" "d['apps']['ping']")"
	[ "$(jget "$1" "d['hosts']['dut']['nic']['txq'][$3]['packets'] == 0 < d['hosts']['dut']['nic']['txq'][$4]['packets']")" = True ] ||
		fail "$2: the ping's queue $3 sent while iperf's, $4, had frames"
}
one_frame() {
	[ "$(jget "$1" "len(d['apps']['ping']['replies']) == d['apps']['ping']['transmitted'] > 0")" = True ] ||
		fail "$2: ping replies missing"
	[ "$(jget "$1" "d['apps']['ping']['rtt_split_avg_us']['tx_ring'] + d['apps']['ping']['rtt_split_avg_us']['arbiter'] < 12.4")" = True ] ||
		fail "$2: ping waited more than one frame time in the ring: $(jget "$1" "d['apps']['ping']['rtt_split_avg_us']")"
}
"$NICSIM" run "$f" $short $lo --json "$T/fl.json" >/dev/null || fail "default (fixed-priority) run, ping below"
starved "$T/fl.json" "fixed priority, ping below iperf" 2 5
"$NICSIM" run "$f" $short $hi --json "$T/fh.json" >/dev/null || fail "default (fixed-priority) run, ping above"
one_frame "$T/fh.json" "fixed priority, ping above iperf"
"$NICSIM" run "$f" $short $lo --set host.dut.tx_arbiter=post-order --json "$T/po.json" >/dev/null ||
	fail "post-order run"
[ "$(jget "$T/po.json" "500 < d['apps']['ping']['rtt_split_avg_us']['arbiter'] < d['apps']['iperf']['srtt_us'] and d['apps']['ping']['rtt_split_avg_us']['tx_ring'] < 12.4")" = True ] ||
	fail "post order: the ping's waits $(jget "$T/po.json" "d['apps']['ping']['rtt_split_avg_us']"), iperf's srtt $(jget "$T/po.json" "d['apps']['iperf']['srtt_us']")"
[ "$(jget "$T/po.json" "abs(sum(d['apps']['ping']['rtt_split_avg_us'].values()) - d['apps']['ping']['rtt_us']['avg']) < 1.5")" = True ] ||
	fail "the RTT's parts do not add up to it: $(jget "$T/po.json" "d['apps']['ping']")"
"$NICSIM" run "$f" $short $lo --set host.dut.tx_arbiter=round-robin --json "$T/rr.json" >/dev/null ||
	fail "round-robin run"
one_frame "$T/rr.json" "round robin"
"$NICSIM" run "$f" $short $hi --set host.dut.tx_arbiter=round-robin --set host.dut.tx_fixed_prio=$((1 << 2)) \
	--json "$T/iperf.json" >/dev/null || fail "iperf-priority run"
starved "$T/iperf.json" "TQFPC = iperf's queue" 5 2
echo "ok: fixed priority both ways, post order, round robin, and TQFPC written, behave as the arbiter says"

# WRR weights (host.NAME.tx_wrr_weight, TQxAC in 256-byte units, each
# queue's TQFPC bit cleared as Marvell's HAL does): two UDP floods above
# line rate on queues 0 and 1 (tx_select=cpu, one per CPU) share the wire
# 1:1 under round robin and 1:3 with weights 6 and 18; a weight below the
# largest frame is refused.
cat >"$T/wrr.ini" <<'INI'
[sim]
duration = 200ms
[link]
rate = 1Gbit
[host.dut]
platform = armada-xp
kernel = 4.4
driver = mvneta-4.4
tx_select = cpu
[host.peer]
platform = x86-64
kernel = 4.4
driver = ideal
[app.u0]
type = udp
host = dut
dest = peer
size = 1472
interval = 5us
cpu = 0
[app.u1]
type = udp
host = dut
dest = peer
size = 1472
interval = 5us
cpu = 1
INI
ratio() { jget "$1" "round(d['hosts']['dut']['nic']['txq'][1]['bytes'] / d['hosts']['dut']['nic']['txq'][0]['bytes'], 2)"; }
"$NICSIM" run "$T/wrr.ini" -q --set host.dut.tx_arbiter=round-robin --json "$T/eq.json" || fail "round-robin run"
"$NICSIM" run "$T/wrr.ini" -q --set host.dut.tx_wrr_weight=6,18 --json "$T/w.json" || fail "WRR run"
[ "$(ratio "$T/eq.json")" = 1.0 ] || fail "round robin: queue 1 / queue 0 bytes = $(ratio "$T/eq.json")"
r=$(ratio "$T/w.json")
python3 -c "import sys; sys.exit(not 2.9 < $r < 3.1)" || fail "weights 6:18: queue 1 / queue 0 bytes = $r, want 3"
"$NICSIM" run "$T/wrr.ini" -q --set host.dut.tx_wrr_weight=5 2>"$T/err"; [ $? = 2 ] || fail "weight 5 accepted"
grep -q "at least 6" "$T/err" || fail "weight 5: $(cat "$T/err")"
echo "ok: WRR weights 6:18 share the wire 1:$r; round robin 1:1; a weight below the MTU refused"
