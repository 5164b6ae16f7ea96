#!/usr/bin/env bash
# Memory does not grow with simulated time: the busiest shipped scenario
# (the 2015 one: iperf at line rate beside a ping, ~0.7 M events per
# simulated second) peaks at the same resident size for 2 s and for 8 s
# (within 5 % + 512 KiB: the ping's per-reply records and transcript are
# results and do grow, by about 100 bytes a reply). scripts/soak runs one
# simulated hour and records the size as it goes (docs/robustness.md).
. "$(dirname "$0")/lib.inc"
if ldd "$NICSIM" 2>/dev/null | grep -q libasan; then
	echo "ok: sanitizer build (ASan's quarantine grows by design); soak runs in the plain build"
	exit 0
fi
f=$SRC/scenarios/mvneta-2015-txqueues.ini
peak() {
	python3 -c "
import resource, subprocess, sys
subprocess.run(sys.argv[1:], check=True, stdout=subprocess.DEVNULL)
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)" "$NICSIM" run "$f" -q --set "sim.duration=$1"
}
a=$(peak 2s) || fail "2 s run"
b=$(peak 8s) || fail "8 s run"
[ "$b" -le $((a + a / 20 + 512)) ] || fail "peak RSS grew from $a KiB (2 s) to $b KiB (8 s)"
echo "ok: peak RSS $a KiB for 2 s, $b KiB for 8 s of simulated time"
