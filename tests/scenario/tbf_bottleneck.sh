#!/usr/bin/env bash
# tbf as the root qdisc (host.NAME.qdisc = tbf): a TCP stream and a ping
# through tbf rate 10Mbit burst 10KiB on a 1 Gbit/s link. The goodput is
# bounded by the tbf rate (tbf sends at most rate x time + burst), the
# ping's RTT grows with the limit (a full bfifo waits limit / rate: 24.6 ms
# for 30 KiB, 73.7 ms for 90 KiB), drops are counted as tc -s counts them,
# latency sets limit = rate x latency + burst as tc does, and --check holds.
# tc's refusals come back at FILE:LINE, and a tbf option without qdisc =
# tbf, and a root tbf over several TX queues, are refused.
. "$(dirname "$0")/lib.inc"
cat >"$T/tbf.ini" <<'INI'
[sim]
duration = 5s
[link]
rate = 1Gbit
[host.dut]
driver = ideal
qdisc = tbf
tbf_rate = 10Mbit
tbf_burst = 10KiB
tbf_limit = 30KiB
[host.peer]
driver = ideal
[app.bulk]
type = stream
host = dut
dest = peer
[app.ping]
type = ping
host = dut
dest = peer
interval = 100ms
INI
qd="d['hosts']['dut']['nic']['txq'][0]['qdisc']"
"$NICSIM" run "$T/tbf.ini" --check --quiet --json "$T/30k.json" || fail "30 KiB run"
"$NICSIM" run "$T/tbf.ini" --check --quiet --set host.dut.tbf_limit=90KiB --json "$T/90k.json" ||
	fail "90 KiB run"
[ "$(jget "$T/30k.json" "$qd['kind'] == 'tbf' and $qd['rate_bytes_ps'] == 1250000 and \
$qd['buffer_ns'] == 8192000 and $qd['max_size'] == 10240 and $qd['limit'] == 30720")" = True ] ||
	fail "tbf parameters: $(jget "$T/30k.json" "$qd")"
# bounded by the rate: sent <= 1250000 B/s x 5 s + the 10 KiB burst; goodput near it
[ "$(jget "$T/30k.json" "$qd['sent_bytes'] <= 1250000 * 5 + 10240 and \
8.5 < d['apps']['bulk']['goodput_mbps'] <= 10.0")" = True ] ||
	fail "goodput $(jget "$T/30k.json" "d['apps']['bulk']['goodput_mbps']"), sent $(jget "$T/30k.json" "$qd['sent_bytes']")"
# the RTT: at most limit / rate (+ one frame's wait for tokens), and 3x longer for a 3x limit
[ "$(jget "$T/30k.json" "d['apps']['ping']['rtt_us']['max'] < 30720 / 1.25 + 1300 and \
d['apps']['ping']['rtt_us']['avg'] > 5000")" = True ] ||
	fail "30 KiB RTT $(jget "$T/30k.json" "d['apps']['ping']['rtt_us']")"
a30=$(jget "$T/30k.json" "d['apps']['ping']['rtt_us']['avg']")
[ "$(jget "$T/90k.json" "d['apps']['ping']['rtt_us']['max'] < 92160 / 1.25 + 1300 and \
d['apps']['ping']['rtt_us']['avg'] > 2.2 * $a30")" = True ] ||
	fail "90 KiB RTT $(jget "$T/90k.json" "d['apps']['ping']['rtt_us']") vs 30 KiB avg $a30"
# drops: tc -s's dropped, also the qdisc's drops; TCP saw losses
[ "$(jget "$T/30k.json" "$qd['dropped'] > 0 and $qd['dropped'] == $qd['drops'] and \
$qd['overlimits'] > 1000 and d['apps']['bulk']['retransmits'] > 0")" = True ] ||
	fail "drops: $(jget "$T/30k.json" "$qd")"
# latency 20 ms: limit = 1250000 x 0.02 + 10240
sed 's/^tbf_limit = .*/tbf_latency = 20ms/' "$T/tbf.ini" >"$T/lat.ini"
"$NICSIM" run "$T/lat.ini" --quiet --json "$T/lat.json" 2>"$T/lat.err" || fail "latency run: $(cat "$T/lat.err")"
[ "$(jget "$T/lat.json" "$qd['limit']")" = 35240 ] || fail "latency 20ms: limit $(jget "$T/lat.json" "$qd['limit']")"
# tc's refusals, all at once as tc prints them
printf '[host.dut]\nqdisc = tbf\ntbf_limit = 3000\ntbf_latency = 5ms\n[host.peer]\n' >"$T/bad.ini"
out=$("$NICSIM" run "$T/bad.ini" 2>&1); rc=$?
[ $rc = 2 ] && echo "$out" | grep -q 'bad.ini:4: tbf: specifying both "limit" and "/latency" is not allowed' &&
	echo "$out" | grep -q 'bad.ini:2: tbf: the "rate" parameter is mandatory' &&
	echo "$out" | grep -q 'bad.ini:2: tbf: the "burst" parameter is mandatory' || fail "tc's errors: $out"
printf '[host.dut]\nqdisc = tbf\ntbf_rate = 1Mbit\ntbf_burst = 3000\n[host.peer]\n' >"$T/bad2.ini"
out=$("$NICSIM" run "$T/bad2.ini" 2>&1); rc=$?
[ $rc = 2 ] && echo "$out" | grep -q 'bad2.ini:2: tbf: either "limit" or "latency" is required' ||
	fail "no limit: $out"
printf '[host.dut]\nqdisc = pfifo_fast\ntbf_rate = 1Mbit\n[host.peer]\n' >"$T/bad3.ini"
out=$("$NICSIM" run "$T/bad3.ini" 2>&1); rc=$?
[ $rc = 2 ] && echo "$out" | grep -q "bad3.ini:3: tbf_rate takes effect only with qdisc = tbf (this host has pfifo_fast)" ||
	fail "tbf option on pfifo_fast: $out"
out=$("$NICSIM" run "$T/tbf.ini" --set host.dut.driver=mvneta-3.18 --set host.dut.platform=armada-xp \
	--set host.dut.txq_number=8 2>&1); rc=$?
[ $rc = 2 ] && echo "$out" | grep -q "tbf.ini:7: qdisc = tbf: dut has 8 TX queues" || fail "several TX queues: $out"
echo "ok: tbf shapes to its rate, its limit sets the ping's RTT"
