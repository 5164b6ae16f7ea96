#!/usr/bin/env bash
# qdisc = fq: two TCP streams from two sockets of one host share a 100
# Mbit/s link (ideal NIC, its driver holding 16 skbs); each gets within
# 15% of the other's goodput and together above 85 Mbit/s; fq's tc -s
# counters agree with the generic ones (fq counts what it dequeued, the
# requeued skbs too); --check holds; an fq option
# without qdisc = fq is refused.
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
printf '[host.dut]\nqdisc = fq_codel\nfq_flow_limit = 10\n[host.peer]\n' >"$T/bad.ini"
out=$("$NICSIM" run "$T/bad.ini" 2>&1); rc=$?
[ $rc = 2 ] && echo "$out" | grep -q "bad.ini:3: fq_flow_limit takes effect only with qdisc = fq (this host has fq_codel)" ||
	fail "fq option without fq: $out"
echo "ok: fq shares the link between two sockets"
