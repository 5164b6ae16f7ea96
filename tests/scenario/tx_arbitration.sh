#!/usr/bin/env bash
# NETA TX arbitration on the 2015 scenario: iperf and ping hashed to
# different TX queues. Post order (tx_arbiter's default) makes the ping
# wait at its queue's head for every frame handed over before it, iperf's
# backlog in the rings: most of a millisecond at line rate, and none of
# it behind its own queue. Round robin (tx_arbiter = round-robin) delays
# it by at most the frame on the wire. Giving iperf's queue fixed
# priority (tx_fixed_prio, the TQFPC queue mask) starves the ping while
# that queue has frames (at line rate: always, so every echo request
# stays charged to the socket); giving the ping's queue priority keeps
# it at one frame. The RTT's parts add up to the RTT. Queue numbers come
# from the default run, not from this script.
. "$(dirname "$0")/lib.inc"
f=$SRC/scenarios/mvneta-2015-txqueues.ini
short="--set sim.duration=3100ms"	# no ping due at the very end
"$NICSIM" run "$f" $short --json "$T/po.json" >/dev/null || fail "default (post-order) run"
[ "$(jget "$T/po.json" "500 < d['apps']['ping']['rtt_split_avg_us']['arbiter'] < d['apps']['iperf']['srtt_us'] and d['apps']['ping']['rtt_split_avg_us']['tx_ring'] < 12.4")" = True ] ||
	fail "post order: the ping's waits $(jget "$T/po.json" "d['apps']['ping']['rtt_split_avg_us']"), iperf's srtt $(jget "$T/po.json" "d['apps']['iperf']['srtt_us']")"
[ "$(jget "$T/po.json" "abs(sum(d['apps']['ping']['rtt_split_avg_us'].values()) - d['apps']['ping']['rtt_us']['avg']) < 1.5")" = True ] ||
	fail "the RTT's parts do not add up to it: $(jget "$T/po.json" "d['apps']['ping']")"
"$NICSIM" run "$f" $short --set host.dut.tx_arbiter=round-robin --json "$T/rr.json" >/dev/null ||
	fail "round-robin run"
pq=$(jget "$T/rr.json" "[q['queue'] for q in d['hosts']['dut']['nic']['txq'] if 0 < q['packets'] == d['apps']['ping']['transmitted']][0]")
iq=$(jget "$T/rr.json" "max(d['hosts']['dut']['nic']['txq'], key=lambda q: q['packets'])['queue']")
[ "$pq" != "$iq" ] || fail "ping and iperf share queue $pq; the test needs two"
[ "$(jget "$T/rr.json" "len(d['apps']['ping']['replies']) == d['apps']['ping']['transmitted'] > 0")" = True ] ||
	fail "round robin: ping replies missing"
[ "$(jget "$T/rr.json" "d['apps']['ping']['rtt_split_avg_us']['tx_ring'] + d['apps']['ping']['rtt_split_avg_us']['arbiter'] < 12.4")" = True ] ||
	fail "round robin: ping waited more than one frame time in the ring"

"$NICSIM" run "$f" $short --set host.dut.tx_fixed_prio=$((1 << iq)) --json "$T/iperf.json" >/dev/null ||
	fail "iperf-priority run"
[ "$(jget "$T/iperf.json" "d['apps']['ping']['received'] == 0 and d['apps']['ping']['skbs_held_at_end'] == d['apps']['ping']['transmitted'] > 0")" = True ] ||
	fail "iperf's queue at fixed priority did not starve the ping"
[ "$(jget "$T/iperf.json" "d['hosts']['dut']['nic']['txq'][$pq]['packets'] == 0")" = True ] ||
	fail "the ping's queue sent while iperf's had frames"

"$NICSIM" run "$f" $short --set host.dut.tx_fixed_prio=$((1 << pq)) --json "$T/ping.json" >/dev/null ||
	fail "ping-priority run"
[ "$(jget "$T/ping.json" "len(d['apps']['ping']['replies']) == d['apps']['ping']['transmitted'] > 0")" = True ] ||
	fail "ping priority: replies missing"
[ "$(jget "$T/ping.json" "d['apps']['ping']['rtt_split_avg_us']['tx_ring'] + d['apps']['ping']['rtt_split_avg_us']['arbiter'] < 12.4")" = True ] ||
	fail "ping priority: ping waited more than one frame time in the ring"
echo "ok: post order, round robin, and fixed priority both ways, behave as the arbiter says"

# WRR weights (host.NAME.tx_wrr_weight, TQxAC in 256-byte units): two UDP
# floods above line rate on queues 0 and 1 (tx_select=cpu, one per CPU)
# share the wire 1:1 by default and 1:3 with weights 6 and 18; a weight
# below the largest frame is refused.
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
"$NICSIM" run "$T/wrr.ini" -q --json "$T/eq.json" || fail "equal weights run"
"$NICSIM" run "$T/wrr.ini" -q --set host.dut.tx_wrr_weight=6,18 --json "$T/w.json" || fail "WRR run"
[ "$(ratio "$T/eq.json")" = 1.0 ] || fail "equal weights: queue 1 / queue 0 bytes = $(ratio "$T/eq.json")"
r=$(ratio "$T/w.json")
python3 -c "import sys; sys.exit(not 2.9 < $r < 3.1)" || fail "weights 6:18: queue 1 / queue 0 bytes = $r, want 3"
"$NICSIM" run "$T/wrr.ini" -q --set host.dut.tx_wrr_weight=5 2>"$T/err"; [ $? = 2 ] || fail "weight 5 accepted"
grep -q "at least 6" "$T/err" || fail "weight 5: $(cat "$T/err")"
echo "ok: WRR weights 6:18 share the wire 1:$r; equal weights 1:1; a weight below the MTU refused"
