#!/usr/bin/env bash
# iputils ping on a link that never drains (1 bit/s): with ping's own
# SO_SNDBUF (324 -> 4608) and x86-64 6.x echo skbs of 832 bytes (a build
# with MAX_HEADER 32), 12 requests are charged (1 + 12 x 832 <= 9216),
# icmp_seq 13 fails at 2.4 s. Silent retries come once per 200 ms
# interval; oom_count x 100 ms reaches 10 s at the 100th failure, 19.8 s
# later: the first printed error at 22.2 s, plus what the blocking
# recvmsg waits add (SO_RCVTIMEO is 50 jiffies at HZ 250, and 6.x's timer
# wheel runs the timeout one jiffy past it): 22.25 s; then one every
# 51 jiffies less the phase, 0.204 s, as the running kernel shows
# (tests/kernel/part_ping.py).
. "$(dirname "$0")/lib.inc"
cat > "$T/p.ini" <<'INI'
[sim]
duration = 25s
[link]
rate = 1bit
[host.a]
driver = ideal
max_header = 32
[host.b]
driver = ideal
[app.ping]
type = ping
host = a
dest = b
interval = 200ms
INI
"$NICSIM" run "$T/p.ini" --json "$T/p.json" >/dev/null || fail run
[ "$(jget "$T/p.json" "d['apps']['ping']['first_error_seq']")" = 13 ] || fail "first_error_seq != 13"
[ "$(jget "$T/p.json" "round(d['apps']['ping']['first_printed_error_s'], 2)")" = 22.25 ] || fail "first printed error not at 22.25 s"
n=$(jget "$T/p.json" "d['apps']['ping']['errors_printed']")
[ "$n" = 14 ] || fail "errors_printed $n, want 14 (22.25 s to 24.9 s)"
sp=$(jget "$T/p.json" "round((d['apps']['ping']['last_printed_error_s'] - d['apps']['ping']['first_printed_error_s']) / ($n - 1), 3)")
[ "$sp" = 0.204 ] || fail "printed errors $sp s apart, want 0.204"
echo "ok: first ENOBUFS at icmp_seq 13, printed from 22.25 s, one per 51 jiffies"
