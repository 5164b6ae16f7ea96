#!/usr/bin/env bash
# The tsnep family runs the shipped workloads under --check (the driver's
# and the device's rings agree after every event), in both eras, with the
# board sending: ping (every reply back), udp (every datagram received),
# stream and http (TCP data delivered); a datagram or two may be in flight at the end. Short runs; no timing asserted.
. "$(dirname "$0")/lib.inc"
f=$SRC/scenarios/tsnep-2022-throttle.ini
for era in tsnep-5.17 tsnep-6.2; do
	base=(--set host.board.driver=$era --set sim.duration=200ms --set app.iperf.host=board
	      --set app.iperf.dest=pc)
	"$NICSIM" run "$f" --check "${base[@]}" --set app.iperf.type=ping --set app.iperf.count=20 \
		--set app.iperf.interval=5ms --json "$T/ping.json" >/dev/null || fail "$era ping"
	[ "$(jget "$T/ping.json" "d['apps']['iperf']['received'] == d['apps']['iperf']['transmitted'] == 20")" = True ] ||
		fail "$era ping: $(jget "$T/ping.json" "d['apps']['iperf']")"
	"$NICSIM" run "$f" --check "${base[@]}" --set app.iperf.type=udp --set app.iperf.size=1400 \
		--set app.iperf.interval=20us --json "$T/udp.json" >/dev/null || fail "$era udp"
	[ "$(jget "$T/udp.json" "d['apps']['iperf']['sent'] > 1000 and \
d['apps']['iperf']['received'] >= d['apps']['iperf']['sent'] - 2 and d['apps']['iperf']['lost'] == 0")" = True ] ||
		fail "$era udp: $(jget "$T/udp.json" "d['apps']['iperf']")"
	for app in stream http; do
		"$NICSIM" run "$f" --check "${base[@]}" --set app.iperf.type=$app \
			--json "$T/$app.json" >/dev/null || fail "$era $app"
		[ "$(jget "$T/$app.json" "d['apps']['iperf']['goodput_mbps'] > 100")" = True ] ||
			fail "$era $app: $(jget "$T/$app.json" "d['apps']['iperf']['goodput_mbps']")"
	done
done
echo "ok: ping, udp, stream and http run on tsnep-5.17 and tsnep-6.2 under --check"
