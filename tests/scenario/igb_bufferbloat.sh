#!/usr/bin/env bash
# What BQL buys a qdisc, on igb-6.x: four TCP streams from an x86-64 host
# (one TX queue, ethtool -L combined 1) fill a 100 Mbit/s link, and a
# ping every 100 ms shares the queue with them.
#  - BQL on (igb_tx_map's netdev_tx_sent_queue): the ring holds only what
#    dql allows, the backlog waits in the qdisc; under pfifo_fast the ping
#    waits behind it, under fq_codel the ping's flow is served at once and
#    its RTT is far lower;
#  - bql = off: nothing stops the stack but the ring's 256 descriptors, so
#    the backlog sits in the ring, which the qdisc cannot reorder: the
#    ping's RTT is mostly TX-ring time and fq_codel no longer helps much.
. "$(dirname "$0")/lib.inc"
{ cat <<'INI'
[sim]
duration = 6s
[link]
rate = 100Mbit
[host.pc]
platform = x86-64
kernel = 6.x
driver = igb-6.x
txq_number = 1
[host.peer]
platform = x86-64
kernel = 6.x
driver = ideal
[app.ping]
type = ping
host = pc
dest = peer
interval = 100ms
start = 1s
cpu = 0
INI
for i in 0 1 2 3; do printf '[app.s%d]\ntype = stream\nhost = pc\ndest = peer\ncpu = %d\n' $i $i; done
} > "$T/b.ini"
for q in pfifo_fast fq_codel; do
	for b in on off; do
		"$NICSIM" run "$T/b.ini" --quiet --json "$T/$q-$b.json" \
			--set host.pc.qdisc=$q --set host.pc.bql=$b || fail "run $q bql=$b"
	done
done
rtt() { jget "$T/$1.json" "d['apps']['ping']['rtt_us']['avg']"; }
split() { jget "$T/$1.json" "d['apps']['ping']['rtt_split_avg_us']['$2']"; }
for r in pfifo_fast-on fq_codel-on pfifo_fast-off fq_codel-off; do
	[ "$(jget "$T/$r.json" "d['apps']['ping']['received'] >= 45 and \
sum(d['apps']['s%d' % i]['goodput_mbps'] for i in range(4)) > 85")" = True ] ||
		fail "$r: pings or goodput short"
done
pf_on=$(rtt pfifo_fast-on) fq_on=$(rtt fq_codel-on) pf_off=$(rtt pfifo_fast-off) fq_off=$(rtt fq_codel-off)
python3 - "$pf_on" "$fq_on" "$pf_off" "$fq_off" "$(split pfifo_fast-on qdisc)" \
	"$(split fq_codel-off tx_ring)" <<'PY' || fail "rtt pfifo_fast/fq_codel: bql on $pf_on/$fq_on us, off $pf_off/$fq_off us"
import sys
pf_on, fq_on, pf_off, fq_off, pf_on_qdisc, fq_off_ring = map(float, sys.argv[1:])
assert fq_on < pf_on / 3, "with BQL fq_codel must cut the ping's RTT"
assert pf_on_qdisc > 0.5 * pf_on, "with BQL the backlog waits in the qdisc"
assert fq_off > 3 * fq_on, "without BQL the ring adds its drain time"
assert fq_off_ring > 0.8 * fq_off, "without BQL the ping waits in the TX ring"
assert fq_off > 0.7 * pf_off, "without BQL fq_codel's advantage shrinks"
PY
echo "ok: igb-6.x ping behind 4 streams at 100 Mbit/s: BQL on pfifo_fast ${pf_on}us fq_codel ${fq_on}us; off ${pf_off}us ${fq_off}us"
