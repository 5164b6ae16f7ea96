#!/usr/bin/env bash
# BBR (host.H.sysctl.tcp_congestion_control or app.NAME.cc = bbr, 6.x
# only): one stream over a 100 Mbit/s link with 5 ms of delay each way
# (pfifo_fast, tx_queue_len 1000, ideal driver) reaches near line rate
# while a concurrent ping's RTT stays within a few ms of the path's 10 ms;
# BBR paces (its pacing rate is set from the bandwidth estimate, near the
# line rate and unlike CUBIC's cwnd/srtt ratio), --check holds, the run
# is deterministic, and bbr on a kernel without EDT is refused at its line.
. "$(dirname "$0")/lib.inc"
cat >"$T/b.ini" <<'INI'
[sim]
duration = 4s
[link]
rate = 100Mbit
delay = 5ms
[host.snd]
driver = ideal
kernel = 6.x
qdisc = pfifo_fast
tx_queue_len = 1000
[host.rcv]
driver = ideal
kernel = 6.x
[app.bulk]
type = stream
host = snd
dest = rcv
cc = bbr
[app.ping]
type = ping
host = snd
dest = rcv
interval = 100ms
INI
"$NICSIM" run "$T/b.ini" --check --quiet --json "$T/bbr.json" || fail "bbr run"
"$NICSIM" run "$T/b.ini" --quiet --json "$T/bbr2.json" || fail "bbr run 2"
cmp -s "$T/bbr.json" "$T/bbr2.json" || fail "bbr runs differ"
"$NICSIM" run "$T/b.ini" --quiet --set app.bulk.cc=cubic --json "$T/cubic.json" || fail "cubic run"
b="d['apps']['bulk']"
# near line rate: 100 Mbit/s less headers (1448 of 1538 wire bytes: 94.1)
[ "$(jget "$T/bbr.json" "88 < $b['goodput_mbps'] < 94.2")" = True ] ||
	fail "bbr goodput $(jget "$T/bbr.json" "$b['goodput_mbps']")"
# about a BDP in flight: the ping waits a few ms at most behind it
[ "$(jget "$T/bbr.json" "d['apps']['ping']['rtt_us']['avg'] < 14000 and \
d['apps']['ping']['rtt_us']['min'] >= 10000")" = True ] ||
	fail "bbr ping $(jget "$T/bbr.json" "d['apps']['ping']['rtt_us']")"
# the pacing rate comes from the bw estimate (gain 0.75..1.25, 1 % under)
[ "$(jget "$T/bbr.json" "0.7 * 94 < $b['pacing_rate_mbps'] < 1.25 * 94.2")" = True ] ||
	fail "bbr pacing rate $(jget "$T/bbr.json" "$b['pacing_rate_mbps']")"
cmp -s "$T/bbr.json" "$T/cubic.json" && fail "bbr and cubic gave the same run"
# refused where the modelled BBR cannot apply
"$NICSIM" run "$T/b.ini" --quiet --set host.snd.kernel=4.4 2>"$T/e" && fail "bbr on 4.4 accepted"
grep -q "b.ini:18: app.bulk: bbr needs kernel 6.x" "$T/e" || fail "4.4: $(cat "$T/e")"
printf '[host.x]\nkernel = 3.13\n[host.x.sysctl]\ntcp_congestion_control = bbr\n[host.y]\n' >"$T/h.ini"
"$NICSIM" run "$T/h.ini" --quiet 2>"$T/e" && fail "bbr sysctl on 3.13 accepted"
grep -q "h.ini:4: bbr needs kernel 6.x" "$T/e" || fail "3.13: $(cat "$T/e")"
echo "ok: bbr reaches line rate with a short queue, paces from its estimate, 6.x only"
