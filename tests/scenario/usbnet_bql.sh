#!/usr/bin/env bash
# usbnet before and after BQL (7ff14c52049e) on the Raspberry Pi 3
# scenario: a UDP flood at the 100 Mbit/s wire and a ping in pfifo_fast's
# band 0 (IP_TOS 0x10).
#  - usbnet-6.18: the URB queue fills to tx_qlen (59) and the driver stops
#    the queue; the ping skips the qdisc backlog but waits behind the URBs:
#    its RTT is above 5 ms, nearly all of it in the driver (tx_ring).
#  - usbnet-6.19: BQL stops the queue with far fewer URBs held; the ping's
#    RTT falls below a third, and the flood still fills the wire.
# Then one small run per application type (ping, udp, stream, http) on
# each era under --check (the driver's URB count and the qTD ring agree,
# txq.qlen never above tx_qlen).
. "$(dirname "$0")/lib.inc"
f=$SRC/scenarios/usbnet-2025-bql.ini
q="d['hosts']['pi']['nic']['txq'][0]"
"$NICSIM" run "$f" --check --json "$T/a.json" >/dev/null || fail "run 6.18"
"$NICSIM" run "$f" --check --set host.pi.driver=usbnet-6.19 --json "$T/b.json" >/dev/null ||
	fail "run 6.19"
a=$(jget "$T/a.json" "d['apps']['ping']['rtt_us']['avg']")
b=$(jget "$T/b.json" "d['apps']['ping']['rtt_us']['avg']")
[ "$(jget "$T/a.json" "$q['ring_max_used'] == 59 and $q['stops'] > 0 and \
d['apps']['ping']['rtt_us']['avg'] > 5000 and d['apps']['ping']['rtt_split_avg_us']['tx_ring'] > 4000")" = True ] ||
	fail "6.18: $(jget "$T/a.json" "$q, d['apps']['ping']")"
[ "$(jget "$T/b.json" "$q['ring_max_used'] < 30 and d['apps']['ping']['rtt_us']['avg'] * 3 < $a and \
d['apps']['flood']['received_mbps'] > 90")" = True ] ||
	fail "6.19: $(jget "$T/b.json" "$q, d['apps']['ping'], d['apps']['flood']")"
for drv in usbnet-6.18 usbnet-6.19; do
	set -- --check --set sim.duration=300ms --set host.pi.driver=$drv
	"$NICSIM" run "$f" "$@" --set app.flood.interval=1ms >/dev/null || fail "$drv ping+udp"
	cat > "$T/s.ini" <<EOT
[sim]
duration = 300ms
[link]
rate = 100Mbit
[host.pi]
platform = cortex-a53
kernel = 6.x
driver = $drv
[host.peer]
platform = x86-64
kernel = 6.x
driver = ideal
[app.s]
type = stream
host = pi
dest = peer
size = 16384
[app.h]
type = http
host = peer
dest = pi
mode = write
size = 8KiB
EOT
	"$NICSIM" run "$T/s.ini" --check --json "$T/s.json" >/dev/null || fail "$drv stream+http"
	[ "$(jget "$T/s.json" "d['apps']['s']['goodput_mbps'] > 50")" = True ] ||
		fail "$drv stream: $(jget "$T/s.json" "d['apps']['s']")"
done
echo "ok: usbnet-6.18 holds 59 URBs and the ping waits $a us; usbnet-6.19 (BQL) $b us"
