#!/usr/bin/env bash
# [switch]: three hosts, two TCP senders at 1 Gbit/s each into one
# receiver at 1 Gbit/s. The receiver's switch port is the bottleneck: its
# FIFO fills to its byte limit and drops (tail drop), the senders' ports
# queue nothing, and the two flows' goodputs sum to about the line rate
# (TCP over 1500-byte frames carries at most 1448 of every 1538 wire
# bytes: 941.5 Mbit/s). A packet limit caps the FIFO in frames instead.
# The switch.port.H.backlog probe shows where the queue is.
. "$(dirname "$0")/lib.inc"
cat >"$T/sw.ini" <<'INI'
[sim]
duration = 1s
[link]
rate = 1Gbit
[switch]
[host.a]
driver = ideal
[host.b]
driver = ideal
[host.c]
driver = ideal
[app.s1]
type = stream
host = a
dest = c
[app.s2]
type = stream
host = b
dest = c
INI
"$NICSIM" run "$T/sw.ini" --check --quiet --json "$T/sw.json" || fail "run"
p="d['switch']['ports']"
[ "$(jget "$T/sw.json" "$p['c']['drops'] > 0 and \
24000 < $p['c']['max_backlog_bytes'] <= d['switch']['limit_bytes'] == 32768")" = True ] ||
	fail "receiver's port: $(jget "$T/sw.json" "$p['c']")"
[ "$(jget "$T/sw.json" "$p['a']['drops'] == $p['b']['drops'] == 0 and \
$p['a']['max_backlog_bytes'] < 1514 and $p['b']['max_backlog_bytes'] < 1514")" = True ] ||
	fail "senders' ports: $(jget "$T/sw.json" "$p['a'], $p['b']")"
[ "$(jget "$T/sw.json" "880 < d['apps']['s1']['goodput_mbps'] + d['apps']['s2']['goodput_mbps'] <= 941.5 and \
d['apps']['s1']['goodput_mbps'] > 100 and d['apps']['s2']['goodput_mbps'] > 100")" = True ] ||
	fail "goodputs $(jget "$T/sw.json" "d['apps']['s1']['goodput_mbps'], d['apps']['s2']['goodput_mbps']")"
# what c's port sent is what c's link carried to it
[ "$(jget "$T/sw.json" "$p['c']['tx_frames'] == d['link']['directions'][5]['frames'] and \
d['link']['directions'][5]['from'] == 'switch' and d['link']['directions'][5]['to'] == 'c'")" = True ] ||
	fail "link directions: $(jget "$T/sw.json" "d['link']['directions']")"
"$NICSIM" run "$T/sw.ini" --check --quiet --set switch.limit_packets=5 --json "$T/p5.json" ||
	fail "limit_packets run"
[ "$(jget "$T/p5.json" "$p['c']['max_backlog_packets'] == 5 and \
$p['c']['max_backlog_bytes'] <= 5 * 1514 and $p['c']['drops'] > 0")" = True ] ||
	fail "limit_packets 5: $(jget "$T/p5.json" "$p['c']")"
# the summary names the port and its drops
"$NICSIM" run "$T/sw.ini" >"$T/out.txt" || fail "summary run"
grep -q "^switch port c: 1000.0 Mbit/s link, [0-9]* frames out, [1-9][0-9]* dropped" "$T/out.txt" ||
	fail "summary: $(grep switch "$T/out.txt")"
# the port's backlog probe sees the FIFO fill; the senders' ports stay empty
"$NICSIM" run "$T/sw.ini" -q --set sim.duration=200ms --trace 'switch.port.*.backlog' \
	--trace-out "$T/tr.csv" || fail "trace run"
python3 - "$T/tr.csv" <<'PY' || fail "backlog probe"
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
top = {h: max(float(r[f"switch.port.{h}.backlog"]) for r in rows) for h in "abc"}
sys.exit(not (20000 < top["c"] <= 32768 and top["a"] < 1514 and top["b"] < 1514))
PY
# the report draws the ports' FIFOs
"$NICSIM" run "$T/sw.ini" -q --set sim.duration=100ms --report "$T/rep" || fail "report run"
[ -s "$T/rep/switch.svg" ] && grep -q "Switch port output FIFOs" "$T/rep/index.html" ||
	fail "no switch plot in the report"
echo ok
