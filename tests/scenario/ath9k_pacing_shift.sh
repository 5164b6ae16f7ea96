#!/usr/bin/env bash
# ath9k before and after mac80211's pacing shift (36148c2bbfbe) on the
# laptop scenario: one TCP flow through an 802.11n A-MPDU link.
#  - ath9k-4.15: the socket's sk_pacing_shift stays 10; TSQ holds the
#    flow most of the time and the A-MPDUs average well under 32 MPDUs
#    (each completion pass frees one A-MPDU's skbs at its block-ack).
#  - ath9k-4.16: shift 8; the A-MPDUs come near 32 and goodput rises.
# Then one small run per application type (ping, udp, stream, http) on
# each era under --check (descriptors, pending_frames and the TID queue
# agree; at most two A-MPDUs in the hardware).
. "$(dirname "$0")/lib.inc"
f=$SRC/scenarios/ath9k-2018-pacing-shift.ini
q="d['hosts']['laptop']['nic']['txq'][0]"
"$NICSIM" run "$f" --check --json "$T/a.json" >/dev/null || fail "run 4.15"
"$NICSIM" run "$f" --check --set host.laptop.driver=ath9k-4.16 --json "$T/b.json" >/dev/null ||
	fail "run 4.16"
a=$(jget "$T/a.json" "d['apps']['iperf']['goodput_mbps']")
b=$(jget "$T/b.json" "d['apps']['iperf']['goodput_mbps']")
[ "$(jget "$T/a.json" "d['apps']['iperf']['limited_by_main'] == 'tsq' and \
$q['reclaimed'] < 24 * $q['reclaim_events'] and $q['tx_frames'] == 32")" = True ] ||
	fail "4.15: $(jget "$T/a.json" "$q, d['apps']['iperf']['limited_by_main']")"
[ "$(jget "$T/b.json" "$q['reclaimed'] > 26 * $q['reclaim_events'] and \
d['apps']['iperf']['goodput_mbps'] > 1.08 * $a")" = True ] ||
	fail "4.16: $(jget "$T/b.json" "$q, d['apps']['iperf']['goodput_mbps']") vs $a"
for drv in ath9k-4.15 ath9k-4.16; do
	cat > "$T/s.ini" <<EOT
[sim]
duration = 300ms
[link]
rate = 1Gbit
[host.sta]
platform = x86-64
kernel = 4.4
driver = $drv
[host.peer]
platform = x86-64
kernel = 6.x
driver = ideal
[app.p]
type = ping
host = sta
dest = peer
interval = 10ms
[app.u]
type = udp
host = sta
dest = peer
size = 1472
interval = 100us
[app.s]
type = stream
host = sta
dest = peer
size = 16384
[app.h]
type = http
host = peer
dest = sta
mode = write
size = 8KiB
EOT
	"$NICSIM" run "$T/s.ini" --check --json "$T/s.json" >/dev/null || fail "$drv smoke"
	[ "$(jget "$T/s.json" "d['apps']['s']['goodput_mbps'] > 20 and \
d['apps']['p']['received'] > 20 and d['apps']['u']['received'] > 1000")" = True ] ||
		fail "$drv smoke: $(jget "$T/s.json" "d['apps']['s'], d['apps']['p'], d['apps']['u']")"
done
echo "ok: ath9k-4.15 $a Mbit/s (shift 10), ath9k-4.16 $b Mbit/s (shift 8)"
