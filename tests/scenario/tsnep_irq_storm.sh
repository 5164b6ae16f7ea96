#!/usr/bin/env bash
# tsnep before and after d3dfe8d6c040 "tsnep: Throttle interrupts" on the
# 2022 iperf-server scenario (the board receives a TCP stream at 1 GbE):
#  - tsnep-5.17: no interrupt delay: an interrupt every few frames (more
#    than 40 000 a second, under 25 us apart), CPU 0 saturated.
#  - tsnep-6.2: the 64 us delay: never two interrupts less than 64 us apart
#    (at most 15 626 in a second), CPU 0 well below saturation, line rate.
#  - tsnep-6.2 with ethtool rx-usecs 0: the storm again; the delay, not
#    the rest of the 6.2 driver, removes it.
# 0.5 s runs under --check (the driver's and the device's rings agree).
. "$(dirname "$0")/lib.inc"
f=$SRC/scenarios/tsnep-2022-throttle.ini
b="d['hosts']['board']"
run() {	# NAME SETTINGS...
	local n=$1; shift
	"$NICSIM" run "$f" --check --set sim.duration=1s "$@" --json "$T/$n.json" >/dev/null ||
		fail "run $n"
}
run old
run new --set host.board.driver=tsnep-6.2
run new0 --set host.board.driver=tsnep-6.2 --set host.board.ethtool.rx-usecs=0
[ "$(jget "$T/old.json" "$b['irqs']['tsnep'] > 40000 and $b['cpus'][0]['busy_total_pct'] > 95 and \
$b['nic']['irqs_rx'] > 0.9 * $b['irqs']['tsnep'] and $b['nic']['rx_no_desc_drops'] == 0")" = True ] ||
	fail "5.17 storm: $(jget "$T/old.json" "$b['irqs'], $b['cpus'][0]['busy_total_pct']")"
[ "$(jget "$T/new.json" "0 < $b['irqs']['tsnep'] <= 15626 and $b['cpus'][0]['busy_total_pct'] < 80 and \
d['apps']['iperf']['goodput_mbps'] > 930")" = True ] ||
	fail "6.2 throttled: $(jget "$T/new.json" "$b['irqs'], $b['cpus'][0]['busy_total_pct'], \
d['apps']['iperf']['goodput_mbps']")"
[ "$(jget "$T/new0.json" "$b['irqs']['tsnep'] > 40000 and $b['cpus'][0]['busy_total_pct'] > 95")" = True ] ||
	fail "6.2 rx-usecs 0: $(jget "$T/new0.json" "$b['irqs'], $b['cpus'][0]['busy_total_pct']")"
echo "ok: tsnep-5.17 storms and saturates CPU 0, tsnep-6.2's 64 us delay removes it, rx-usecs 0 brings it back"
