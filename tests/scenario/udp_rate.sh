#!/usr/bin/env bash
# app.NAME.rate paces a UDP sender as iperf -b does: datagram k is due at
# start + k x size x 8 / rate, whatever each send costs (an interval adds
# to the send's cost instead). The summary names the app and gives what
# iperf's server reports: Mbit/s, pps and loss.
. "$(dirname "$0")/lib.inc"
f=$SRC/scenarios/mvneta-2014-ping.ini
u="--set app.b.type=udp --set app.b.host=dut --set app.b.dest=peer --set app.b.size=1250 --set sim.duration=1000500us"
# 10 Mbit/s of 1250-byte datagrams: 1000 per second, one due every 1 ms
# (the run ends 0.5 ms after the last, so that a timer on the CPU at 1 s
# cannot push it out)
"$NICSIM" run "$f" $u --set app.b.rate=10Mbit --json "$T/r.json" >"$T/r.txt" || fail "rate run"
[ "$(jget "$T/r.json" "d['apps']['b']['sent']")" = 1001 ] || fail "10 Mbit/s for 1 s sent $(jget "$T/r.json" "d['apps']['b']['sent']"), want 1001 (t = 0, 1 ms ... 1 s; the run ends 0.5 ms later)"
grep -q '^\[app.b\] udp dut -> peer: 1001 sent, 1001 received, 0 lost (0.00 %); received 10.00 Mbit/s, 1000 pps' "$T/r.txt" ||
	fail "udp summary: $(grep 'udp dut' "$T/r.txt")"
grep -q '^\[app.ping\] ping dut -> peer' "$T/r.txt" || fail "the ping's summary does not name its app"
# each send costs about 0.5 ms of the Armada 370's 1.2 GHz core: the rate
# still holds, an interval of 1 ms does not
slow="--set host.dut.cost.udp_sendmsg=600000"
"$NICSIM" run "$f" $u $slow --set app.b.rate=10Mbit --json "$T/s.json" >/dev/null || fail "slow rate run"
[ "$(jget "$T/s.json" "d['apps']['b']['sent']")" = 1001 ] || fail "a costly send broke the pacing: $(jget "$T/s.json" "d['apps']['b']['sent']") sent"
"$NICSIM" run "$f" $u $slow --set app.b.interval=1ms --json "$T/i.json" >/dev/null || fail "slow interval run"
n=$(jget "$T/i.json" "d['apps']['b']['sent']")
[ "$n" -lt 700 ] || fail "interval 1ms with 0.5 ms sends sent $n: the send cost should add to the interval"
# a rate above what the CPU can send: back to back, behind the schedule
"$NICSIM" run "$f" $u $slow --set app.b.rate=100Mbit --json "$T/b.json" >/dev/null || fail "saturated rate run"
m=$(jget "$T/b.json" "d['apps']['b']['sent']")
[ "$m" -gt 1500 ] && [ "$m" -lt 10001 ] || fail "saturated sender sent $m"
# loss as iperf's server counts it: a lossy wire loses datagrams
"$NICSIM" run "$f" $u --set app.b.rate=10Mbit --set link.loss=10% --set link.loss_from=dut --json "$T/l.json" >/dev/null || fail "lossy run"
python3 - "$T/l.json" <<'PY' || fail "loss accounting"
import json, sys
b = json.load(open(sys.argv[1]))['apps']['b']
assert 0 <= b['sent'] - b['received'] - b['lost'] <= 2, b  # the last may be in flight
assert 5 < b['loss_pct'] < 15, b
PY
# refused: rate with interval, rate on a ping, rate with size 0
for bad in "--set app.b.rate=1Mbit --set app.b.interval=1ms" "--set app.ping.rate=1Mbit" "--set app.b.rate=1Mbit --set app.b.size=0"; do
	"$NICSIM" run "$f" $u $bad >/dev/null 2>"$T/e"; rc=$?
	[ $rc = 2 ] || fail "$bad: exit $rc, want 2"
	grep -q 'rate' "$T/e" || fail "$bad: $(cat "$T/e")"
done
echo "ok: rate-paced UDP, summaries name their apps"
