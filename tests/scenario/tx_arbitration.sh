#!/usr/bin/env bash
# NETA TX arbitration (host.NAME.tx_fixed_prio, the TQFPC queue mask) on
# the 2015 scenario: iperf and ping hashed to different TX queues. Round
# robin (the default) delays the ping by at most the frame on the wire;
# giving iperf's queue fixed priority starves the ping while that queue
# has frames (at line rate: always, so every echo request stays charged
# to the socket); giving the ping's queue priority keeps it at one
# frame. Queue numbers come from the default run, not from this script.
. "$(dirname "$0")/lib.inc"
f=$SRC/scenarios/mvneta-2015-txqueues.ini
short="--set sim.duration=3s"
"$NICSIM" run "$f" $short --json "$T/rr.json" >/dev/null || fail "default run"
pq=$(jget "$T/rr.json" "[q['queue'] for q in d['hosts']['dut']['nic']['txq'] if 0 < q['packets'] == d['apps']['ping']['transmitted']][0]")
iq=$(jget "$T/rr.json" "max(d['hosts']['dut']['nic']['txq'], key=lambda q: q['packets'])['queue']")
[ "$pq" != "$iq" ] || fail "ping and iperf share queue $pq; the test needs two"
[ "$(jget "$T/rr.json" "len(d['apps']['ping']['replies']) == d['apps']['ping']['transmitted'] > 0")" = True ] ||
	fail "round robin: ping replies missing"
[ "$(jget "$T/rr.json" "d['apps']['ping']['rtt_split_avg_us']['tx_ring'] < 12.4")" = True ] ||
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
[ "$(jget "$T/ping.json" "d['apps']['ping']['rtt_split_avg_us']['tx_ring'] < 12.4")" = True ] ||
	fail "ping priority: ping waited more than one frame time in the ring"
echo "ok: round robin, and fixed priority both ways, behave as the arbiter says"
