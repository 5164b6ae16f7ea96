#!/usr/bin/env bash
# virtio_net-6.11's BQL (c8bd1f7f3e61) bounds the bytes in the TX
# virtqueue: BQL stops the qdisc, so the ping waits there instead, and
# its time in the ring is shorter than with 5.3 (by a TSO skb or more);
# bql = off on 6.11 gives 5.3's ring time back. With pfifo_fast and one
# flow the RTT is the same (the FIFO holds what left the ring). Then one smoke run per app type (ping, udp, stream, http)
# under --check on each era. The host side puts a GSO buffer on the wire
# as MTU-sized frames: goodput stays within line rate less framing.
. "$(dirname "$0")/lib.inc"
f=$SRC/scenarios/virtio_net-vm-bulk-ping.ini
q="d['hosts']['vm']['nic']['txq'][0]"
"$NICSIM" run "$f" --check --set host.vm.driver=virtio_net-5.3 --json "$T/a.json" >/dev/null ||
	fail "run 5.3"
"$NICSIM" run "$f" --check --set host.vm.driver=virtio_net-6.11 --json "$T/b.json" >/dev/null ||
	fail "run 6.11"
"$NICSIM" run "$f" --check --set host.vm.driver=virtio_net-6.11 --set host.vm.bql=off \
	--json "$T/c.json" >/dev/null || fail "run 6.11 bql off"
r="d['apps']['ping']['rtt_split_avg_us']"
a=$(jget "$T/a.json" "$r['tx_ring']")
b=$(jget "$T/b.json" "$r['tx_ring']")
c=$(jget "$T/c.json" "$r['tx_ring']")
[ "$(jget "$T/b.json" "$q['bql']['xoffs'] > 0 and $r['qdisc'] > 100 and \
$b < 0.8 * $a and abs($c - $a) < 0.1 * $a")" = True ] ||
	fail "BQL does not bound the ring: ping in ring 5.3 $a us, 6.11 $b, 6.11 bql=off $c"
# the host side segments a GSO buffer: frames of at most MTU + 14 bytes on
# the wire, and goodput within what Ethernet framing allows on 1 Gbit/s
# (1448 payload bytes per 1538 on the wire: 941.5 Mbit/s)
for j in a b c; do
	[ "$(jget "$T/$j.json" "d['apps']['bulk']['goodput_mbps'] <= 941.5 and \
all(x['bytes'] <= 1514 * x['frames'] for x in d['link']['directions']) and \
d['apps']['bulk']['goodput_mbps'] > 900")" = True ] ||
		fail "$j: goodput $(jget "$T/$j.json" "d['apps']['bulk']['goodput_mbps']") Mbit/s or frames above the MTU"
done
for d in virtio_net-4.19 virtio_net-5.3 virtio_net-6.11; do
	for app in "type=ping" "type=udp" "type=stream" "type=http"; do
		"$NICSIM" run "$f" --check --set host.vm.driver=$d --set sim.duration=200ms \
			--set app.bulk.$app --set app.ping.start=10ms --json "$T/s.json" >/dev/null ||
			fail "smoke $d $app"
		[ "$(jget "$T/s.json" "d['apps']['ping']['received'] > 10")" = True ] ||
			fail "smoke $d $app: ping lost"
	done
done
echo "ok: BQL bounds the TX virtqueue (ping in ring: 5.3 $a us, 6.11 $b, bql=off $c); smoke runs pass"
