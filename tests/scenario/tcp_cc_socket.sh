#!/usr/bin/env bash
# app.NAME.cc is setsockopt(TCP_CONGESTION) on the sending socket: a stream
# with cc = reno on a host whose tcp_congestion_control is cubic runs as
# the same stream on a reno host (results byte-identical), cc = cubic on a
# reno host as the default cubic one, and reno differs from cubic on a
# lossy 100 Mbit/s path (the choice takes effect). Only stream and http
# apps have a TCP socket: a ping with cc is refused at its line, and an
# unknown algorithm is refused with the choices.
. "$(dirname "$0")/lib.inc"
cat > "$T/s.ini" <<'INI'
[sim]
duration = 2s
[link]
rate = 100Mbit
delay = 5ms
loss = 0.001
[host.a]
platform = x86-64
kernel = 6.x
[host.b]
platform = x86-64
kernel = 6.x
[app.s]
type = stream
host = a
dest = b
INI
run() { "$NICSIM" run "$T/s.ini" --quiet --json "$T/$1.json" "${@:2}" || fail "run $1"; }
run cubic
run reno_app --set app.s.cc=reno
run reno_host --set host.a.sysctl.tcp_congestion_control=reno
run cubic_app --set host.a.sysctl.tcp_congestion_control=reno --set app.s.cc=cubic
cmp -s "$T/reno_app.json" "$T/reno_host.json" || fail "cc = reno differs from a reno host"
cmp -s "$T/cubic_app.json" "$T/cubic.json" || fail "cc = cubic on a reno host differs from cubic"
cmp -s "$T/reno_app.json" "$T/cubic.json" && fail "reno and cubic gave the same run"
printf '[app.p]\ntype = ping\nhost = a\ndest = b\ncc = reno\n' >> "$T/s.ini"
"$NICSIM" run "$T/s.ini" --quiet 2>"$T/e" && fail "a ping with cc accepted"
grep -qE "s.ini:[0-9]+: app.p: a ping app takes no cc" "$T/e" || fail "ping: $(cat "$T/e")"
"$NICSIM" run "$T/s.ini" --quiet --set app.s.cc=vegas 2>"$T/e" && fail "cc = vegas accepted"
grep -q "'vegas' is not one of cubic, reno, bbr" "$T/e" || fail "vegas: $(cat "$T/e")"
echo "ok: app cc = the host's sysctl for that socket; refused on ping and for unknown names"
