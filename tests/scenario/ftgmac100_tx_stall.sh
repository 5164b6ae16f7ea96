#!/usr/bin/env bash
# ftgmac100 before and after fef2843bb49f on the 2024 BMC scenario (a host
# that only sends, so no RX interrupt ever comes):
#  - ftgmac100-6.6: nothing reclaims. The sender stops on its socket
#    (blocked nearly the whole run), every frame queued went out, none was
#    reclaimed. With a send buffer larger than the ring (sndbuf 1 MiB) the
#    ring fills, the queue stops, and the TX watchdog resets the MAC every
#    watchdog_timeo (5 s): 3 or 4 timeouts in 21 s, still nothing reclaimed.
#  - ftgmac100-6.11: the TX interrupt runs the poll; no timeout, the sender
#    is never blocked long and offers hundreds of Mbit/s.
# Every run is under --check (the driver's and the device's rings agree).
. "$(dirname "$0")/lib.inc"
f=$SRC/scenarios/ftgmac100-2024-bmc.ini
q="d['hosts']['bmc']['nic']['txq'][0]"
"$NICSIM" run "$f" --check --json "$T/a.json" >/dev/null || fail "run 6.6"
[ "$(jget "$T/a.json" "$q['reclaimed'] == 0 and $q['packets'] == $q['ring_max_used'] > 0 and \
$q['stops'] == 0 and d['apps']['iperf']['blocked_s'] > 20 and \
d['apps']['iperf']['received'] == d['apps']['iperf']['sent']")" = True ] ||
	fail "6.6 stall: $(jget "$T/a.json" "$q, d['apps']['iperf']")"
"$NICSIM" run "$f" --check --set app.iperf.sndbuf=1MiB --json "$T/b.json" >/dev/null ||
	fail "run 6.6 sndbuf"
[ "$(jget "$T/b.json" "$q['reclaimed'] == 0 and $q['stops'] >= 1 and \
3 <= d['hosts']['bmc']['nic']['tx_timeouts'] <= 4 and d['apps']['iperf']['offered_mbps'] < 1")" = True ] ||
	fail "6.6 watchdog: $(jget "$T/b.json" "$q, d['hosts']['bmc']['nic']['tx_timeouts']")"
"$NICSIM" run "$f" --check --set app.iperf.sndbuf=1MiB --set host.bmc.driver=ftgmac100-6.11 \
	--set sim.duration=3s --json "$T/c.json" >/dev/null || fail "run 6.11"
[ "$(jget "$T/c.json" "d['hosts']['bmc']['nic']['tx_timeouts'] == 0 and \
d['hosts']['bmc']['nic']['irqs_tx_done'] > 0 and $q['reclaimed'] + $q['ring_size'] >= $q['packets'] and \
d['apps']['iperf']['blocked_s'] < 0.5 and d['apps']['iperf']['offered_mbps'] > 500")" = True ] ||
	fail "6.11: $(jget "$T/c.json" "$q, d['hosts']['bmc']['nic'], d['apps']['iperf']['offered_mbps']")"
echo "ok: ftgmac100-6.6 stalls (and times out once the ring fills), ftgmac100-6.11 does not"
