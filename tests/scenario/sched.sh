#!/usr/bin/env bash
# Several processes on one CPU (the CFS-like scheduler, src/kernel/sched/sched.h):
# two CPU-bound HTTP servers on a one-core Armada 370 share it in time
# slices (each about half of what one gets alone), and a ping on the same
# CPU is not held behind them (its wakeups preempt).
. "$(dirname "$0")/lib.inc"
cat >"$T/two.ini" <<'INI'
[sim]
duration = 2s
[link]
rate = 1Gbit
[host.dut]
platform = armada-370
kernel = 4.4
driver = mvneta-4.4
[host.peer]
platform = x86-64
kernel = 4.4
driver = ideal
[app.a]
type = http
host = dut
dest = peer
size = 512
[app.b]
type = http
host = dut
dest = peer
size = 512
[app.ping]
type = ping
host = dut
dest = peer
interval = 100ms
start = 500ms
INI
"$NICSIM" run "$T/two.ini" -q --json "$T/two.json" || fail "two servers"
"$NICSIM" run "$T/two.ini" -q --set app.b.start=1999ms --json "$T/one.json" || fail "one server"
python3 - "$T" <<'PY' || fail "time slicing"
import json, sys
T = sys.argv[1]
two, one = (json.load(open(f"{T}/{n}.json")) for n in ("two", "one"))
a, b = two["apps"]["a"], two["apps"]["b"]
alone = one["apps"]["a"]["goodput_mbps"]
assert a["limited_by_main"] == "cpu", a["limited_by"]
for x in (a, b):	# half each, within 10 %
    assert abs(x["goodput_mbps"] - alone / 2) < 0.1 * alone / 2, (x["goodput_mbps"], alone)
    # one CPU: 6 ms latency, 3 ms slices -> about one preemption per 6 ms each
    assert 250 < x["task"]["preempted"] < 420, x["task"]
# alone it is preempted only by the ping (send and reply wakeups)
assert one["apps"]["a"]["task"]["preempted"] < 50, one["apps"]["a"]["task"]
p = two["apps"]["ping"]
assert p["received"] == 15 and p["rtt_split_avg_us"]["cpu_wait"] < 50, p["rtt_split_avg_us"]
print(f"ok: alone {alone:.1f} Mbit/s; together {a['goodput_mbps']:.1f} + {b['goodput_mbps']:.1f},"
      f" {a['task']['preempted']} + {b['task']['preempted']} preemptions;"
      f" ping waits {p['rtt_split_avg_us']['cpu_wait']:.1f} us for the CPU")
PY
