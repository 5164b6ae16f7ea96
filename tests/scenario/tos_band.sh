#!/usr/bin/env bash
# app.NAME.tos (IP_TOS) picks the pfifo_fast band through sk_priority: a
# ping behind a UDP flood's qdisc backlog waits milliseconds in band 1;
# with tos 0x10 (LOWDELAY -> TC_PRIO_INTERACTIVE -> band 0) it jumps the
# backlog and only the ring remains. The full qdisc still drops it now and
# then (pfifo_fast's limit counts all bands), so only the time is checked.
# One TX queue, so the ping and the flood share it whatever the flow hash.
. "$(dirname "$0")/lib.inc"
f=$SRC/scenarios/mvneta-2014-ping.ini
set -- --set host.dut.txq_number=1 --set app.flood.type=udp --set app.flood.host=dut --set app.flood.dest=peer \
	--set app.flood.size=1472 --set app.flood.interval=0s --set host.dut.platform=armada-xp \
	--set host.dut.driver=mvneta-3.18 --set host.dut.kernel=4.4 --set host.dut.ethtool.tx-frames=1 \
	--set host.dut.sysctl.wmem_default=4MiB --set host.dut.sysctl.wmem_max=4MiB \
	--set sim.duration=2s --set app.ping.interval=100ms
"$NICSIM" run "$f" "$@" --json "$T/be.json" >/dev/null || fail "best-effort run"
"$NICSIM" run "$f" "$@" --set app.ping.tos=0x10 --json "$T/ld.json" >/dev/null || fail "lowdelay run"
be=$(jget "$T/be.json" "d['apps']['ping']['rtt_split_avg_us']['qdisc']")
ld=$(jget "$T/ld.json" "d['apps']['ping']['rtt_split_avg_us']['qdisc']")
[ "$(python3 -c "print($be > 1000 and $ld * 3 < $be)")" = True ] ||
	fail "qdisc time: best effort $be us, lowdelay $ld us"
echo "ok: tos 0x10 takes the ping past the bulk backlog ($be -> $ld us)"
