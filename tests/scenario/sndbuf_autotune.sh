#!/usr/bin/env bash
# TCP send-buffer autotuning of the 6.x profile (tcp_sndbuf_expand, 6.18
# net/ipv4/tcp_input.c): sk_sndbuf is 2 x nr_segs x per_mss, per_mss =
# roundup_pow_of_two(mss_clamp + MAX_TCP_HEADER + shinfo) + sk_buff =
# roundup_pow_of_two(1460 + 320 + 320) + 256 = 4352 on x86-64; set up for
# the initial window at the handshake (2 x 10 x 4352 = 87040), then grown
# with cwnd in steps of 2 x 4352. SO_SNDBUF locks it; 3.12 keeps the
# tcp_wmem default until the first expansion (its 3.x form).
# tests/kernel/part_tcp.py compares the same figures with the kernel.
. "$(dirname "$0")/lib.inc"
cat > "$T/s.ini" <<'INI'
[link]
rate = 100Mbit
delay = 10us
[host.a]
kernel = 6.x
[host.b]
kernel = 6.x
[app.s]
type = stream
host = a
dest = b
INI
run() { local o=$1; shift; "$NICSIM" run "$T/s.ini" "$@" --json "$T/$o.json" >/dev/null || fail "run $o"; }
i="d['apps']['s']['sk_sndbuf']"
run conn --set sim.duration=100us
run grown --set sim.duration=500ms
run locked --set sim.duration=500ms --set app.s.sndbuf=100000
run old --set sim.duration=100us --set host.a.kernel=3.12 --set host.b.kernel=3.12
[ "$(jget "$T/conn.json" "$i")" = 87040 ] || fail "after connect: $(jget "$T/conn.json" "$i"), not 87040"
[ "$(jget "$T/grown.json" "$i % 8704 == 0 and $i > 87040")" = True ] ||
	fail "grown: $(jget "$T/grown.json" "$i") is not a multiple of 8704 above 87040"
[ "$(jget "$T/locked.json" "$i")" = 200000 ] || fail "locked: $(jget "$T/locked.json" "$i")"
[ "$(jget "$T/old.json" "$i")" = 16384 ] || fail "3.12 after connect: $(jget "$T/old.json" "$i")"
echo "ok: 6.x sizes sk_sndbuf for 10 segments at connect and grows it by 2 x 4352 per cwnd segment"
