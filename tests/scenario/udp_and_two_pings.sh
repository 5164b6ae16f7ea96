#!/usr/bin/env bash
# A UDP flood fills the wire; a small SO_SNDBUF makes the sender block
# (sock_alloc_send_pskb) or, non-blocking, get EAGAIN; two pings at once
# each get their own replies.
. "$(dirname "$0")/lib.inc"
f=$SRC/scenarios/mvneta-2014-ping.ini
# an x86 sender, so that the wire, not the sender's CPU, is the limit
flood="--set host.dut.platform=x86-64 --set app.flood.type=udp --set app.flood.host=dut --set app.flood.dest=peer --set app.flood.size=1472 --set app.flood.interval=0s --set sim.duration=1s"
"$NICSIM" run "$f" $flood --json "$T/u.json" >/dev/null || fail "udp run"
u=$(jget "$T/u.json" "d['link']['directions'][0]['utilisation_pct']")
python3 -c "import sys; sys.exit(0 if $u > 95 else 1)" || fail "flood uses only $u% of the wire"
# interval 0 is a loop in one task: it is switched in only after it
# blocked on the send buffer, not per datagram
[ "$(jget "$T/u.json" "d['hosts']['dut']['cpus'][0]['context_switches'] <= d['apps']['flood']['blocked'] + 5")" = True ] ||
	fail "back-to-back sender: $(jget "$T/u.json" "d['hosts']['dut']['cpus'][0]['context_switches']") switches for $(jget "$T/u.json" "d['apps']['flood']['blocked']") blocks"
# with tx-frames 16 the few datagrams a 8 KiB buffer holds are never
# reclaimed: the sender blocks for the rest of the run (the ping bug, for UDP)
"$NICSIM" run "$f" $flood --set app.flood.sndbuf=4096 --json "$T/s.json" >/dev/null || fail "udp stall"
[ "$(jget "$T/s.json" "d['apps']['flood']['sent'] < 10 and d['apps']['flood']['blocked_s'] > 0.99")" = True ] || fail "no stall with tx-frames 16"
flood="$flood --set host.dut.ethtool.tx-frames=1 --set link.rate=100Mbit"
"$NICSIM" run "$f" $flood --set app.flood.sndbuf=4096 --json "$T/b.json" >/dev/null || fail "udp small sndbuf"
[ "$(jget "$T/b.json" "d['apps']['flood']['blocked'] > 100")" = True ] || fail "small sndbuf: sender never blocked"
[ "$(jget "$T/b.json" "d['apps']['flood']['sk_wmem_alloc_peak'] < 8192 + 2304")" = True ] || fail "wmem overshoot"
"$NICSIM" run "$f" $flood --set app.flood.sndbuf=4096 --set app.flood.nonblock=1 --json "$T/n.json" >/dev/null || fail "udp nonblock"
[ "$(jget "$T/n.json" "d['apps']['flood']['eagain'] > 100")" = True ] || fail "nonblock: no EAGAIN"
two="--set app.p2.type=ping --set app.p2.host=dut --set app.p2.dest=peer --set app.p2.count=10 --set app.p2.interval=300ms --set host.dut.ethtool.tx-frames=0"
"$NICSIM" run "$f" $two --json "$T/p.json" >/dev/null || fail "two pings"
[ "$(jget "$T/p.json" "d['apps']['p2']['received']")" = 10 ] || fail "p2 replies"
[ "$(jget "$T/p.json" "d['apps']['ping']['received']")" = 30 ] || fail "ping replies"
echo "ok: udp flood at line rate, blocking and EAGAIN; two pings"
