#!/usr/bin/env bash
# TCP through the mvneta eras: physical outcomes that must hold whatever
# the calibration. Short runs (3 s).
. "$(dirname "$0")/lib.inc"
f=$SRC/scenarios/mvneta-2013-netperf.ini
run() { local o=$1; shift; "$NICSIM" run "$f" --set sim.duration=3s "$@" --json "$T/$o.json" >/dev/null || fail "run $o"; }
g() { jget "$T/$1.json" "d['apps']['netperf']$2"; }
run timer
run rxpoll --set host.dut.tx_reclaim=rx-poll
run txirq --set host.dut.tx_reclaim=tx-irq --set host.dut.ethtool.tx-frames=0
run hr --set host.dut.tx_reclaim=hrtimer --set host.dut.ethtool.tx-usecs=100
run rx --set app.netperf.host=peer --set app.netperf.dest=dut
# goodput never exceeds what 1448-byte segments can carry on 1 Gbit/s
for o in timer rxpoll txirq hr rx; do
	python3 -c "import sys; sys.exit(0 if $(g $o "['goodput_mbps']") <= 941.6 else 1)" || fail "$o above line rate"
done
# reclaiming only from a 10 ms timer costs throughput; per-packet IRQs do not
python3 -c "import sys; sys.exit(0 if $(g timer "['goodput_mbps']") < 0.5 * $(g rxpoll "['goodput_mbps']") else 1)" || fail "timer reclaim not slower"
python3 -c "import sys; sys.exit(0 if $(g txirq "['goodput_mbps']") > 900 else 1)" || fail "tx-irq below line rate"
python3 -c "import sys; sys.exit(0 if $(g hr "['goodput_mbps']") > 900 else 1)" || fail "100 us hrtimer below line rate"
# the limiter the sampling names
[ "$(g timer "['limited_by_main']")" = tsq ] || fail "timer reclaim: limiter $(g timer "['limited_by_main']"), want tsq"
[ "$(g rxpoll "['limited_by_main']")" = link ] || fail "rx-poll: limiter $(g rxpoll "['limited_by_main']"), want link"
# the timer really runs, the TSQ throttle really engages
[ "$(jget "$T/timer.json" "d['hosts']['dut']['nic']['tx_done_timer_runs'] > 200")" = True ] || fail "timer runs"
[ "$(g timer "['tsq_throttles'] > 100")" = True ] || fail "no TSQ throttling with timer reclaim"
# software TSO (mvneta-6.x): line rate for less CPU than GSO segmentation
run gso --set host.dut.kernel=6.x --set host.dut.driver=mvneta-3.13 --set host.dut.ethtool.tx-frames=0
run tso --set host.dut.kernel=6.x --set host.dut.driver=mvneta-6.x
cpu() { jget "$T/$1.json" "sum(d['hosts']['dut']['cpus'][0]['busy_pct'].values())"; }
python3 -c "import sys; sys.exit(0 if $(g tso "['goodput_mbps']") > 935 and $(cpu tso) < $(cpu gso) else 1)" \
	|| fail "TSO: $(g tso "['goodput_mbps']") Mbit/s at $(cpu tso)% CPU vs GSO $(cpu gso)%"
# same run twice: byte-identical
"$NICSIM" run "$f" --set sim.duration=3s --json "$T/again.json" >/dev/null
cmp -s "$T/timer.json" "$T/again.json" || fail "TCP run not deterministic"
echo "ok: reclaim policies order as expected; limiters named; deterministic"
