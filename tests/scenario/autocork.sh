#!/usr/bin/env bash
# TCP autocorking (3.14+, tcp_should_autocork in tcp_push): at the end of
# each write, iperf's last, partial skb waits while earlier skbs of the
# socket are still in the qdisc or the driver, and TX completion sends it.
# The 2015 Armada XP iperf (kernel 4.4) corks; turning the sysctl off, or
# a 3.12 kernel (before autocorking), never does, and 3.12 has no
# tcp_autocorking to set. The link stays saturated either way.
. "$(dirname "$0")/lib.inc"
f=$SRC/scenarios/mvneta-2015-txqueues.ini
run() { local o=$1; shift; "$NICSIM" run "$f" --set sim.duration=2s "$@" --json "$T/$o.json" >/dev/null || fail "run $o"; }
i="d['apps']['iperf']"
run on
run off --set host.dut.sysctl.tcp_autocorking=0
run old --set host.dut.kernel=3.12
out=$("$NICSIM" run "$f" --set host.dut.kernel=3.12 --set host.dut.sysctl.tcp_autocorking=1 2>&1); rc=$?
[ $rc = 2 ] && echo "$out" | grep -q "^--set host.dut.sysctl.tcp_autocorking=1: kernel '3.12' has no sysctl net.ipv4.tcp_autocorking (No such file or directory: it came with 3.14)$" ||
	fail "tcp_autocorking on 3.12 not refused: $rc $out"
[ "$(jget "$T/on.json" "$i['autocorks'] > 100")" = True ] || fail "4.4: $(jget "$T/on.json" "$i['autocorks']") autocorks"
for o in off old; do
	[ "$(jget "$T/$o.json" "$i['autocorks']")" = 0 ] || fail "$o: $(jget "$T/$o.json" "$i['autocorks']") autocorks"
done
for o in on off old; do
	[ "$(jget "$T/$o.json" "$i['goodput_mbps'] > 935")" = True ] || fail "$o: $(jget "$T/$o.json" "$i['goodput_mbps']") Mbit/s"
done
echo "ok: 4.4 autocorks, the sysctl and older kernels do not; the link stays full"
