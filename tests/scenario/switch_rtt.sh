#!/usr/bin/env bash
# [switch] with per-host link delays: a ping from a to a near host and one
# to a far host (link_delay 5 ms instead of [link]'s 500 ns) differ by the
# extra propagation both ways, 2 x (5 ms - 500 ns) = 9999 us; the near
# ping crosses two 500 ns links and the switch twice each way. A link_rate
# makes one host's link slower: the ping's frames take longer there.
# --pcap writes one capture per direction of each host link, each frame
# addressed to the MAC of the host that owns its destination address.
. "$(dirname "$0")/lib.inc"
cat >"$T/rtt.ini" <<'INI'
[sim]
duration = 1s
[switch]
[host.a]
driver = ideal
[host.near]
driver = ideal
[host.far]
driver = ideal
link_delay = 5ms
[app.pnear]
type = ping
host = a
dest = near
interval = 100ms
[app.pfar]
type = ping
host = a
dest = far
interval = 100ms
INI
"$NICSIM" run "$T/rtt.ini" --check --quiet --json "$T/rtt.json" --pcap "$T/pc" || fail "run"
[ "$(jget "$T/rtt.json" "d['apps']['pnear']['received'] == d['apps']['pfar']['received'] == 10 and \
9994 < d['apps']['pfar']['rtt_us']['avg'] - d['apps']['pnear']['rtt_us']['avg'] < 10004 and \
d['apps']['pnear']['rtt_us']['avg'] < 100")" = True ] ||
	fail "RTTs $(jget "$T/rtt.json" "d['apps']['pnear']['rtt_us'], d['apps']['pfar']['rtt_us']")"
[ "$(jget "$T/rtt.json" "d['switch']['ports']['far']['link_delay_ns'] == 5e6 and \
d['switch']['ports']['near']['link_delay_ns'] == 500")" = True ] ||
	fail "port delays $(jget "$T/rtt.json" "d['switch']['ports']")"
for f in a-switch switch-a near-switch switch-near far-switch switch-far; do
	[ -s "$T/pc-$f.pcap" ] || fail "no capture pc-$f.pcap"
done
# each frame carries its destination host's MAC (02:..:N, N = 10.0.0.N):
# a's captures hold both pings' requests; far's port only what is far's
python3 - "$T" <<'PY' || fail "captured addresses"
import struct, sys
def frames(name):
    b, o, s = open(f"{sys.argv[1]}/pc-{name}.pcap", "rb").read(), 24, set()
    while o < len(b):
        n = struct.unpack("<I", b[o + 8:o + 12])[0]
        f = b[o + 16:o + 16 + n]
        o += 16 + n
        s.add((f[5], f[11], f[33], f[29]))	# MAC dst, src; IP dst, src (last bytes)
    return s
sys.exit(not (frames("a-switch") == {(2, 1, 2, 1), (3, 1, 3, 1)} and
              frames("switch-far") == {(3, 1, 3, 1)} and
              frames("switch-a") == {(1, 2, 1, 2), (1, 3, 1, 3)}))
PY
# a 10 Mbit/s link to near: each 98-byte frame's last bit (8 + 98 + 4
# bytes) arrives 88 us after its first instead of 0.88 us, once each way:
# 174.2 us more per round trip
"$NICSIM" run "$T/rtt.ini" --quiet --set host.near.link_rate=10Mbit --json "$T/slow.json" ||
	fail "slow run"
[ "$(jget "$T/slow.json" "172 < d['apps']['pnear']['rtt_us']['avg'] - \
$(jget "$T/rtt.json" "d['apps']['pnear']['rtt_us']['avg']") < 177 and \
d['switch']['ports']['near']['link_rate_bps'] == 10000000")" = True ] ||
	fail "10 Mbit/s link RTT $(jget "$T/slow.json" "d['apps']['pnear']['rtt_us']")"
echo ok
