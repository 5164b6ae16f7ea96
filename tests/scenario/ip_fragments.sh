#!/usr/bin/env bash
# Datagrams larger than the MTU leave as IP fragments (__ip_append_data)
# and are reassembled at the receiver (ip_defrag): 4000-byte pings are
# answered with 4008-byte replies and 4000-byte UDP datagrams all arrive;
# with SO_SNDBUF 324 (4608) a 20000-byte UDP datagram fails with ENOBUFS
# at its fifth fragment (1 + 5 x 2304 > 9216 on x86-64 6.x with
# MAX_HEADER 32) and is never sent.
. "$(dirname "$0")/lib.inc"
cat > "$T/f.ini" <<'INI'
[sim]
duration = 3s
[host.a]
max_header = 32
[host.b]
[app.p]
type = ping
host = a
dest = b
interval = 100ms
count = 20
size = 4000
[app.u]
type = udp
host = a
dest = b
interval = 1ms
count = 1000
size = 4000
[app.big]
type = udp
host = a
dest = b
interval = 1ms
count = 5
size = 20000
sndbuf = 324
INI
"$NICSIM" run "$T/f.ini" --json "$T/f.json" >/dev/null || fail run
[ "$(jget "$T/f.json" "d['apps']['p']['received']")" = 20 ] || fail "pings of 4000 bytes not all answered"
jget "$T/f.json" "d['apps']['p']['transcript'][1]" | grep -q '^4008 bytes from' || fail "reply not 4008 bytes"
[ "$(jget "$T/f.json" "d['apps']['u']['received']")" = 1000 ] || fail "fragmented UDP datagrams lost"
[ "$(jget "$T/f.json" "d['apps']['u']['received_bytes']")" = 4000000 ] || fail "UDP bytes"
[ "$(jget "$T/f.json" "d['apps']['big']['received']")" = 0 ] || fail "20000-byte datagram sent"
[ "$(jget "$T/f.json" "d['apps']['big']['sendmsg_enobufs'] > 0")" = True ] || fail "no ENOBUFS for 20000 bytes"
[ "$(jget "$T/f.json" "d['apps']['big']['sk_wmem_alloc_peak']")" = 9217 ] || fail "peak not 1 + 4 x 2304"
echo "ok: fragmented ping and UDP reassembled; a fragment over 2 x sndbuf fails with ENOBUFS"
