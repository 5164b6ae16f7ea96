#!/usr/bin/env bash
# Receive livelock and ksoftirqd. A peer floods the one-CPU Armada 370
# with minimum-size UDP datagrams (far more than it can take in): NAPI
# keeps its budget spent (time_squeeze), __do_softirq hands the rest to
# ksoftirqd, and the CFS scheduler shares the CPU between ksoftirqd and
# the applications, so they still run: a TCP sender on the DUT keeps
# sending and a ping every 10 ms goes out every time, its RTT mostly
# waiting for the CPU. Softirq time in ksoftirqd counts as si; explain
# names the overload (time_squeeze, ksoftirqd) and the RX ring drops.
. "$(dirname "$0")/lib.inc"
f=$SRC/scenarios/mvneta-2014-ping.ini
flood="--set host.dut.ethtool.tx-frames=1 --set app.flood.type=udp --set app.flood.host=peer
	--set app.flood.dest=dut --set app.flood.size=18 --set sim.duration=2s --quiet"
# shellcheck disable=SC2086
"$NICSIM" run "$f" $flood --set app.flood.interval=0s --set app.ping.interval=10ms --set app.ping.count=150 \
	--set app.ping.start=0.2s --json "$T/p.json" || fail "ping under flood"
c="d['hosts']['dut']['cpus'][0]"
[ "$(jget "$T/p.json" "d['apps']['ping']['transmitted']")" = 150 ] ||
	fail "ping starved: $(jget "$T/p.json" "d['apps']['ping']['transmitted']") of 150 sent"
[ "$(jget "$T/p.json" "$c['time_squeeze'] > 100 and $c['ksoftirqd_wakeups'] >= 1")" = True ] ||
	fail "no squeeze/ksoftirqd: $(jget "$T/p.json" "($c['time_squeeze'], $c['ksoftirqd_wakeups'])")"
[ "$(jget "$T/p.json" "0 < $c['ksoftirqd_pct'] <= $c['busy_pct']['si']")" = True ] ||
	fail "ksoftirqd time $(jget "$T/p.json" "$c['ksoftirqd_pct']") not part of si"
[ "$(jget "$T/p.json" "d['apps']['ping']['rtt_split_avg_us']['cpu_wait'] > 50")" = True ] ||
	fail "ping RTT split: $(jget "$T/p.json" "d['apps']['ping']['rtt_split_avg_us']")"

# The TCP sender beside a flood of about 280 k datagrams/s, half again
# what the DUT takes in: its ACKs share the RX ring with the flood, and
# lose as the flood's datagrams do (a flood at full speed drops half of
# them, and the sender then waits for ACKs, not for the CPU).
flood="$flood --set app.flood.rate=40Mbit"
# shellcheck disable=SC2086
"$NICSIM" run "$f" $flood --set app.ping.count=1 --set app.bulk.type=stream \
	--set app.bulk.host=dut --set app.bulk.dest=peer --set app.bulk.start=0.5s \
	--json "$T/s.json" || fail "stream under flood"
[ "$(jget "$T/s.json" "d['apps']['bulk']['goodput_mbps'] > 100")" = True ] ||
	fail "TCP sender starved: $(jget "$T/s.json" "d['apps']['bulk']['goodput_mbps']") Mbit/s"
[ "$(jget "$T/s.json" "$c['busy_pct']['sy'] > 3 and $c['busy_pct']['si'] > 50")" = True ] ||
	fail "CPU split: $(jget "$T/s.json" "$c['busy_pct']")"
# explain names the overload, and the CPU among the sender's limits
# shellcheck disable=SC2086
"$NICSIM" explain "$f" $flood --set app.ping.count=1 --set app.bulk.type=stream \
	--set app.bulk.host=dut --set app.bulk.dest=peer --set app.bulk.start=0.5s >"$T/e.txt" ||
	fail "explain under flood"
grep -q "dropped by dut's NIC for want of an RX descriptor" "$T/e.txt" || fail "explain: no RX drops"
grep -q 'softirq overload: net_rx_action ran out of budget or time [1-9][0-9]* times' "$T/e.txt" ||
	fail "explain: $(cat "$T/e.txt")"
# the sender shares the CPU with ksoftirqd: the CPU is one of its limits
grep -A3 '^\[app\.[^]]*\] stream dut -> peer' "$T/e.txt" | grep -Eq 'main limiter: cpu|also: .*cpu [1-9][0-9]* %' ||
	fail "explain: the sender's CPU limit not named: $(cat "$T/e.txt")"
echo "ok: a flooded CPU still runs its applications through ksoftirqd"
