#!/usr/bin/env bash
# [host.NAME.cost] overrides one host's CPU costs and clock. On the 2013
# Apache row with the RX-poll reclaim (A9, CPU-bound on the Armada 370):
# doubling the page-cache read cost lowers the goodput, a faster clock
# raises it, a slower one lowers it. The JSON lists cost_overrides only
# for a host that has some, and the platform keeps its name. An unknown
# key is refused at FILE:LINE (or --set ARG) with the closest key, exit 2,
# and so is a per-16-byte cost too large for the clock.
# A sweep axis over a cost key runs.
. "$(dirname "$0")/lib.inc"
f=$SRC/scenarios/mvneta-2013-http.ini
set -- --set sim.duration=1s --set host.dut.tx_reclaim=rx-poll --quiet
run() {
	local out=$1
	shift
	"$NICSIM" run "$f" "$@" --json "$T/$out.json" >/dev/null || fail "run $*"
}
g() { jget "$T/$1.json" "d['apps']['http']['goodput_mbps']"; }
run base "$@"
run slow_read "$@" --set host.dut.cost.file_read_x16=280	# armada-370: 140
run fast_clk "$@" --set host.dut.cost.clock=1600		# armada-370: 1200 MHz
run slow_clk "$@" --set host.dut.cost.clock=600
b=$(g base)
lt() { python3 -c "import sys; sys.exit(0 if float(sys.argv[1]) < float(sys.argv[2]) else 1)" "$1" "$2"; }
lt "$(g slow_read)" "$b" || fail "file_read_x16 doubled: goodput $(g slow_read), not below $b"
lt "$b" "$(g fast_clk)" || fail "clock 1600 MHz: goodput $(g fast_clk), not above $b"
lt "$(g slow_clk)" "$b" || fail "clock 600 MHz: goodput $(g slow_clk), not below $b"

h="d['hosts']"
[ "$(jget "$T/base.json" "'cost_overrides' in $h['dut'] or 'cost_overrides' in $h['peer']")" = False ] ||
	fail "cost_overrides without a cost section"
[ "$(jget "$T/slow_read.json" "$h['dut']['cost_overrides'] == {'file_read_x16': 280} and 'cost_overrides' not in $h['peer']")" = True ] ||
	fail "cost_overrides: $(jget "$T/slow_read.json" "$h['dut'].get('cost_overrides')")"
[ "$(jget "$T/fast_clk.json" "$h['dut']['platform']")" = armada-370 ] || fail "platform renamed"

# The same override from the file as from --set.
{ cat "$f"; printf '[host.dut.cost]\nfile_read_x16 = 280\n'; } >"$T/c.ini"
"$NICSIM" run "$T/c.ini" "$@" --json "$T/file.json" >/dev/null || fail "run with [host.dut.cost]"
[ "$(g file)" = "$(g slow_read)" ] || fail "file gives $(g file), --set gives $(g slow_read)"

# Unknown keys, from a file and from --set.
{ cat "$f"; printf '[host.dut.cost]\ngso_segs = 2000\n'; } >"$T/bad.ini"
line=$(wc -l <"$T/bad.ini")
out=$("$NICSIM" run "$T/bad.ini" --json "$T/no.json" 2>&1); rc=$?
[ $rc = 2 ] && echo "$out" | grep -qF "bad.ini:$line: unknown key 'gso_segs' in [host.dut.cost]; did you mean 'gso_seg'?" ||
	fail "unknown cost key (exit $rc): $out"
[ ! -e "$T/no.json" ] || fail "results written for a bad scenario"
out=$("$NICSIM" run "$f" --set host.dut.cost.clok=1 2>&1); rc=$?
[ $rc = 2 ] && echo "$out" | grep -qF -e "--set host.dut.cost.clok=1: unknown key 'clok' in [host.dut.cost]; did you mean 'clock'?" ||
	fail "unknown --set cost key (exit $rc): $out"

# A per-16-byte cost that would make one 1 GiB copy outlast the longest
# run is refused at its origin (CPU clocks stay far from overflow).
out=$("$NICSIM" run "$f" --set host.dut.cost.clock=1 --set host.dut.cost.file_read_x16=1491 2>&1); rc=$?
[ $rc = 2 ] && echo "$out" | grep -qF -e "--set host.dut.cost.file_read_x16=1491: file_read_x16: 1491 cycles per 16 bytes at 1 MHz" ||
	fail "huge file_read_x16 (exit $rc): $out"
"$NICSIM" run "$f" "$@" --set host.dut.cost.clock=1 --set host.dut.cost.file_read_x16=1490 >/dev/null ||
	fail "file_read_x16 at its limit refused"

# A sweep over a cost key: the slower read, the lower the goodput.
"$NICSIM" sweep "$f" --set sim.duration=1s --set host.dut.tx_reclaim=rx-poll \
	--axis host.dut.cost.file_read_x16=140,280 --metric apps.http.goodput_mbps \
	--out "$T/sweep" >/dev/null 2>&1 || fail "sweep over host.dut.cost.file_read_x16"
python3 - "$T/sweep/results.csv" <<'PY' || fail "sweep results: $(cat "$T/sweep/results.csv")"
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
g = {r['host.dut.cost.file_read_x16']: float(r['apps.http.goodput_mbps']) for r in rows}
sys.exit(0 if len(g) == 2 and g["280"] < g["140"] else 1)
PY
echo "ok: [host.NAME.cost] overrides move the CPU-bound goodput the right way"
