#!/usr/bin/env bash
# qdisc = fq: two TCP streams from two sockets of one host share a 100
# Mbit/s link (ideal NIC, its driver holding 16 skbs); each gets within
# 15% of the other's goodput and together above 85 Mbit/s; fq's tc -s
# counters agree with the generic ones (fq counts what it dequeued, the
# requeued skbs too); --check holds; an fq option
# without qdisc = fq is refused.
# The ping that shares the host's one TX queue with the two streams waits
# far less under fq than under pfifo_fast. The driver's ring holds 16 skbs
# and stops the queue, so the streams' backlog waits in the qdisc. fq
# classifies by socket: the ping's raw socket is a flow of its own, each
# request finds that flow empty (detached) and puts it on fq's new-flows
# list, and fq_dequeue serves new flows before old ones (DRR with a
# quantum among the old): the request is the next skb out when the ring
# frees a slot. pfifo_fast has one FIFO per band and the ping shares band
# 1 with the streams (TOS 0 for both): each request waits for the whole
# backlog queued ahead of it.
. "$(dirname "$0")/lib.inc"
cat >"$T/f.ini" <<'INI'
[sim]
duration = 3s
[link]
rate = 100Mbit
[host.dut]
driver = ideal
qdisc = fq
[host.dut.ethtool]
tx = 16
[host.peer]
driver = ideal
[app.bulk1]
type = stream
host = dut
dest = peer
[app.bulk2]
type = stream
host = dut
dest = peer
[app.ping]
type = ping
host = dut
dest = peer
interval = 100ms
INI
"$NICSIM" run "$T/f.ini" --check --quiet --json "$T/f.json" || fail "fq run"
qd="d['hosts']['dut']['nic']['txq'][0]['qdisc']"
a="d['apps']['bulk1']['goodput_mbps']"; b="d['apps']['bulk2']['goodput_mbps']"
[ "$(jget "$T/f.json" "min($a, $b) > 0.85 * max($a, $b) and $a + $b > 85")" = True ] ||
	fail "goodputs $(jget "$T/f.json" "$a") and $(jget "$T/f.json" "$b")"
[ "$(jget "$T/f.json" "$qd['kind'] == 'fq' and $qd['sent_packets'] >= $qd['packets'] and \
$qd['dropped'] == $qd['drops'] and $qd['fastpath'] > 0")" = True ] || fail "fq counters: $(jget "$T/f.json" "$qd")"
# the same host and load under pfifo_fast
"$NICSIM" run "$T/f.ini" --set host.dut.qdisc=pfifo_fast --quiet --json "$T/p.json" || fail "pfifo_fast run"
rtt="d['apps']['ping']['rtt_us']['avg']"; inq="d['apps']['ping']['rtt_split_avg_us']['qdisc']"
fq_rtt=$(jget "$T/f.json" "$rtt") pf_rtt=$(jget "$T/p.json" "$rtt") pf_inq=$(jget "$T/p.json" "$inq")
python3 - "$fq_rtt" "$pf_rtt" "$pf_inq" <<'PY' || fail "ping behind two streams: fq ${fq_rtt}us, pfifo_fast ${pf_rtt}us (${pf_inq}us in the qdisc)"
import sys
fq, pf, pf_inq = map(float, sys.argv[1:])
assert pf_inq > 0.5 * pf, "under pfifo_fast the ping waits in the qdisc, behind the streams"
assert fq < pf / 3, "fq serves the ping's flow ahead of the streams' backlog"
PY
printf '[host.dut]\nqdisc = fq_codel\nfq_flow_limit = 10\n[host.peer]\n' >"$T/bad.ini"
out=$("$NICSIM" run "$T/bad.ini" 2>&1); rc=$?
[ $rc = 2 ] && echo "$out" | grep -q "bad.ini:3: fq_flow_limit takes effect only with qdisc = fq (this host has fq_codel)" ||
	fail "fq option without fq: $out"
echo "ok: fq shares the link between two sockets; a ping waits ${fq_rtt}us under fq, ${pf_rtt}us under pfifo_fast"
