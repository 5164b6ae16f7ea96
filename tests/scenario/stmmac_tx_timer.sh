#!/usr/bin/env bash
# The stmmac TX coalesce timer per era, on a board that only sends UDP
# (no RX, so no RX poll reclaims) with SO_SNDBUF 16 KiB (7 datagrams of
# 1472 bytes, fewer descriptors than any era's tx-frames):
#  - bulk: stmmac-3.18 and 4.0 complete only when the 40 ms timer runs
#    (HZ 100: 4 jiffies), a few Mbit/s; stmmac-4.19's 1 ms timer (one
#    jiffy) and stmmac-6.x's 5 ms hrtimer give several times more;
#    stmmac-4.0 with tx-usecs 1000 (ethtool -C) does as 4.19;
#  - paced, a datagram every 10 ms: in 3.18 and 4.0 every xmit pushes the
#    40 ms timer back, so it runs only once the sender has blocked on its
#    socket; in 4.19 and 6.x it runs between datagrams and the sender never
#    blocks.
#  - a datagram every 2 ms: 6.x's hrtimer, restarted by each xmit, runs
#    only once the sender has blocked; 7.2's runs 5 ms after the first
#    pending datagram and the sender never blocks.
# Every run is under --check (the driver's and the device's rings agree).
. "$(dirname "$0")/lib.inc"
cat > "$T/u.ini" <<'INI'
[sim]
duration = 2s
[link]
rate = 100Mbit
[host.board]
platform = cortex-a9
kernel = 3.13
driver = stmmac-4.0
[host.peer]
platform = x86-64
kernel = 3.13
driver = ideal
[app.u]
type = udp
host = board
dest = peer
size = 1472
interval = 0s
sndbuf = 16KiB
INI
u="d['apps']['u']"
n="d['hosts']['board']['nic']"
run() { "$NICSIM" run "$T/u.ini" --check --quiet --json "$T/$1.json" "${@:2}" || fail "run $1"; }
for d in stmmac-3.18 stmmac-4.0; do
	run "$d" --set host.board.driver=$d
	[ "$(jget "$T/$d.json" "$u['offered_mbps'] < 8 and 45 <= $n['tx_done_timer_runs'] <= 51 and \
$n['irqs_rx'] == 0")" = True ] || fail "$d bulk: $(jget "$T/$d.json" "$u, $n")"
done
for d in stmmac-4.19 stmmac-6.x; do
	run "$d" --set host.board.driver=$d
	[ "$(jget "$T/$d.json" "$u['offered_mbps'] > 3 * $(jget "$T/stmmac-4.0.json" "$u['offered_mbps']")")" = True ] ||
		fail "$d bulk: $(jget "$T/$d.json" "$u, $n")"
done
run us --set host.board.ethtool.tx-usecs=1000
[ "$(jget "$T/us.json" "$u['offered_mbps'] > 3 * $(jget "$T/stmmac-4.0.json" "$u['offered_mbps']")")" = True ] ||
	fail "4.0 tx-usecs 1000: $(jget "$T/us.json" "$u, $n")"
for d in stmmac-3.18 stmmac-4.0 stmmac-4.19 stmmac-6.x; do
	run "p$d" --set host.board.driver=$d --set app.u.interval=10ms
done
for d in stmmac-3.18 stmmac-4.0; do
	[ "$(jget "$T/p$d.json" "$u['blocked'] >= 5 and $n['tx_done_timer_runs'] <= $u['blocked'] + 4 and \
$u['sent'] < 190")" = True ] || fail "$d paced: $(jget "$T/p$d.json" "$u, $n")"
done
for d in stmmac-4.19 stmmac-6.x; do
	[ "$(jget "$T/p$d.json" "$u['blocked'] == 0 and $u['sent'] == 200 and \
$n['tx_done_timer_runs'] >= 150")" = True ] || fail "$d paced: $(jget "$T/p$d.json" "$u, $n")"
done
# A datagram every 2 ms, under the 5 ms hrtimer: 6.x restarts it at every
# xmit, so it runs only after the sender has blocked on its 7 datagrams;
# 7.2 lets it run out 5 ms after the first pending one, and the sender never
# blocks (a run every 6 ms: the timer, then the next datagram arms it).
for d in stmmac-6.x stmmac-7.2; do
	run "f$d" --set host.board.driver=$d --set app.u.interval=2ms
done
[ "$(jget "$T/fstmmac-6.x.json" "$u['blocked'] >= 20 and $u['sent'] < 970 and \
$n['tx_done_timer_runs'] <= $u['blocked'] + 10")" = True ] ||
	fail "6.x every 2 ms: $(jget "$T/fstmmac-6.x.json" "$u, $n")"
[ "$(jget "$T/fstmmac-7.2.json" "$u['blocked'] == 0 and $u['sent'] >= 995 and \
300 <= $n['tx_done_timer_runs'] <= 340")" = True ] ||
	fail "7.2 every 2 ms: $(jget "$T/fstmmac-7.2.json" "$u, $n")"
echo "ok: the 40 ms timer every xmit pushes back starves a small socket (3.18, 4.0); 4.19 and 6.x do not; 6.x's 5 ms hrtimer restarted by each xmit blocks a 2 ms sender, 7.2's does not"

