#!/usr/bin/env bash
# Every ping's RTT split (also on the 4-core Armada XP beside an iperf) (stack, TX ring, wire, peer, RX coalescing, CPU
# wait, RX stack) sums to its RTT: exactly in picoseconds, so within the
# microsecond ping prints. Checked alone, behind a UDP flood, and with the
# 3.8 timer driver; beside the iperf with the ping's queue above iperf's
# (under fixed priority a queue below would starve).
. "$(dirname "$0")/lib.inc"
f=$SRC/scenarios/mvneta-2014-ping.ini
flood="--set host.dut.txq_number=1 --set app.flood.type=udp --set app.flood.host=dut --set app.flood.dest=peer --set app.flood.size=1472 --set app.flood.interval=0s --set host.dut.platform=x86-64"
i=0
for args in "--set host.dut.ethtool.tx-frames=1" \
	    "--set host.dut.ethtool.tx-frames=1 --set sim.duration=3s --set app.ping.interval=100ms $flood" \
	    "--set host.dut.driver=mvneta-3.8" \
	    "TXQ --set sim.duration=3s --set app.iperf.hash_pick=2 --set app.ping.hash_pick=5"; do
	i=$((i + 1))
	file=$f
	case "$args" in TXQ*) file=$SRC/scenarios/mvneta-2015-txqueues.ini; args=${args#TXQ};; esac
	"$NICSIM" run "$file" $args --json "$T/$i.json" >/dev/null || fail "run $i"
	python3 - "$T/$i.json" <<'PY' || fail "split does not add up in run $i"
import json, sys
p = json.load(open(sys.argv[1]))['apps']['ping']
assert p['replies'], 'no replies'
for r in p['replies']:
    s = sum(r['split_us'].values())
    assert all(v >= 0 for v in r['split_us'].values()), r
    assert abs(s - r['rtt_us']) < 1.0 + 1e-6, (r['seq'], s, r['rtt_us'])
PY
done
# behind the flood the time is in the TX ring, not on the wire
[ "$(jget "$T/2.json" "d['apps']['ping']['rtt_split_avg_us']['tx_ring'] > 100")" = True ] || fail "flood: ring wait not seen"
echo "ok: RTT parts sum to the RTT of every ping"
