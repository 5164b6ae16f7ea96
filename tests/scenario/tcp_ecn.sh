#!/usr/bin/env bash
# Classic ECN end to end: with net.ipv4.tcp_ecn = 1 on the sender (the
# peer keeps the default 2, accept) the flow negotiates ECN; fq_codel then
# marks CE instead of dropping, the receiver echoes ECE until CWR, and the
# sender reduces cwnd once per window without a retransmit. Without ECN
# the same queue costs CoDel drops and retransmits; with the peer at 0 no
# ECN is negotiated. TSQ is opened up (3.13, 16 MiB) so the qdisc holds a
# standing queue at 100 Mbit/s.
. "$(dirname "$0")/lib.inc"
f=$SRC/scenarios/mvneta-2015-txqueues.ini
set -- --set sim.duration=3s --set host.dut.kernel=3.13 --set host.dut.sysctl.tcp_limit_output_bytes=16MiB \
	--set host.dut.qdisc=fq_codel --set host.dut.driver=mvneta-6.x --set link.rate=100Mbit
q="[x['qdisc'] for x in d['hosts']['dut']['nic']['txq'] if x['packets'] > 100]"
"$NICSIM" run "$f" "$@" --json "$T/off.json" >/dev/null || fail "run without ECN"
"$NICSIM" run "$f" "$@" --set host.dut.sysctl.tcp_ecn=1 --json "$T/on.json" >/dev/null || fail "run with ECN"
"$NICSIM" run "$f" "$@" --set host.dut.sysctl.tcp_ecn=1 --set host.peer.sysctl.tcp_ecn=0 \
	--json "$T/refused.json" >/dev/null || fail "run with the peer refusing"
s="d['apps']['iperf']"
[ "$(jget "$T/off.json" "not $s['ecn'] and sum(x['codel_drops'] for x in $q) > 0 and $s['retransmits'] > 0 and sum(x['ecn_mark'] for x in $q) == 0")" = True ] ||
	fail "without ECN: expected CoDel drops and retransmits"
[ "$(jget "$T/on.json" "$s['ecn'] and sum(x['codel_drops'] for x in $q) == 0 and $s['retransmits'] == 0 and sum(x['ecn_mark'] for x in $q) > 0")" = True ] ||
	fail "with ECN: expected marks instead of drops, no retransmits"
[ "$(jget "$T/on.json" "0 < $s['cwr_events'] <= sum(x['ecn_mark'] for x in $q) <= $s['ce_received'] and $s['ece_acks'] >= $s['cwr_events']")" = True ] ||
	fail "with ECN: marks $(jget "$T/on.json" "[x['ecn_mark'] for x in $q]"), CE $(jget "$T/on.json" "$s['ce_received']"), ECE $(jget "$T/on.json" "$s['ece_acks']"), CWR $(jget "$T/on.json" "$s['cwr_events']")"
[ "$(jget "$T/refused.json" "not $s['ecn'] and sum(x['ecn_mark'] for x in $q) == 0")" = True ] ||
	fail "peer tcp_ecn 0: ECN was negotiated anyway"
echo "ok: CE -> ECE -> CWR replaces CoDel drops when both ends allow ECN"
