#!/usr/bin/env bash
# A shaped switch port (host.c.port_rate 100 Mbit/s, port_burst 10 KiB):
# a TCP stream from a to c on 1 Gbit/s links is limited to the shaper's
# rate. The port sends at most rate x time + burst of frame bytes, goodput
# is 1448/1514 of that at most, and the head frames waited for tokens;
# unshaped, the same stream runs near the line rate.
. "$(dirname "$0")/lib.inc"
cat >"$T/sh.ini" <<'INI'
[sim]
duration = 1s
[switch]
[host.a]
driver = ideal
[host.c]
driver = ideal
port_rate = 100Mbit
port_burst = 10KiB
[app.bulk]
type = stream
host = a
dest = c
INI
"$NICSIM" run "$T/sh.ini" --check --quiet --json "$T/sh.json" || fail "run"
p="d['switch']['ports']['c']"
[ "$(jget "$T/sh.json" "$p['tx_bytes'] <= 100e6 / 8 * 1 + 10240 and $p['shaped_wait_us'] > 500000 and \
$p['shaper_rate_bps'] == 100000000 and $p['shaper_burst_bytes'] == 10240")" = True ] ||
	fail "shaped port $(jget "$T/sh.json" "$p")"
[ "$(jget "$T/sh.json" "85 < d['apps']['bulk']['goodput_mbps'] <= 100 * 1448 / 1514 + 0.1")" = True ] ||
	fail "shaped goodput $(jget "$T/sh.json" "d['apps']['bulk']['goodput_mbps']")"
sed '/^port_/d' "$T/sh.ini" >"$T/free.ini"
"$NICSIM" run "$T/free.ini" --quiet --json "$T/free.json" || fail "unshaped run"
[ "$(jget "$T/free.json" "d['apps']['bulk']['goodput_mbps'] > 900 and \
'shaped_wait_us' not in $p")" = True ] ||
	fail "unshaped $(jget "$T/free.json" "d['apps']['bulk']['goodput_mbps'], $p")"
echo ok
