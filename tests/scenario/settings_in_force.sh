#!/usr/bin/env bash
# What the summary and --json print of a NIC's TX completion is what its
# driver programmed after ethtool -C, not the era's defaults (issue 38).
# A board pings every 10 ms; per driver, the summary's "why" line quotes
# the reclaim words and, where the driver takes ethtool tx-frames, the
# tx-frames in force; the JSON nic.reclaim and txq[].tx_frames agree:
#  - stmmac-6.x, tx-frames 8 tx-usecs 2000: every 8 descriptors + 2 ms;
#    tx-usecs 0 arms no hrtimer (fa60b8163816), tx-usecs 0 with tx-frames
#    0 is refused (stmmac_set_coalesce: EINVAL); stmmac-4.0's tx-usecs 0
#    is a timer of 0 us;
#  - fec-6.x, tx-frames 8 tx-usecs 2000: TXIC0 8 frames or 2000 us;
#    rx-usecs 0 turns RX coalescing off (b7ad21258f9e): the reply is no
#    longer held ~1 ms by RXIC0, the RTT falls below 0.1 ms;
#  - mvneta-3.13 and bcmgenet-6.x, tx-frames 4: tx-frames 4;
#  - tsnep-6.2, rx-usecs 16 (the queue's one interrupt delay): 16 us, and
#    no tx-frames, which tsnep refuses;
#  - igb-6.x, which refuses tx-frames: no "tx-frames" anywhere in the
#    summary, and its EITR setting in force (dynamic by default, 100 us
#    with tx-usecs 100 on separate vectors).
. "$(dirname "$0")/lib.inc"
cat > "$T/p.ini" <<'INI'
[sim]
duration = 300ms
[link]
rate = 1Gbit
[host.dut]
platform = cortex-a9
kernel = 6.x
driver = stmmac-6.x
[host.peer]
platform = x86-64
kernel = 6.x
driver = ideal
[app.ping]
type = ping
host = dut
dest = peer
interval = 10ms
count = 20
INI
n="d['hosts']['dut']['nic']"
# run NAME DRIVER SETTINGS...: the summary in $T/NAME.txt, the JSON in $T/NAME.json
run() {
	local name=$1 drv=$2 a=() s
	shift 2
	for s in "$@"; do a+=(--set "host.dut.$s"); done
	"$NICSIM" run "$T/p.ini" --set host.dut.driver="$drv" "${a[@]}" --json "$T/$name.json" \
		>"$T/$name.txt" 2>&1 || fail "$name: $(cat "$T/$name.txt")"
}
# says NAME TEXT: the summary's why line (and the JSON reclaim) holds TEXT
says() {
	grep -q "why.*$2\|An skb is uncharged.*$2" "$T/$1.txt" || fail "$1: no '$2' in: $(grep -A1 why "$T/$1.txt")"
}
reclaim() {
	[ "$(jget "$T/$1.json" "$n['reclaim']")" = "$2" ] || fail "$1: nic.reclaim $(jget "$T/$1.json" "$n['reclaim']"), want $2"
}
frames() {
	[ "$(jget "$T/$1.json" "$n['txq'][${3:-0}]['tx_frames']")" = "$2" ] || fail "$1: txq tx_frames, want $2"
}

run s6 stmmac-6.x
reclaim s6 "tx-irq every 25 descriptors + 5 ms hrtimer per TX queue (TX NAPI)"
run s6c stmmac-6.x ethtool.tx-frames=8 ethtool.tx-usecs=2000
says s6c "(tx-irq every 8 descriptors + 2 ms hrtimer per TX queue (TX NAPI), tx-frames 8:"
reclaim s6c "tx-irq every 8 descriptors + 2 ms hrtimer per TX queue (TX NAPI)"
frames s6c 8
run s6z stmmac-6.x ethtool.tx-usecs=0
says s6z "(tx-irq every 25 descriptors, no hrtimer (tx-usecs 0), tx-frames 25)"
run s40z stmmac-4.0 ethtool.tx-usecs=0
reclaim s40z "tx-irq every 64 descriptors + 0 us timer"
"$NICSIM" run "$T/p.ini" --set host.dut.ethtool.tx-usecs=0 --set host.dut.ethtool.tx-frames=0 \
	>"$T/zz.txt" 2>&1 && fail "stmmac-6.x took tx-usecs 0 with tx-frames 0"
grep -q "tx-usecs and tx-frames both 0 (stmmac_set_coalesce: EINVAL)" "$T/zz.txt" ||
	fail "stmmac both 0: $(cat "$T/zz.txt")"

run f6 fec-6.x
reclaim f6 "tx-irq after 200 frames or 1000 us (TXIC0)"
run f6c fec-6.x ethtool.tx-frames=8 ethtool.tx-usecs=2000
says f6c "(tx-irq after 8 frames or 2000 us (TXIC0), tx-frames 8:"
frames f6c 8
run f6r fec-6.x ethtool.rx-usecs=0
[ "$(jget "$T/f6.json" "d['apps']['ping']['rtt_us']['min'] > 900")" = True ] ||
	fail "fec-6.x defaults: the reply is not held by RX coalescing"
[ "$(jget "$T/f6r.json" "d['apps']['ping']['rtt_us']['max'] < 100")" = True ] ||
	fail "fec-6.x rx-usecs 0: RX coalescing still on: $(jget "$T/f6r.json" "d['apps']['ping']['rtt_us']")"

run m4 mvneta-3.13 ethtool.tx-frames=4
says m4 "(tx-irq, tx-frames 4"
frames m4 4
run g4 bcmgenet-6.x ethtool.tx-frames=4
says g4 "(tx-irq, tx-frames 4"

run t6 tsnep-6.2 ethtool.rx-usecs=16
says t6 "(tx-irq, delayed 16 us (ECM_INT_DELAY):"

run igb igb-6.x
run igbu igb-6.x txq_number=2 ethtool.tx-usecs=100
for r in igb igbu; do
	! grep -q "tx-frames" "$T/$r.txt" || fail "$r prints tx-frames: $(grep tx-frames "$T/$r.txt")"
done
says igb "EITR (conservative)"
says igbu "EITR 100 us"
echo "ok: stmmac, fec, mvneta, bcmgenet, tsnep and igb print the TX completion settings in force"
