#!/usr/bin/env bash
# nicsim sweep: the same CSV (and JSONL) with -j 1, -j 2 and, when this
# nicsim is built with MPI, mpirun -n 2; exactly one CSV in DIR; a point's
# results equal `nicsim run --set`; the shipped example has its documented
# shape; progress on stderr only when it is a terminal. The mpirun part runs with ASAN_OPTIONS=detect_leaks=0: Open MPI's
# own allocations are reported as leaks at exit (the same point code is
# leak-checked by the -j runs).
. "$(dirname "$0")/lib.inc"
f=$SRC/scenarios/mvneta-2014-ping.ini
ax="--axis host.dut.ethtool.tx-frames=1,2,4,8,16"
"$NICSIM" sweep "$f" $ax -j 1 --out "$T/A" >"$T/A.out" 2>"$T/A.err" || fail "sweep -j 1"
[ ! -s "$T/A.err" ] || fail "stderr of a sweep on no terminal: $(head -c 300 "$T/A.err")"
"$NICSIM" sweep "$f" $ax -j 2 --out "$T/B" >/dev/null || fail "sweep -j 2"
[ "$(find "$T/A" -name '*.csv' | wc -l)" = 1 ] || fail "not exactly one CSV in DIR"
cmp -s "$T/A/results.csv" "$T/B/results.csv" || fail "CSV differs between -j 1 and -j 2"
cmp -s "$T/A/results.jsonl" "$T/B/results.jsonl" || fail "JSONL differs between -j 1 and -j 2"
[ "$(wc -l <"$T/A/results.jsonl")" = 5 ] || fail "not one JSON line per point"
grep -q '^host.dut.ethtool.tx-frames,apps.ping.transmitted,apps.ping.received,apps.ping.loss_pct,apps.ping.enobufs,' \
	"$T/A/results.csv" || fail "default columns: $(head -1 "$T/A/results.csv")"
grep -q "tx-frames.*enobufs" "$T/A.out" || fail "no summary table"
echo "ok: -j 1 and -j 2 give the same CSV and JSONL"

if "$NICSIM" sweep --help | grep -q "MPI support in this build: yes"; then
	command -v mpirun >/dev/null || fail "nicsim has MPI but mpirun is missing (scripts/bootstrap --check)"
	ASAN_OPTIONS=detect_leaks=0 mpirun --allow-run-as-root --oversubscribe -n 2 \
		"$NICSIM" sweep "$f" $ax --out "$T/C" >"$T/C.out" 2>&1 || { cat "$T/C.out"; fail "mpirun -n 2"; }
	cmp -s "$T/A/results.csv" "$T/C/results.csv" || fail "CSV differs under mpirun -n 2"
	cmp -s "$T/A/results.jsonl" "$T/C/results.jsonl" || fail "JSONL differs under mpirun -n 2"
	echo "ok: mpirun -n 2 gives the same CSV and JSONL"
else
	echo "note: nicsim built without MPI, mpirun not tried"
fi

# a point is `nicsim run FILE --set`, with the scenario's own seed
"$NICSIM" run "$f" --set host.dut.ethtool.tx-frames=8 --json "$T/run8.json" >/dev/null || fail "run"
python3 - "$T/A/results.jsonl" "$T/run8.json" <<'PY' || fail "point 3 is not nicsim run --set tx-frames=8"
import json, sys
pts = [json.loads(l) for l in open(sys.argv[1])]
assert [p['point'] for p in pts] == list(range(5))
p = pts[3]
assert p['set'] == {'host.dut.ethtool.tx-frames': '8'} and p['repeat'] == 0 and p['seed'] == 1, p
assert p['results'] == json.load(open(sys.argv[2]))
PY
echo "ok: a point's results are those of nicsim run --set"

# the shipped example: no ENOBUFS up to tx-frames 5, the 2014 symptom from 6
"$NICSIM" sweep "$SRC/scenarios/ping-tx-frames.sweep" -j 2 --out "$T/P" >/dev/null || fail "example sweep"
python3 - "$T/P/results.csv" <<'PY' || fail "example sweep shape"
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
assert len(rows) == 32, len(rows)
for r in rows:
    t = int(r['host.dut.ethtool.tx-frames'])
    if t <= 5:
        assert r['apps.ping.enobufs'] == '0' and r['apps.ping.received'] == '30', r
    else:
        assert r['apps.ping.enobufs'] == '43' and r['apps.ping.first_error_seq'] == '7', r
        assert r['apps.ping.skbs_held_at_end'] == '6', r
PY
echo "ok: example sweep: ENOBUFS from tx-frames 6 up, none below"

# the other shipped sweep: line rate throughout, fewer TX-done interrupts
# and less CPU as tx-frames grows from 1 to 16
"$NICSIM" sweep "$SRC/scenarios/txframes-cpu.sweep" -j 2 --out "$T/TXC" >/dev/null || fail "cpu sweep"
python3 - "$T/TXC/results.csv" <<'PY' || fail "cpu sweep shape"
import csv, sys
rows = {int(r['host.dut.ethtool.tx-frames']): r for r in csv.DictReader(open(sys.argv[1]))}
assert sorted(rows) == [0, 1, 2, 4, 8, 16, 32], sorted(rows)
f = lambda t, k: float(rows[t][k])
for t in rows:
    assert f(t, 'apps.iperf.goodput_mbps') > 935, rows[t]
for a, b in ((1, 2), (2, 4), (4, 8), (8, 16), (16, 32)):
    assert f(b, 'hosts.dut.nic.irqs_tx_done') < f(a, 'hosts.dut.nic.irqs_tx_done'), (a, b)
assert f(1, 'hosts.dut.cpus.0.busy_total_pct') - f(16, 'hosts.dut.cpus.0.busy_total_pct') > 5
PY
echo "ok: tx-frames sweep: line rate, interrupts and CPU fall as the threshold grows"

# progress only on a terminal (script(1) gives it a pty), same results
if command -v script >/dev/null; then
	script -qec "'$NICSIM' sweep '$f' $ax -j 2 --out '$T/tty' >/dev/null" "$T/tty.log" >/dev/null ||
		fail "sweep on a pty"
	grep -q "5/5 points, .* points/s, ETA" "$T/tty.log" || fail "no progress on a pty: $(cat -v "$T/tty.log")"
	cmp -s "$T/A/results.csv" "$T/tty/results.csv" || fail "CSV differs on a pty"
	echo "ok: progress on a terminal only"
fi
