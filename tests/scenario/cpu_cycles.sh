#!/usr/bin/env bash
# Where a CPU's cycles went: every charge names a platform cost, so the
# cycles by cost add up to the CPU's busy time (to rounding) on every
# shipped scenario; raising one cost raises its own share; explain names
# the largest ones for a CPU-bound flow.
. "$(dirname "$0")/lib.inc"
for s in "$SRC"/scenarios/*.ini; do
	"$NICSIM" run "$s" --set sim.duration=3s --json "$T/c.json" >/dev/null || fail "run $s"
	python3 - "$T/c.json" "$s" <<'PY' || fail "cycles by cost do not add up to busy time in $s"
import json, sys
d = json.load(open(sys.argv[1]))
for name, h in d['hosts'].items():
    hz = {'armada-370': 1.2e9, 'armada-xp': 1.6e9, 'armada-385': 1.6e9, 'ast2600': 1.2e9, 'cortex-a53': 1.2e9, 'x86-64': 3e9}[h['platform']]
    for c in h['cpus']:
        busy_s = sum(c['busy_pct'].values()) / 100 * d['nicsim']['duration_s']
        cyc_s = sum(c['cycles'].values()) / hz
        # a charge that runs past the end counts in full: allow 1 ms
        assert abs(cyc_s - busy_s) <= 1e-3 + 1e-4 * busy_s, (sys.argv[2], name, c['cpu'], cyc_s, busy_s)
PY
done
f=$SRC/scenarios/mvneta-2013-http.ini
"$NICSIM" run "$f" --set sim.duration=2s --json "$T/a.json" >/dev/null || fail run
"$NICSIM" run "$f" --set sim.duration=2s --set host.dut.cost.wakeup=30000 --json "$T/b.json" >/dev/null || fail run
python3 - "$T/a.json" "$T/b.json" <<'PY' || fail "a dearer wakeup did not take a larger share"
import json, sys
def share(p):
    c = json.load(open(p))['hosts']['dut']['cpus'][0]['cycles']
    return c['wakeup'] / sum(c.values())
sys.exit(0 if share(sys.argv[2]) > 2 * share(sys.argv[1]) else 1)
PY
"$NICSIM" explain "$f" --set sim.duration=2s --set host.dut.cost.clock=300 >"$T/e.txt" || fail explain
grep -q "main limiter: cpu" "$T/e.txt" && grep -q "where its cycles went: file_read_x16" "$T/e.txt" ||
	fail "explain does not name the CPU's largest cost: $(cat "$T/e.txt")"
echo "ok: cycles by cost add up to busy time; a dearer cost shows; explain names the largest"
